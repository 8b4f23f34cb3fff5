/**
 * The shopper pages' server-written heads (issue 20): a product's canonical page holds its name,
 * price (SPEC §9's words), description, image and breadcrumbs in the raw HTML, with a title, meta
 * description, canonical link, Open Graph and Twitter tags and JSON-LD Product/Offer/BreadcrumbList;
 * listings an ItemList; unknown products 404; nothing of a session; ETag and 304 by catalogue version.
 * On a database of its own, with a shell page of the build's shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogueVersion } from '../src/catalog/catalogue-version.js';
import { freshDatabase, startTestApp, tempDir, type TestApp } from './helpers.js';

let t: TestApp;
let drop: (() => Promise<void>) | undefined;
let dataSource: DataSource;
const ORIGIN = 'https://shop.example.com';
const SHELL = '<!doctype html><html lang="en"><head><meta charset="utf-8"/><meta name="description" content="DentalMarket: the default"/><title>DentalMarket</title><script defer="defer" src="/main.js"></script></head><body><noscript>DentalMarket needs JavaScript to run.</noscript><div id="root"></div></body></html>';

/** Every JSON-LD object of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}
/** An attribute's value as a browser reads it (the five entities the page escapes). */
const unescape = (value: string | undefined) => value?.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);
const meta = (html: string, key: string) => unescape(new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1]);
const canonical = (html: string) => unescape(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1]);
const titles = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);

async function insertProduct(fields: { name: string; slug: string; price: string; type: 'equipment' | 'service' | 'affiliate'; category: string; subcategory?: string; inStock?: boolean; description?: string; image?: string }) {
  await dataSource.query(
    `INSERT INTO products (name, description, price, category_id, subcategory_id, manufacturer, product_type, slug, in_stock, image_url, rating, reviews_count)
     SELECT $1, $2, $3, c.id, (SELECT id FROM subcategories WHERE slug = $5), 'Lumina Dental', $4, $6, $7, $8, 4.5, 12 FROM categories c WHERE c.slug = $9`,
    [fields.name, fields.description ?? 'A cordless LED curing light.', fields.price, fields.type, fields.subcategory ?? null, fields.slug, fields.inStock ?? true, fields.image ?? null, fields.category],
  );
  t.app.get(CatalogueVersion).invalidate();
}

beforeAll(async () => {
  const root = tempDir('page-heads');
  fs.mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell/dist/index.html'), SHELL);
  const database = await freshDatabase('page_heads');
  drop = database.drop;
  t = await startTestApp({ ...database.env, FRONTEND_DIST_ROOT: root, PUBLIC_URL: ORIGIN }, { seed: false });
  dataSource = t.app.get(DataSource);
  await dataSource.query(`INSERT INTO categories (name, slug, product_type, sort_order, description) VALUES
    ('Curing Lights', 'curing-lights', 'equipment', 1, 'Lights that cure composite.'), ('Repairs', 'repairs', 'service', 1, NULL), ('Whitening', 'whitening', 'affiliate', 1, NULL)`);
  await dataSource.query(`INSERT INTO subcategories (name, slug, category_id) SELECT 'Cordless', 'cordless', id FROM categories WHERE slug = 'curing-lights'`);
  await insertProduct({ name: 'Lumina Curing Light', slug: 'lumina-curing-light', price: '1349.00', type: 'equipment', category: 'curing-lights', subcategory: 'cordless', image: '/media/seed/light.png' });
  await insertProduct({ name: 'Chair </script><b>Repair', slug: 'chair-repair', price: '0', type: 'service', category: 'repairs', inStock: false, description: 'Repairs "on site" & fast.' });
  await insertProduct({ name: 'Bright Kit', slug: 'bright-kit', price: '0', type: 'affiliate', category: 'whitening' });
});

afterAll(async () => {
  await t?.close();
  await drop?.();
});

