import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newContext } from '../browser.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();

interface Listed {
  name: string;
  slug: string;
  price: string;
  product_type: string;
}

async function firstEquipment(): Promise<Listed> {
  const { products } = (await (await fetch(`${suite.app.url}/api/products?productType=equipment&limit=1`)).json()) as { products: Listed[] };
  return products[0]!;
}

describe("a product's canonical page (issue 20)", () => {
  it('holds the name, the price and JSON-LD in the raw HTML, without JavaScript', async () => {
    const product = await firstEquipment();
    const res = await fetch(`${suite.app.url}/products/${product.slug}`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.ok(html.includes(`<h1>${product.name}</h1>`), 'the name as the page heading');
    const price = `$${Number(product.price).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    assert.ok(html.includes(`<p>${price}</p>`), `the price as the shop shows it (${price})`);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    assert.equal(ld[0]['@type'], 'Product');
    assert.equal(ld[0].name, product.name);
    assert.equal(ld[0].offers.priceCurrency, 'USD');
    assert.equal(ld[1]['@type'], 'BreadcrumbList');
    // the sitemap lists the canonical URL
    const sitemap = await (await fetch(`${suite.app.url}/sitemaps/products-1.xml`)).text();
    assert.ok(sitemap.includes(`/products/${product.slug}</loc>`));
  });

  it('opens in the shop as the detail view over its marketplace, keeping the canonical link; Back leaves it; an unknown slug says so', async () => {
    const product = await firstEquipment();
    const context = await newContext(suite.browser, suite.app.url);
    try {
      const page = await context.newPage();
      await page.goto('/marketplace?type=service');
      await page.goto(`/products/${product.slug}`);
      const dialog = page.getByRole('dialog', { name: product.name });
      await dialog.waitFor();
      await dialog.getByText('+ Installation (if required)').waitFor();
      // the image keeps the catalogue's 4:3 shape (its width and height attributes only reserve the space)
      const image = await dialog.getByRole('img', { name: product.name }).boundingBox();
      assert.ok(image && Math.abs(image.width / image.height - 4 / 3) < 0.02, `4:3, not ${image?.width}×${image?.height}`);
      assert.match(page.url(), new RegExp(`/marketplace\\?type=equipment&product=${product.slug}$`));
      assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${suite.app.url}/products/${product.slug}`);
      assert.equal(await page.title(), `${product.name} – IT Equipment | DentalMarket`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'IT Equipment', level: 1 }).waitFor();
      assert.equal(await page.title(), 'IT Equipment – Marketplace | DentalMarket');
      // the canonical page gave its place in history to the detail view: Back returns to the page before it
      await page.goBack();
      await page.waitForURL(/\/marketplace\?type=service$/);

      const missing = await page.goto('/products/no-such-product-anywhere');
      assert.equal(missing?.status(), 404);
      await page.getByRole('heading', { name: 'Product not found' }).waitFor();
      await page.getByRole('link', { name: 'Browse the marketplace' }).click();
      await page.waitForURL(/\/marketplace$/);
    } finally {
      await context.close();
    }
  });
});
