import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RENDER_WAITS_FOR_REMOTES } from '../app.js';
import { newContext } from '../browser.js';
import { appAndBrowser } from '../suite.js';

// the first test reads the raw HTML of the app's first page
const suite = appAndBrowser(RENDER_WAITS_FOR_REMOTES);

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
    assert.match(html, new RegExp(`<h1[^>]*>${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`), 'the name as the page heading');
    const price = `$${Number(product.price).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    assert.ok(html.includes(`>${price}</p>`), `the price as the shop shows it (${price})`);
    assert.match(html, /<nav[^>]*aria-label="Breadcrumb"/, 'the breadcrumbs');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    assert.equal(ld[0]['@type'], 'Product');
    assert.equal(ld[0].name, product.name);
    assert.equal(ld[0].offers.priceCurrency, 'USD');
    assert.equal(ld[1]['@type'], 'BreadcrumbList');
    // the sitemap lists the canonical URL
    const sitemap = await (await fetch(`${suite.app.url}/sitemaps/products-1.xml`)).text();
    assert.ok(sitemap.includes(`/products/${product.slug}</loc>`));
  });

  it("is the product's own page in the shop: its details, add to cart, breadcrumbs; the detail view names it canonical; an unknown slug says so", async () => {
    const product = await firstEquipment();
    const context = await newContext(suite.browser, suite.app.url);
    try {
      const page = await context.newPage();
      await page.goto('/marketplace?type=service');
      await page.goto(`/products/${product.slug}`);
      await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
      await page.getByText('+ Installation (if required)').waitFor();
      // the image keeps the catalogue's 4:3 shape (its width and height attributes only reserve the space)
      const image = await page.getByRole('main').getByRole('img', { name: product.name }).boundingBox();
      assert.ok(image && Math.abs(image.width / image.height - 4 / 3) < 0.02, `4:3, not ${image?.width}×${image?.height}`);
      assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${suite.app.url}/products/${product.slug}`);
      assert.equal(await page.title(), `${product.name} – IT Equipment | DentalMarket`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
      // the breadcrumbs lead to its type's marketplace; Back returns to the product, and Back again before it
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'IT Equipment' }).click();
      await page.getByRole('heading', { name: 'IT Equipment', level: 1 }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
      await page.goBack();
      await page.waitForURL(/\/marketplace\?type=service$/);

      // in the marketplace the detail view names the product's page as canonical
      await page.goto(`/marketplace?type=equipment&product=${product.slug}`);
      await page.getByRole('dialog', { name: product.name }).waitFor();
      assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${suite.app.url}/products/${product.slug}`);

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