describe("a product's canonical page, /products/:slug", () => {
  it('holds the name, the price as SPEC §9 shows it, the description, the image and the breadcrumbs in the raw HTML', async () => {
    const res = await request(t.http).get('/products/lumina-curing-light').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.text;
    expect(titles(html)).toEqual(['Lumina Curing Light – IT Equipment | DentalMarket']);
    expect(meta(html, 'description')).toBe('A cordless LED curing light.');
    expect(html).not.toContain('DentalMarket: the default');
    expect(canonical(html)).toBe(`${ORIGIN}/products/lumina-curing-light`);
    const root = /<div id="root">(.*?)<\/div><\/body>/s.exec(html)![1]!;
    expect(root).toContain('<h1>Lumina Curing Light</h1>');
    expect(root).toContain('<p>$1,349.00</p><p>+ Installation (if required)</p>');
    expect(root).toContain('<p>A cordless LED curing light.</p>');
    expect(root).toContain(`<img src="${ORIGIN}/media/seed/light.png" alt="Lumina Curing Light" width="600" height="400" fetchpriority="high">`);
    expect(root).toContain('<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/marketplace?type=equipment">IT Equipment</a></li>');
    expect(html).toContain(`<link rel="preload" as="image" href="${ORIGIN}/media/seed/light.png" fetchpriority="high">`);
  });

  it('has Open Graph and Twitter card tags, and JSON-LD Product with its Offer and BreadcrumbList', async () => {
    const html = (await request(t.http).get('/products/lumina-curing-light').expect(200)).text;
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:title')).toBe('Lumina Curing Light – IT Equipment | DentalMarket');
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/products/lumina-curing-light`);
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}/media/seed/light.png`);
    expect(meta(html, 'product:price:amount')).toBe('1349.00');
    expect(meta(html, 'product:price:currency')).toBe('USD');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const [product, crumbs] = jsonLd(html);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Lumina Curing Light',
      url: `${ORIGIN}/products/lumina-curing-light`,
      image: [`${ORIGIN}/media/seed/light.png`],
      brand: { '@type': 'Brand', name: 'Lumina Dental' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12 },
      offers: { '@type': 'Offer', price: '1349.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    expect(crumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: 'IT Equipment', item: `${ORIGIN}/marketplace?type=equipment` },
        { '@type': 'ListItem', position: 3, name: 'Curing Lights', item: `${ORIGIN}/marketplace?type=equipment&category=curing-lights` },
        { '@type': 'ListItem', position: 4, name: 'Cordless', item: `${ORIGIN}/marketplace?type=equipment&category=curing-lights&subcategory=cordless` },
        { '@type': 'ListItem', position: 5, name: 'Lumina Curing Light', item: `${ORIGIN}/products/lumina-curing-light` },
      ],
    });
  });

  it("escapes a name and description that hold markup, and a quoted service is no Offer ('Get a Quote', out of stock)", async () => {
    const html = (await request(t.http).get('/products/chair-repair').expect(200)).text;
    expect(html).not.toContain('</script><b>');
    expect(titles(html)).toEqual(['Chair &lt;/script&gt;&lt;b&gt;Repair – IT Services | DentalMarket']);
    expect(html).toContain('<meta name="description" content="Repairs &quot;on site&quot; &amp; fast.">');
    expect(meta(html, 'description')).toBe('Repairs "on site" & fast.');
    const [product] = jsonLd(html);
    expect(product!.name).toBe('Chair </script><b>Repair');
    expect(product!.offers).toBeUndefined();
    expect(html).toContain('<p>Get a Quote</p><p>Custom Quote Required</p>');
    expect(meta(html, 'twitter:card')).toBe('summary');
    // a partner product at 0 shows the partner's words
    expect((await request(t.http).get('/products/bright-kit').expect(200)).text).toContain('<p>See partner site</p><p>Sourced from partner</p>');
  });

  it('answers an unknown slug with 404 and a page not to be indexed', async () => {
    const res = await request(t.http).get('/products/no-such-product').expect(404);
    expect(titles(res.text)).toEqual(['Product not found | DentalMarket']);
    expect(meta(res.text, 'robots')).toBe('noindex');
    expect(res.headers.etag).toBeUndefined();
    // a malformed escape is the static files' 400, never a 500
    await request(t.http).get('/products/%E0%A4%A').expect(400);
  });

  it('is the same for a signed-in shopper (nothing of a session), revalidates with a 304, and changes with the catalogue', async () => {
    const first = await request(t.http).get('/products/lumina-curing-light').expect(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['set-cookie']).toBeUndefined();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    await request(t.http).get('/products/lumina-curing-light').set('If-None-Match', etag).expect(304);
    const agent = request.agent(t.http);
    await agent.post('/api/register').send({ username: 'heads', email: 'heads@example.com', password: 'Account!42' }).expect(201);
    const signedIn = await agent.get('/products/lumina-curing-light').expect(200);
    expect(signedIn.text).toBe(first.text);
    expect(signedIn.text).not.toMatch(/heads@example.com|"heads"/);
    await dataSource.query(`UPDATE products SET price = 1299 WHERE slug = 'lumina-curing-light'`);
    t.app.get(CatalogueVersion).invalidate();
    const changed = await request(t.http).get('/products/lumina-curing-light').set('If-None-Match', etag).expect(200);
    expect(changed.text).toContain('<p>$1,299.00</p>');
    await dataSource.query(`UPDATE products SET price = 1349 WHERE slug = 'lumina-curing-light'`);
    t.app.get(CatalogueVersion).invalidate();
  });
});

describe('the marketplace pages', () => {
  it("the product view (?product=) has the product's head with the canonical link to its page, and no server-written content", async () => {
    const html = (await request(t.http).get('/marketplace?type=equipment&product=lumina-curing-light').expect(200)).text;
    expect(canonical(html)).toBe(`${ORIGIN}/products/lumina-curing-light`);
    expect(titles(html)).toEqual(['Lumina Curing Light – IT Equipment | DentalMarket']);
    expect(html).toContain('<div id="root"></div>');
  });

  it('a category lists its first products as a JSON-LD ItemList of their canonical URLs, with its breadcrumbs', async () => {
    const html = (await request(t.http).get('/marketplace?type=equipment&category=curing-lights').expect(200)).text;
    expect(titles(html)).toEqual(['Curing Lights – IT Equipment | DentalMarket']);
    expect(meta(html, 'description')).toBe('Lights that cure composite.');
    expect(canonical(html)).toBe(`${ORIGIN}/marketplace?type=equipment&category=curing-lights`);
    const [list, crumbs] = jsonLd(html);
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 1, itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Lumina Curing Light', url: `${ORIGIN}/products/lumina-curing-light` }] });
    expect((crumbs!.itemListElement as unknown[]).length).toBe(3);
    // a type's marketplace, as the client titles it
    expect(titles((await request(t.http).get('/marketplace?type=service').expect(200)).text)).toEqual(['IT Services – Marketplace | DentalMarket']);
  });

  it('search results are not to be indexed; home names the site and its search', async () => {
    const results = (await request(t.http).get('/marketplace?search=light').expect(200)).text;
    expect(meta(results, 'robots')).toBe('noindex');
    const home = (await request(t.http).get('/').expect(200)).text;
    expect(titles(home)).toEqual(['Home | DentalMarket']);
    expect(jsonLd(home)[0]).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction' } });
    // a page of its own with no head of its own: the plain page
    expect((await request(t.http).get('/checkout').expect(200)).text).toBe(SHELL);
  });
});
