import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { newContext } from '../browser.js';
import { eventually } from '../eventually.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();

/** The names of the result cards, in the order shown. */
const resultNames = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();

/** Waits until the listing shows exactly these products in this order (a new order reloads the listing). */
async function resultsBecome(page: Page, expected: string[]): Promise<void> {
  const shown = await eventually(() => resultNames(page), (names) => names.join('|') === expected.join('|'), { what: 'the listing' });
  assert.deepEqual(shown, expected);
}

async function withPage(width: number, height: number, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await newContext(suite.browser, suite.app.url, width, height);
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Types into the header's search as a shopper does, a key at a time. */
async function typeInHeader(page: Page, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.click();
  await box.pressSequentially(text, { delay: 20 });
}

describe("the shop-wide search (issue 19), in the demo catalogue's words", () => {
  it('suggests products while the shopper types in the header; the arrow keys and Enter open one', async () => {
    await withPage(1366, 900, async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Featured products' }).waitFor();
      await typeInHeader(page, 'autocl');
      const box = page.getByRole('combobox', { name: 'Search products' });
      const listbox = page.getByRole('listbox', { name: 'Suggestions' });
      const first = listbox.getByRole('group', { name: 'Products' }).getByRole('option').first();
      await first.waitFor();
      assert.equal(await box.getAttribute('aria-expanded'), 'true');
      const options = await listbox.getByRole('group', { name: 'Products' }).getByRole('option').allTextContents();
      assert.ok(options.length >= 3 && options.length <= 5, `at most 5 products suggested: ${options.length}`);
      // the demo catalogue's 3 autoclaves come first ('autocl' as a prefix), before products that only mention one
      for (const text of options.slice(0, 3)) assert.match(text, /Autoclave/);

      await box.press('ArrowDown');
      assert.equal(await box.getAttribute('aria-activedescendant'), await first.getAttribute('id'));
      const name = (await first.locator('p').first().textContent())!;
      await box.press('Enter');
      await page.getByRole('dialog', { name }).waitFor();
      assert.match(page.url(), /\/\?product=[a-z0-9-]+$/);
    });
  });

  it('picks a suggestion with the mouse, and Enter without one searches the text', async () => {
    await withPage(1366, 900, async (page) => {
      await page.goto('/checkout');
      await typeInHeader(page, 'Oriscan Vista');
      await page.getByRole('option', { name: /Oriscan Vista Wireless Intraoral Camera/ }).click();
      await page.getByRole('dialog', { name: 'Oriscan Vista Wireless Intraoral Camera' }).waitFor();
      assert.match(page.url(), /\/marketplace\?type=equipment&product=/);

      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      const box = page.getByRole('combobox', { name: 'Search products' });
      await box.fill('');
      await typeInHeader(page, 'intraoral');
      await box.press('Enter');
      await page.getByRole('heading', { level: 1, name: '10 results for "intraoral"' }).waitFor();
      assert.ok(page.url().endsWith('/marketplace?search=intraoral'));
    });
  });

  it('narrows a search by manufacturer and price, sorts it, and Back restores each earlier state', async () => {
    await withPage(1366, 900, async (page) => {
      await page.goto('/marketplace?search=intraoral');
      const heading = page.getByRole('heading', { level: 1 });
      await page.getByRole('heading', { level: 1, name: '10 results for "intraoral"' }).waitFor();
      const filters = page.getByRole('complementary', { name: 'Filters' });
      assert.equal(await page.getByRole('combobox', { name: 'Sort by' }).textContent(), 'Best match');

      // a controlled checkbox follows the address bar, which React Router changes in a transition: click, then wait for it
      await filters.getByRole('checkbox', { name: 'Oriscan (3)' }).click();
      await page.getByRole('heading', { level: 1, name: '3 results for "intraoral"' }).waitFor();
      assert.match(page.url(), /manufacturer=Oriscan/);

      await filters.getByRole('textbox', { name: 'Min price' }).fill('3000');
      await filters.getByRole('textbox', { name: 'Min price' }).press('Enter');
      await page.getByRole('heading', { level: 1, name: '2 results for "intraoral"' }).waitFor();
      assert.match(page.url(), /minPrice=3000/);

      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Price: high to low' }).click();
      await page.waitForURL(/sort=price-desc/);
      await resultsBecome(page, ['Oriscan Lumen 4 Intraoral Scanner', 'Oriscan Vista Wireless Intraoral Camera']);

      await page.goBack();
      await page.waitForURL((url) => !url.search.includes('sort='));
      assert.equal(await page.getByRole('combobox', { name: 'Sort by' }).textContent(), 'Best match');
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: '3 results for "intraoral"' }).waitFor();
      assert.equal(await filters.getByRole('textbox', { name: 'Min price' }).inputValue(), '');
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: '10 results for "intraoral"' }).waitFor();
      assert.equal(await filters.getByRole('checkbox', { name: 'Oriscan (3)' }).isChecked(), false);
      assert.equal(await heading.count(), 1);
    });
  });

  it('on a phone, opens the search from the header and the filters in a drawer', async () => {
    await withPage(390, 844, async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Featured products' }).waitFor();
      await page.getByRole('button', { name: 'Open search' }).click();
      const box = page.getByRole('combobox', { name: 'Search products' });
      await box.pressSequentially('intraoral', { delay: 20 });
      await box.press('Enter');
      await page.getByRole('heading', { level: 1, name: '10 results for "intraoral"' }).waitFor();
      assert.equal(await page.getByRole('complementary', { name: 'Filters' }).count(), 0, 'no filters column on a phone');

      await page.getByRole('button', { name: /^Filters/ }).click();
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      await drawer.getByRole('radio', { name: /^Partner Products \(3\)$/ }).click();
      await page.waitForURL(/type=affiliate/);
      await drawer.getByRole('button', { name: 'Show 3 results' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: '3 results for "intraoral"' }).waitFor();
      assert.match(page.url(), /type=affiliate/);
      const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      assert.ok(width.scroll <= width.client, `the results page is ${width.scroll} px wide on a ${width.client} px screen`);
    });
  });

  it('finds results for a misspelt word and says which word it searched', async () => {
    await withPage(1366, 900, async (page) => {
      await page.goto('/marketplace');
      await typeInHeader(page, 'handpeice');
      await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Showing results for "handpiece"' }).waitFor();
      const names = await resultNames(page);
      assert.ok(names.some((name) => /Handpiece/.test(name)), `handpieces found: ${names.join(', ')}`);
      assert.ok(page.url().endsWith('search=handpeice'));
    });
  });
});
