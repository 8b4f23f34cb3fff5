import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newContext } from '../browser.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();

interface Listed {
  name: string;
  slug: string;
  price: string;
  in_stock: boolean;
  affiliate_link: string | null;
}

async function firstOf(type: string): Promise<Listed> {
  const { products } = (await (await fetch(`${suite.app.url}/api/products?productType=${type}&limit=24`)).json()) as { products: Listed[] };
  return products.find((p) => type !== 'equipment' || p.in_stock)!;
}

describe('the product detail modal', () => {
  it('opens from a card, adds equipment to the cart (In Cart, header 1) and closes itself; Back and Escape behave', async () => {
    const product = await firstOf('equipment');
    const context = await newContext(suite.browser, suite.app.url);
    try {
      const page = await context.newPage();
      await page.goto('/marketplace?type=equipment');
      await page.getByRole('button', { name: `View details of ${product.name}` }).click();
      const dialog = page.getByRole('dialog', { name: product.name });
      await dialog.waitFor();
      assert.ok(page.url().includes(`product=${product.slug}`), 'the modal has a shareable URL');
      assert.match(await dialog.getByTestId('modal-price').innerText(), /^\$[\d,]+\.\d{2}$/);
      await dialog.getByText('+ Installation (if required)').waitFor();
      await dialog.getByRole('button', { name: 'Add to cart' }).click();
      await dialog.getByRole('button', { name: 'In Cart' }).waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'In Cart' }).isDisabled(), true);
      await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
      await dialog.waitFor({ state: 'detached', timeout: 5000 }); // closes 1500 ms after the add
      assert.ok(!page.url().includes('product='));

      await page.getByRole('button', { name: `View details of ${product.name}` }).click();
      await page.getByRole('dialog', { name: product.name }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: product.name }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('opens on load from its URL; an affiliate has View Product in a new tab with noopener noreferrer; an unknown slug says so', async () => {
    const affiliate = await firstOf('affiliate');
    const context = await newContext(suite.browser, suite.app.url);
    try {
      const page = await context.newPage();
      await page.goto(`/marketplace?type=affiliate&product=${affiliate.slug}`);
      const dialog = page.getByRole('dialog', { name: affiliate.name });
      await dialog.getByText('Sourced from partner').waitFor();
      const link = dialog.getByRole('link', { name: 'View Product' });
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
      assert.match((await link.getAttribute('href'))!, /^https?:\/\//);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.goto('/marketplace?product=no-such-product');
      await page.getByRole('dialog', { name: 'Product not found' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('Back closes an open product and stays on the marketplace; closing with Close adds no history entry', async () => {
    const product = await firstOf('equipment');
    const context = await newContext(suite.browser, suite.app.url);
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Featured products' }).waitFor();
      await page.goto('/marketplace?type=equipment');
      const details = page.getByRole('button', { name: `View details of ${product.name}` });
      const dialog = page.getByRole('dialog', { name: product.name });

      await details.click();
      await dialog.waitFor();
      await page.goBack();
      await dialog.waitFor({ state: 'detached' });
      const back = new URL(page.url());
      assert.equal(`${back.pathname}${back.search}`, '/marketplace?type=equipment', 'Back left the modal for the marketplace it was opened on');
      await page.getByRole('heading', { level: 1, name: 'IT Equipment' }).waitFor();

      await details.click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.goBack(); // the entry before the marketplace: opening and closing the product left none behind
      const previous = new URL(page.url());
      assert.equal(`${previous.pathname}${previous.search}`, '/', 'Back after Close goes to the page before the marketplace');
      await page.getByRole('heading', { name: 'Featured products' }).waitFor();
      assert.equal(await page.getByRole('dialog').count(), 0, 'Back did not reopen the product');
    } finally {
      await context.close();
    }
  });
});
