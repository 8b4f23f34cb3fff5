import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newContext, signIn } from '../browser.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Category {
  id: number;
  name: string;
  slug: string;
  subcategory_count: number;
}

async function firstCategory(type: string): Promise<{ category: Category; sub: { name: string; slug: string } }> {
  const categories = (await (await fetch(`${suite.app.url}/api/categories?productType=${type}`)).json()) as Category[];
  const category = categories.find((c) => c.subcategory_count > 0)!;
  const subs = (await (await fetch(`${suite.app.url}/api/subcategories?categoryId=${category.id}`)).json()) as Array<{ name: string; slug: string }>;
  return { category, sub: subs[0] };
}

describe('browsing the marketplace', () => {
  it('goes type → category → subcategory with the address bar following, and Back restores each view', async () => {
    const { category, sub } = await firstCategory('equipment');
    const context = await newContext(suite.browser, suite.app.url);
    try {
      const page = await context.newPage();
      await page.goto('/marketplace?type=equipment');
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      const sidebar = page.getByRole('navigation', { name: 'Categories' });
      await sidebar.getByRole('button', { name: new RegExp(`^${literal(category.name)}`) }).first().click();
      await page.getByRole('heading', { level: 1, name: category.name }).waitFor();
      assert.ok(page.url().includes(`category=${category.slug}`));
      await page.getByRole('group', { name: 'Browse by subcategory' }).getByRole('button', { name: sub.name }).click();
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${literal(category.name)}.*${literal(sub.name)}$`) }).waitFor();
      assert.ok(page.url().includes(`subcategory=${sub.slug}`));
      await sidebar.getByRole('button', { name: 'Clear' }).waitFor();

      await page.goBack();
      await page.getByRole('heading', { level: 1, name: category.name, exact: true }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'IT Equipment' }).waitFor();
      await page.goForward();
      await page.getByRole('heading', { level: 1, name: category.name, exact: true }).waitFor();
      assert.equal(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload), true, 'no page load');
    } finally {
      await context.close();
    }
  });

  it('searches the type\'s products from the sidebar, says when no category matches, and Escape clears', async () => {
    const context = await newContext(suite.browser, suite.app.url);
    try {
      const page = await context.newPage();
      await page.goto('/marketplace?type=equipment');
      const box = page.getByPlaceholder('Search categories & products...');
      await box.fill('scanner');
      await page.getByText(/^Showing \d+ of \d+ products?$/).waitFor();
      assert.ok((await page.locator('article').count()) > 0, 'the matching products replace the listing');
      await page.getByText('No matching categories found').waitFor();
      await box.press('Escape');
      assert.equal(await box.inputValue(), '');
      await page.getByRole('heading', { level: 1, name: 'IT Equipment' }).waitFor();
      // a typo matches nothing as typed: the server searches the closest word and says so
      await box.fill('autoclve');
      await page.getByText('Showing results for "autoclave"').waitFor();
      assert.ok((await page.getByRole('article').filter({ hasText: 'Autoclave' }).count()) > 0, 'the autoclaves are found despite the typo');
    } finally {
      await context.close();
    }
  });

  it('shows the empty states of a category and a subcategory without products, with a way back to the category', async () => {
    const { category } = await firstCategory('service');
    const context = await newContext(suite.browser, suite.app.url);
    try {
      await signIn(context);
      const created = await context.request.post('/api/admin/subcategories', {
        headers: { Origin: suite.app.url },
        data: { name: 'Coming Next Season', description: 'Nothing here yet', category_id: category.id },
      });
      assert.equal(created.status(), 201);
      const { slug } = (await created.json()) as { slug: string };
      const page = await context.newPage();
      await page.goto(`/marketplace?type=service&category=${category.slug}&subcategory=${slug}`);
      await page.getByText('No products found in this subcategory').waitFor();
      await page.getByRole('button', { name: `Back to ${category.name}` }).click();
      await page.getByRole('heading', { level: 1, name: category.name, exact: true }).waitFor();

      const empty = await context.request.post('/api/admin/categories', {
        headers: { Origin: suite.app.url },
        data: { name: 'Tele-dentistry', description: 'Remote consultations, soon', icon: 'fa-video', product_type: 'service' },
      });
      assert.equal(empty.status(), 201);
      await page.goto(`/marketplace?type=service&category=${((await empty.json()) as { slug: string }).slug}`);
      await page.getByText('No products found in this category').waitFor();
    } finally {
      await context.close();
    }
  });

  it('opens the sidebar as a drawer from a Categories button on a phone', async () => {
    const { category } = await firstCategory('affiliate');
    const context = await newContext(suite.browser, suite.app.url, 390, 844);
    try {
      const page = await context.newPage();
      await page.goto('/marketplace');
      assert.equal(await page.getByRole('navigation', { name: 'Categories' }).count(), 0);
      await page.getByRole('button', { name: 'Categories' }).click();
      const sidebar = page.getByRole('navigation', { name: 'Categories' });
      await sidebar.getByRole('button', { name: new RegExp(`^${literal(category.name)}`) }).first().click();
      await page.getByRole('heading', { level: 1, name: category.name, exact: true }).waitFor();
      await sidebar.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});

describe('listing views and actions', () => {
  it('switches between grid and list, and a service card offers Request Service', async () => {
    const context = await newContext(suite.browser, suite.app.url);
    try {
      const page = await context.newPage();
      await page.goto('/marketplace?type=service');
      await page.locator('[data-layout="grid"]').waitFor();
      await page.getByRole('button', { name: 'List view' }).click();
      await page.locator('[data-layout="list"]').waitFor();
      const first = page.locator('article').first();
      const box = (await first.boundingBox())!;
      assert.ok(box.width > 900, `a list row spans the listing (${box.width}px)`);
      await first.getByRole('button', { name: 'Request Service' }).click();
      await page.getByRole('dialog', { name: /^Request / }).getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Grid view' }).click();
      await page.locator('[data-layout="grid"]').waitFor();
    } finally {
      await context.close();
    }
  });
});
