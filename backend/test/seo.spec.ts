import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SaxesParser } from 'saxes';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogueVersion } from '../src/catalog/catalogue-version.js';
import { ConfigError, loadConfig } from '../src/config/app-config.js';
import { freshDatabase, startTestApp, type TestApp } from './helpers.js';

/** Small pages, so a few thousand products make several; 3,000 URLs still make a page of about 300 KB. */
const PAGE_SIZE = 3000;
const PRODUCTS = 7000;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** created_at of generated product g: a minute apart, so each page's newest date is known. */
const EPOCH = Date.parse('2025-01-01T00:00:00Z');
const createdAt = (g: number) => new Date(EPOCH + g * 60_000);
const w3c = (date: Date) => date.toISOString().replace(/\.000Z$/, 'Z');

let t: TestApp;
let drop: () => Promise<void>;
let dataSource: DataSource;
let origin: string;

interface Entry {
  loc: string;
  lastmod?: string;
}

/**
 * Parses a sitemap or sitemap index with a real XML parser (saxes: well-formedness, entities,
 * namespaces), checking the root element and namespace; the entries' loc and lastmod as text.
 */
function parseSitemap(xml: string, root: 'urlset' | 'sitemapindex'): Entry[] {
  const parser = new SaxesParser({ xmlns: true });
  const entries: Entry[] = [];
  const open: string[] = [];
  let text = '';
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    if (open.length === 0) {
      expect(tag.local).toBe(root);
      expect(tag.uri).toBe(NS);
    } else expect(tag.uri).toBe(NS);
    if (tag.local === 'url' || tag.local === 'sitemap') entries.push({ loc: '' });
    open.push(tag.local);
    text = '';
  });
  parser.on('text', (chunk) => (text += chunk));
  parser.on('closetag', (tag) => {
    if (tag.local === 'loc') entries.at(-1)!.loc = text;
    if (tag.local === 'lastmod') entries.at(-1)!.lastmod = text;
    open.pop();
  });
  parser.write(xml).close();
  expect(open).toEqual([]);
  return entries;
}

async function getXml(path: string): Promise<request.Response> {
  const res = await request(t.http).get(path).buffer(true).parse((response, callback) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (body += chunk));
    response.on('end', () => callback(null, body));
  });
  return res;
}

/** The products' canonical URLs (issue 20), for products in id order from `offset`. */
async function expectedPage(offset: number, limit: number): Promise<Entry[]> {
  const rows = (await dataSource.query(`SELECT slug, product_type, created_at FROM products ORDER BY id OFFSET $1 LIMIT $2`, [offset, limit])) as {
    slug: string;
    product_type: string;
    created_at: Date;
  }[];
  return rows.map((row) => ({
    loc: `${origin}/products/${encodeURIComponent(row.slug)}`,
    lastmod: w3c(row.created_at),
  }));
}

beforeAll(async () => {
  // a database of its own: the counts below are this catalogue's alone
  const database = await freshDatabase('seo');
  drop = database.drop;
  t = await startTestApp({ ...database.env, SITEMAP_PAGE_SIZE: String(PAGE_SIZE), PUBLIC_URL: '' }, { seed: false });
  dataSource = t.app.get(DataSource);
  // listening on one port for the whole file, so the links (built on the Host) stay the same
  await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
  await dataSource.query(`
    INSERT INTO categories (name, slug, product_type, sort_order) VALUES
      ('Chairs', 'chairs', 'equipment', 1), ('Repairs & Care', 'repairs-&-<care>', 'service', 1)`);
  await dataSource.query(`INSERT INTO subcategories (name, slug, category_id) SELECT 'Stools', 'stools', id FROM categories WHERE slug = 'chairs'`);
  await dataSource.query(
    `INSERT INTO products (name, description, price, category_id, manufacturer, product_type, slug, created_at)
     SELECT 'Product ' || g, 'generated', 10, c.id, 'Acme', c.product_type,
            CASE WHEN g = 3001 THEN 'tom&jerry<chair>' ELSE 'product-' || g END, $1::timestamptz + g * interval '1 minute'
       FROM generate_series(1, ${PRODUCTS}) g
       JOIN categories c ON c.slug = CASE WHEN g % 2 = 0 THEN 'chairs' ELSE 'repairs-&-<care>' END
      ORDER BY g`,
    [new Date(EPOCH).toISOString()],
  );
  // written past the API, as another instance would: without this, a version this instance read while
  // starting (before the rows above) stays trusted for up to a second, and the ETags below would change
  // when it expires mid-test (it did in CI: a 200 where the 304 was due)
  t.app.get(CatalogueVersion).invalidate();
});

