/**
 * Test helper (specs only, never app code; @dentalmarket/ui/testing): a screen `width` px wide for
 * jsdom, which evaluates no media query. The header, the marketplace and the search results decide
 * between their wide and phone markup in CSS (sx breakpoints and media queries), not in JavaScript,
 * so that the server's HTML is right on every width (issue 20); to see what a shopper on a given
 * width sees, the specs render through an Emotion cache that rewrites each width media query into
 * one jsdom understands: `@media screen` (applied) when it holds at `width`, `@media print` (ignored)
 * when it does not. window.matchMedia answers the same queries for useMediaQuery.
 *
 * Usage: `render(ui, screenAt(375))`; `await hydrateAt(ui, 375)` hydrates the server's HTML of `ui`
 * (rendered without any width, as a server renders) and reports any hydration mismatch.
 */
import type { ReactElement, ReactNode } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { answerMediaQueries, changeMediaQueries } from './testing.js';

/** Whether a query of min-width/max-width px conditions ('and', ',') holds at `width`; null for any other query. */
export function widthQueryHolds(query: string, width: number): boolean | null {
  let holds = false;
  for (const alternative of query.replace(/^@media\s*/, '').split(',')) {
    let all = true;
    for (const condition of alternative.trim().split(/\s+and\s+/)) {
      const match = /^\(\s*(min|max)-width\s*:\s*(\d+(?:\.\d+)?)px\s*\)$/.exec(condition.trim());
      if (!match) return null;
      const bound = Number(match[2]);
      if (match[1] === 'min' ? width < bound : width > bound) all = false;
    }
    holds ||= all;
  }
  return holds;
}

const caches = new Map<number, EmotionCache>();

function cacheAt(width: number): EmotionCache {
  let cache = caches.get(width);
  if (!cache) {
    const atWidth: StylisPlugin = (element) => {
      if (element.type !== '@media') return;
      const holds = widthQueryHolds(element.value, width);
      if (holds !== null) element.value = holds ? '@media screen' : '@media print';
    };
    // a key of its own per width (letters only), so no class is shared with another width's rules
    const key = `w${String(width).replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;
    cache = createCache({ key, stylisPlugins: [atWidth] });
    caches.set(width, cache);
  }
  return cache;
}

/** The window resized to `width` after a render at screenAt: the media query lists handed out since answer anew and tell their listeners. */
export function resizeScreen(width: number): void {
  changeMediaQueries((query) => widthQueryHolds(query, width) ?? false);
}

/** Sets the screen's width for the next render: pass the result as render's options. */
export function screenAt(width: number): { wrapper: (props: { children: ReactNode }) => ReactNode } {
  answerMediaQueries((query) => widthQueryHolds(query, width) ?? false);
  const cache = cacheAt(width);
  return { wrapper: ({ children }) => <CacheProvider value={cache}>{children}</CacheProvider> };
}

const hydrated: Array<() => void> = [];
afterEach(() => {
  for (const remove of hydrated.splice(0)) remove();
});

/** Runs `render` as on a server: no window.matchMedia (the server knows no width), no localStorage or sessionStorage. */
function asOnServer<T>(render: () => T): T {
  const hidden = ['matchMedia', 'localStorage', 'sessionStorage'] as const;
  const saved = hidden.map((name) => Object.getOwnPropertyDescriptor(window, name));
  try {
    for (const name of hidden) Object.defineProperty(window, name, { configurable: true, get: () => undefined });
    return render();
  } finally {
    hidden.forEach((name, i) => {
      if (saved[i]) Object.defineProperty(window, name, saved[i]);
      else delete (window as unknown as Record<string, unknown>)[name];
    });
  }
}

/** React's renderToString in jsdom (a spec renders a server's HTML with it before hydrating). */
export async function serverRenderer(): Promise<(ui: ReactElement) => string> {
  // React's browser server renderer makes a MessageChannel when loaded (for streaming, which
  // renderToString does not use); jsdom has none
  globalThis.MessageChannel ??= class {
    port1: { onmessage: ((event: unknown) => void) | null } = { onmessage: null };
    port2 = { postMessage: () => void setTimeout(() => this.port1.onmessage?.({})) };
  } as unknown as typeof MessageChannel;
  return (await import('react-dom/server')).renderToString;
}

/**
 * `ui` as a server renders it (see asOnServer), put in the page and hydrated in a browser `width`
 * px wide. Gives what went wrong in hydrating: React's recoverable errors (the server's HTML thrown
 * away) and its warnings about attributes that differ. Empty: the first renders agreed.
 */
export async function hydrateAt(ui: ReactElement, width: number): Promise<string[]> {
  const renderToString = await serverRenderer();
  const { wrapper: Screen } = screenAt(width);
  const html = asOnServer(() => renderToString(<Screen>{ui}</Screen>));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const problems: string[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (/hydrat/i.test(text)) problems.push(text);
    else consoleError(...args);
  };
  try {
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Screen>{ui}</Screen>, { onRecoverableError: (error) => problems.push(String(error)) });
    });
    hydrated.push(() => {
      act(() => root?.unmount());
      container.remove();
    });
  } finally {
    console.error = consoleError;
  }
  return problems;
}
