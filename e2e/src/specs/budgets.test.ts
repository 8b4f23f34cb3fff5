import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../app.js';
import { newContext } from '../browser.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();
/** What shows once a route's page is complete, so its scripts have all been counted. */
const READY: Record<string, { role: 'heading' | 'tab'; name: string }> = {
  '/auth': { role: 'tab', name: 'Login' },
  '/': { role: 'heading', name: 'Everything your dental practice runs on' },
  '/marketplace': { role: 'heading', name: 'Partner Products' },
};

const budgets = JSON.parse(fs.readFileSync(path.join(repoRoot, 'e2e', 'js-budgets.json'), 'utf8')) as { routes: Record<string, number> };

/** The scripts a first visit downloads, with their bytes as sent (after Content-Encoding). */
async function scriptsOf(route: string): Promise<Array<{ url: string; bytes: number; encoding: string | undefined }>> {
  const context = await newContext(suite.browser, suite.app.url, 1280, 800);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const responses = new Map<string, { url: string; type: string; encoding: string | undefined }>();
    const scripts: Array<{ url: string; bytes: number; encoding: string | undefined }> = [];
    cdp.on('Network.responseReceived', (e) => responses.set(e.requestId, { url: e.response.url, type: e.type, encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] }));
    cdp.on('Network.loadingFinished', (e) => {
      const response = responses.get(e.requestId);
      if (response?.type === 'Script') scripts.push({ url: response.url, bytes: e.encodedDataLength, encoding: response.encoding });
    });
    await page.goto(route);
    const ready = READY[route];
    if (ready) await page.getByRole(ready.role, { name: ready.name, exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    return scripts;
  } finally {
    await context.close();
  }
}

describe('JavaScript budgets per route (compressed, as a browser receives it)', () => {
  for (const [route, budgetKb] of Object.entries(budgets.routes)) {
    it(`${route} stays within ${budgetKb} KB and every script arrives compressed`, async () => {
      const scripts = await scriptsOf(route);
      const totalKb = scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
      console.log(`${route}: ${scripts.length} scripts, ${totalKb.toFixed(1)} KB`);
      assert.ok(scripts.length > 5, 'the page loaded its scripts');
      assert.deepEqual(scripts.filter((s) => s.encoding !== 'br').map((s) => s.url), [], 'every script is sent brotli-compressed');
      assert.ok(totalKb <= budgetKb, `${route} downloads ${totalKb.toFixed(1)} KB of JavaScript, over its ${budgetKb} KB budget in e2e/js-budgets.json`);
      assert.deepEqual(scripts.filter((s) => s.url.includes('/remotes/admin/')).map((s) => s.url), [], 'a shopper never downloads the admin remote');
    });
  }
});

describe("the shell's page preloads its start", () => {
  it('names in <link rel="preload"> exactly the shell scripts /marketplace runs, and none it does not run', async () => {
    const context = await newContext(suite.browser, suite.app.url, 1280, 800);
    try {
      const page = await context.newPage();
      await page.goto('/marketplace');
      await page.getByRole('heading', { name: 'Partner Products', exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const { links, executed } = await page.evaluate(async () => {
        // a chunk file says which chunk ids it holds: the JSONP push at its start, '.push([[12,34],'
        // (a named chunk's file, mui.<hash>.js, is not named by its id)
        const idsIn = async (href: string) => {
          const text = await (await fetch(href)).text();
          return (/\.push\(\[\[([^\]]*)\]/.exec(text)?.[1] ?? '').split(',').filter(Boolean).map((id) => id.replace(/"/g, ''));
        };
        // every chunk webpack ran pushes [[its ids], modules] onto the build's JSONP array
        const jsonp = (window as unknown as { webpackChunkdentalmarket_shell?: Array<[Array<string | number>]> }).webpackChunkdentalmarket_shell ?? [];
        const hrefs = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((link) => link.href);
        return {
          links: await Promise.all(hrefs.map(async (href) => ({ file: new URL(href).pathname, ids: await idsIn(href) }))),
          executed: [...new Set(jsonp.flatMap(([ids]) => ids.map(String)))].sort(),
        };
      });
      const preloaded = [...new Set(links.flatMap((link) => link.ids))].sort();
      assert.ok(links.length > 5, `the page preloads its scripts, got ${links.map((link) => link.file).join(' ')}`);
      assert.deepEqual(
        links.filter((link) => !link.ids.some((id) => executed.includes(id))).map((link) => link.file),
        [],
        'a preloaded script the page never runs is wasted bandwidth',
      );
      // a chunk may hold several ids (webpack merges): compare by the files the page asked for
      const unpreloaded = executed.filter((id) => !preloaded.includes(id));
      const files = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
      assert.deepEqual(
        unpreloaded.filter((id) => files.some((file) => file === `/${id}` || file.startsWith(`/${id}.`))),
        [],
        'every shell script the start runs is preloaded',
      );
    } finally {
      await context.close();
    }
  });
});