afterAll(async () => {
  await t?.close();
  await drop?.();
});

describe('GET /sitemap.xml', () => {
  it('is a sitemap index listing pages.xml and one sitemap per page of products, each with its newest product date', async () => {
    const res = await getXml('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(res.headers['set-cookie']).toBeUndefined();
    const entries = parseSitemap(res.body as string, 'sitemapindex');
    // 7,000 products, 3,000 a page: three pages, the last one short
    expect(entries).toEqual([
      { loc: `${origin}/sitemaps/pages.xml` },
      { loc: `${origin}/sitemaps/products-1.xml`, lastmod: w3c(createdAt(3000)) },
      { loc: `${origin}/sitemaps/products-2.xml`, lastmod: w3c(createdAt(6000)) },
      { loc: `${origin}/sitemaps/products-3.xml`, lastmod: w3c(createdAt(7000)) },
    ]);
  });

  it('answers 304 to a conditional GET while the catalogue is unchanged, and the new index once it changes', async () => {
    const first = await request(t.http).get('/sitemap.xml').expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"\d+-[\w-]+"$/);
    const again = await request(t.http).get('/sitemap.xml').set('If-None-Match', etag).expect(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    // each sitemap page has its own validator
    const page = await request(t.http).get('/sitemaps/products-2.xml').expect(200);
    expect(page.headers.etag).not.toBe(etag);
    await request(t.http).get('/sitemaps/products-2.xml').set('If-None-Match', page.headers.etag as string).expect(304);

    // a new product is a new catalogue version (the trigger); dropping this instance's kept version
    // is what an admin write through the API does (InvalidateCatalogueVersion)
    const [{ id }] = (await dataSource.query(
      `INSERT INTO products (name, description, price, category_id, manufacturer, product_type, slug, created_at)
       SELECT 'Late', 'x', 1, id, 'Acme', 'equipment', 'late-product', '2026-02-01T00:00:00Z' FROM categories WHERE slug = 'chairs' RETURNING id`,
    )) as { id: number }[];
    t.app.get(CatalogueVersion).invalidate();
    try {
      const changed = await getXml('/sitemap.xml');
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(parseSitemap(changed.body as string, 'sitemapindex').at(-1)).toEqual({ loc: `${origin}/sitemaps/products-3.xml`, lastmod: '2026-02-01T00:00:00Z' });
    } finally {
      await dataSource.query('DELETE FROM products WHERE id = $1', [id]);
      t.app.get(CatalogueVersion).invalidate();
    }
  });
});

describe('GET /sitemaps/products-<n>.xml', () => {
  it("holds exactly its products' shareable URLs with their dates, in id order", async () => {
    for (const [n, offset, count] of [
      [1, 0, 3000],
      [2, 3000, 3000],
      [3, 6000, 1000],
    ] as const) {
      const res = await getXml(`/sitemaps/products-${n}.xml`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const entries = parseSitemap(res.body as string, 'urlset');
      expect(entries).toHaveLength(count);
      expect(entries).toEqual(await expectedPage(offset, PAGE_SIZE));
    }
  });

  it('escapes what XML and URLs require: a slug with & < > is percent-encoded in its canonical URL', async () => {
    const res = await getXml('/sitemaps/products-2.xml');
    const raw = res.body as string;
    expect(raw).toContain(`<loc>${origin}/products/tom%26jerry%3Cchair%3E</loc>`);
    // no bare ampersand or angle bracket outside the markup
    expect(raw.replace(/&amp;/g, '')).not.toMatch(/&/);
    expect(parseSitemap(raw, 'urlset')[0]).toEqual({
      loc: `${origin}/products/tom%26jerry%3Cchair%3E`,
      lastmod: w3c(createdAt(3001)),
    });
    expect(decodeURIComponent(new URL(parseSitemap(raw, 'urlset')[0]!.loc).pathname.split('/')[2]!)).toBe('tom&jerry<chair>');
  });

  it('answers 404 for a page past the last one, page 0, and any other file name', async () => {
    for (const path of ['/sitemaps/products-4.xml', '/sitemaps/products-0.xml', '/sitemaps/products-01.xml', '/sitemaps/products-x.xml', '/sitemaps/other.xml']) {
      const res = await request(t.http).get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      // Nest's error body only, never the sitemap's validator or public caching
      expect(res.headers.etag ?? '').not.toMatch(/^"\d+-/);
      expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
      expect(res.body.message).toMatch(/sitemap/i);
    }
    const past = await request(t.http).get('/sitemaps/products-4.xml').expect(404);
    expect(past.body.message).toBe('Sitemap page 4 does not exist: /sitemap.xml lists the product pages there are');
  });

  it('streams a page as it reads it: chunked, no Content-Length, in many pieces (never built whole in memory)', async () => {
    const address = t.http.address() as AddressInfo;
    const { headers, chunks, body } = await new Promise<{ headers: http.IncomingHttpHeaders; chunks: number; body: string }>((resolve, reject) => {
      // no Accept-Encoding: the bytes as written, not compressed
      http
        .get({ host: '127.0.0.1', port: address.port, path: '/sitemaps/products-1.xml' }, (res) => {
          let count = 0;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            count += 1;
            text += chunk;
          });
          res.on('end', () => resolve({ headers: res.headers, chunks: count, body: text }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    expect(body.length).toBeGreaterThan(250_000);
    expect(chunks).toBeGreaterThan(1);
    expect(parseSitemap(body, 'urlset')).toHaveLength(PAGE_SIZE);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await request(t.http).head('/sitemaps/products-1.xml').expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers.etag).toBeDefined();
  });
});

describe('GET /sitemaps/pages.xml', () => {
  it('lists home, each type listing, and each category and subcategory listing as the storefront links them', async () => {
    const res = await getXml('/sitemaps/pages.xml');
    expect(res.status).toBe(200);
    const locs = parseSitemap(res.body as string, 'urlset').map((entry) => entry.loc);
    expect(locs).toEqual([
      `${origin}/`,
      `${origin}/marketplace?type=equipment`,
      `${origin}/marketplace?type=service`,
      `${origin}/marketplace?type=affiliate`,
      `${origin}/marketplace?type=equipment&category=chairs`,
      `${origin}/marketplace?type=equipment&category=chairs&subcategory=stools`,
      `${origin}/marketplace?type=service&category=repairs-%26-%3Ccare%3E`,
    ]);
    expect(res.body).toContain('type=equipment&amp;category=chairs&amp;subcategory=stools');
  });
});

describe('GET /robots.txt', () => {
  it('lets crawlers in except the private screens and the API, and names the sitemap', async () => {
    const res = await request(t.http).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.text).toBe(
      ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /checkout', 'Disallow: /auth', 'Disallow: /api', 'Disallow: /orders', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n'),
    );
  });

  it("builds links on the request's host, or on PUBLIC_URL when it is set", async () => {
    const byHost = await request(t.http).get('/robots.txt').set('Host', 'shop.example.org:8443').expect(200);
    expect(byHost.text).toContain('Sitemap: http://shop.example.org:8443/sitemap.xml');
    const index = await request(t.http).get('/sitemap.xml').set('Host', 'shop.example.org').expect(200);
    expect(index.text).toContain('<loc>http://shop.example.org/sitemaps/pages.xml</loc>');

    // the configuration object the app was started with (what PUBLIC_URL sets at boot)
    const config = t.config as { publicUrl: string | undefined };
    config.publicUrl = loadConfig({ ...process.env, PUBLIC_URL: 'https://shop.example.com/' }).publicUrl;
    try {
      expect(config.publicUrl).toBe('https://shop.example.com');
      const robots = await request(t.http).get('/robots.txt').set('Host', 'other.example.net').expect(200);
      expect(robots.text).toContain('Sitemap: https://shop.example.com/sitemap.xml');
      const page = await getXml('/sitemaps/products-1.xml');
      expect(parseSitemap(page.body as string, 'urlset')[0]!.loc).toBe('https://shop.example.com/products/product-1');
    } finally {
      config.publicUrl = undefined;
    }
  });

  it('refuses a Host header that is no host name rather than echo it into links', async () => {
    const res = await request(t.http).get('/robots.txt').set('Host', 'evil.example.com/<x>').expect(400);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
    expect(res.body.message).toMatch(/Host header/);
  });
});

describe('configuration', () => {
  it('PUBLIC_URL must be an origin and SITEMAP_PAGE_SIZE at most the sitemaps.org limit', () => {
    expect(() => loadConfig({ ...process.env, PUBLIC_URL: 'shop.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...process.env, PUBLIC_URL: 'https://shop.example.com/shop' })).toThrow(/PUBLIC_URL must be the shop's public origin/);
    expect(() => loadConfig({ ...process.env, SITEMAP_PAGE_SIZE: '50001' })).toThrow(/SITEMAP_PAGE_SIZE must be a whole number of URLs between 1 and 50000/);
    expect(() => loadConfig({ ...process.env, SITEMAP_PAGE_SIZE: '0' })).toThrow(ConfigError);
    expect(loadConfig({ ...process.env, SITEMAP_PAGE_SIZE: '' }).sitemapPageSize).toBe(50_000);
  });
});
