import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, signIn } from '../browser.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();

async function withPage<T>(fn: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url);
  try {
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

describe('unknown paths answer 404 (issue 16)', () => {
  it("serves the shell's not-found page with status 404 for an unknown page", async () => {
    await withPage(async (page) => {
      const response = await page.goto('/no-such-page');
      assert.equal(response?.status(), 404);
      assert.match(response?.headers()['content-type'] ?? '', /^text\/html/);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await page.getByText('Did you forget to add the page to the router?').waitFor();
    });
  });

  for (const file of ['/humans.txt', '/nope.png']) {
    it(`answers ${file} with a plain-text 404`, async () => {
      const response = await fetch(`${suite.app.url}${file}`);
      assert.equal(response.status, 404);
      assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
      assert.doesNotMatch(await response.text(), /<html|<pre>/i, 'not an HTML error page');
    });
  }

  it('answers /robots.txt with the rules and the sitemap it names (issue 20)', async () => {
    const robots = await fetch(`${suite.app.url}/robots.txt`);
    assert.equal(robots.status, 200);
    assert.match(robots.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await robots.text();
    assert.match(text, /^Disallow: \/admin$/m);
    const sitemap = text.match(/^Sitemap: (\S+)$/m)?.[1];
    assert.ok(sitemap, text);
    const index = await fetch(sitemap);
    assert.equal(index.status, 200);
    assert.match(index.headers.get('content-type') ?? '', /^application\/xml/);
    assert.match(await index.text(), /<sitemapindex /);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await fetch(`${suite.app.url}/api/nope`);
    assert.equal(response.status, 404);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(typeof (await response.json()), 'object');
  });
});

/** Waits until the page shows what it is about (`ready`), then briefly for the title it should have, and returns its title. */
async function titleOf(page: Page, ready: () => Promise<void>, expected: string): Promise<string> {
  await ready();
  await page.waitForFunction((title) => document.title === title, expected, { timeout: 5000 }).catch(() => undefined);
  return page.title();
}

describe('each page has its own document title (issue 16)', () => {
  it('names home, each marketplace type, checkout, sign-in, the admin dashboard and the not-found page', async () => {
    await withPage(async (page, context) => {
      const heading = (name: string) => () => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
      // each route, how to know it has rendered, and its title
      const visits: Array<[string | (() => Promise<unknown>), () => Promise<void>, string]> = [
        ['/', heading('Everything your dental practice runs on'), 'Home | DentalMarket'],
        ['/marketplace?type=equipment', heading('IT Equipment'), 'IT Equipment – Marketplace | DentalMarket'],
        [() => page.getByRole('button', { name: 'Services' }).click(), heading('IT Services'), 'IT Services – Marketplace | DentalMarket'], // no page load
        ['/marketplace', heading('Partner Products'), 'Partner Products – Marketplace | DentalMarket'],
        ['/checkout', () => page.getByRole('heading', { name: 'Your cart is empty' }).waitFor(), 'Checkout | DentalMarket'],
        ['/auth', () => page.getByRole('form', { name: 'Login' }).waitFor(), 'Sign in | DentalMarket'],
        ['/no-such-page', heading('404 Page Not Found'), 'Page Not Found | DentalMarket'],
        [() => signIn(context).then(() => page.goto('/admin')), heading('Admin Dashboard'), 'Admin Dashboard | DentalMarket'],
      ];
      const titles: string[] = [];
      for (const [go, ready, expected] of visits) {
        await (typeof go === 'string' ? page.goto(go) : go());
        titles.push(await titleOf(page, ready, expected));
      }
      assert.deepEqual(titles, visits.map(([, , expected]) => expected));
      assert.equal(new Set(titles).size, titles.length, 'no two pages share a title');
    });
  });
});
