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
