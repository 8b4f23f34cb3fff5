/** Reading a server-rendered page and what rendering it asked of the API (server-rendering.test). */
import type { Page } from 'playwright-core';

/** The API's answers so far per route and status (Prometheus' request counts). */
export async function requestCounts(appUrl: string, metricsToken: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${appUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const counts = new Map<string, number>();
  for (const [, labels, value] of text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\d+)$/gm)) {
    const label = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(labels!)?.[1];
    counts.set(`${label('method')} ${label('route')} ${label('status')}`, Number(value));
  }
  return counts;
}

/** The requests of each route and status answered between two readings of requestCounts. */
export function asked(before: Map<string, number>, after: Map<string, number>, route: RegExp): Record<string, number> {
  const asked: Record<string, number> = {};
  for (const [key, n] of after) if (route.test(key) && n > (before.get(key) ?? 0)) asked[key] = n - (before.get(key) ?? 0);
  return asked;
}

export interface Listed {
  id: number;
  name: string;
  slug: string;
  price: string;
}

export async function listed(appUrl: string, query: string): Promise<Listed[]> {
  const { products } = (await (await fetch(`${appUrl}/api/products?${query}`)).json()) as { products: Listed[] };
  return products;
}

/** What React renders inside <div id="root"> on the server, and the data it hydrates with. */
export function parts(html: string): { root: string; state: string | undefined } {
  const root = /<div id="root">([\s\S]*?)<\/div><script id="dm-server-state"/.exec(html)?.[1] ?? /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  const state = /<script id="dm-server-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return { root, state };
}

/** React escapes text as HTML: the few characters a product name may hold. */
export const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The console's hydration reports: the shell logs a hydration error it did not expect (a mismatch
 * between the server's HTML and the browser's first render) as 'Hydration error:', and React's own
 * warnings name hydration too.
 */
export function watchHydration(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && /hydrat|#418|#419|#423|#425/i.test(message.text())) reports.push(message.text());
  });
  return reports;
}
