import fs from 'node:fs';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import {
  categoriesSql,
  featuredProductsSql,
  listProductsSql,
  type PagedSql,
  type ProductFilter,
  productsByCategorySql,
  productsBySubcategorySql,
  productsByTypeSql,
  type Sql,
} from '../src/catalog/product-queries.js';
import { adminProductsSql, type AdminSortField } from '../src/catalog/admin-product-queries.js';
import { CatalogueVersion } from '../src/catalog/catalogue-version.js';
import { ProductsService } from '../src/catalog/products.service.js';
import { startTestApp, type TestApp } from './helpers.js';
import { eventually } from './eventually.js';

const ROWS = 20_000;
const PREFIX = 'perf-test-';

let t: TestApp;
let dataSource: DataSource;
let admin: TestAgent;
let categoryId: number;
let subcategoryId: number;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Space Type'?: string;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function plan(sql: Sql): Promise<PlanNode[]> {
  const [row] = await dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`, sql.values);
  const json = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
  return nodes(json[0].Plan);
}

/** The page is read through an index of products: no scan of the table, no sort spilled to disk. */
async function expectIndexed(sql: PagedSql, { ordered }: { ordered: boolean }): Promise<string[]> {
  const all = await plan(sql.page);
  const summary = all.map((n) => `${n['Node Type']} ${n['Relation Name'] ?? ''} ${n['Index Name'] ?? ''}`.trim());
  // what the statement read: a branch that never ran (a search's other sort plans both ways, one runs) read nothing
  expect(all.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'products' && n['Actual Loops'] > 0)).toEqual([]);
  expect(summary.some((s) => / (IDX|PK|UQ)_products_?\w*$/.test(s))).toBe(true);
  expect(all.filter((n) => n['Sort Space Type'] === 'Disk')).toEqual([]);
  // the index already hands rows over in the requested order
  if (ordered) expect(summary.filter((s) => s.startsWith('Sort') || s.startsWith('Incremental Sort'))).toEqual([]);
  return summary;
}

const page = (filter: Partial<ProductFilter> = {}): ProductFilter => ({ limit: 24, page: 1, ...filter });

beforeAll(async () => {
  t = await startTestApp();
  dataSource = t.app.get(DataSource);
  // one statement: subcategory g mod n (with its category and that category's type) for row g
  await dataSource.query(
    `INSERT INTO products (name, description, price, category_id, subcategory_id, manufacturer, product_type,
       is_featured, is_new, rating, reviews_count, created_at, slug)
     SELECT 'Perfword ' || (ARRAY['Implant', 'Scanner', 'Crown', 'Chair', 'Autoclave'])[1 + g % 5] || ' ' || g,
       'Generated item ' || g || ' ' || md5(g::text), (g % 5000) / 10.0 + 1, s.category_id, s.id,
       (ARRAY['Acme', 'Dentsply', 'Planmeca'])[1 + g % 3], c.product_type,
       g % 200 = 0, g % 150 = 0, CASE WHEN g % 7 = 0 THEN NULL ELSE (g % 50) / 10.0 END, g % 300,
       now() - g * interval '1 minute', '${PREFIX}' || g
     FROM generate_series(1, ${ROWS}) g
     JOIN (SELECT id, category_id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM subcategories) s ON s.k = g % s.n
     JOIN categories c ON c.id = s.category_id`,
  );
  // the steady state autovacuum keeps: fresh statistics, and the GIN indexes' pending lists
  // (where a bulk insert lands) merged, which is what makes the planner trust them
  await dataSource.query('VACUUM ANALYZE products');
  // written past the API: drop the version this instance may have read before, as an admin write does
  t.app.get(CatalogueVersion).invalidate();
  [{ category_id: categoryId, subcategory_id: subcategoryId }] = await dataSource.query(
    `SELECT category_id, subcategory_id FROM products WHERE slug = '${PREFIX}1'`,
  );
  admin = request.agent(t.http);
  await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
}, 120_000);

afterAll(async () => {
  // other spec files share this database
  await dataSource?.query(`DELETE FROM products WHERE slug LIKE '${PREFIX}%'`);
  await dataSource?.query('ANALYZE products');
  await t?.close();
});

describe(`the catalogue SQL is served by indexes (EXPLAIN on ${ROWS} generated products)`, () => {
  it('product-queries.ts and its parts import only each other (a bare pg benchmark server runs them)', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = fs.readFileSync(new URL(`../src/catalog/${file}`, import.meta.url), 'utf8');
      for (const [, from] of source.matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^']+)'/gm)) {
        expect([file, from]).toEqual([file, expect.stringMatching(/^\.\/product-[a-z-]+\.js$/)]);
        visit(from!.replace(/^\.\//, '').replace(/\.js$/, '.ts'));
      }
    };
    visit('product-queries.ts');
    expect(seen.size).toBeGreaterThan(1);
  });

  it.each([
    ['default list (name)', page()],
    ['price-asc', page({ sort: 'price-asc' })],
    ['price-desc', page({ sort: 'price-desc' })],
    ['newest', page({ sort: 'newest' })],
    ['rating', page({ sort: 'rating' })],
    ['a later page', page({ page: 30 })],
    ['productType', page({ productType: 'equipment' })],
    ['productType + price-asc', page({ productType: 'equipment', sort: 'price-asc' })],
    ['productType + rating', page({ productType: 'equipment', sort: 'rating' })],
    ['productType + newest', page({ productType: 'equipment', sort: 'newest' })],
  ])('GET /api/products, %s: an ordered index walk', async (_label, filter) => {
    await expectIndexed(listProductsSql(filter), { ordered: true });
  });

  it.each([
    ['featured', page({ featured: true }), /IDX_products_featured/],
    ['new', page({ new: true }), /IDX_products_new/],
  ])('GET /api/products, %s: its partial index', async (_label, filter, index) => {
    expect((await expectIndexed(listProductsSql(filter), { ordered: false })).join()).toMatch(index);
  });

  it('categoryId and subcategoryId, each sort: an ordered index walk', async () => {
    for (const sort of [undefined, 'price-asc', 'price-desc', 'newest', 'rating'] as const) {
      await expectIndexed(listProductsSql(page({ categoryId, sort })), { ordered: true });
      await expectIndexed(listProductsSql(page({ subcategoryId, sort })), { ordered: true });
    }
  });

  it('the array endpoints: by type, by category, by subcategory, featured', async () => {
    const pageParams = { limit: 100, page: 1 };
    expect(await expectIndexed(productsByTypeSql('equipment', pageParams), { ordered: true })).toContain('Index Scan products IDX_products_type_name');
    await expectIndexed(productsByCategorySql(categoryId, pageParams), { ordered: true });
    await expectIndexed(productsBySubcategorySql(subcategoryId, pageParams), { ordered: true });
    // a small subset: its partial index, then sorting a few hundred rows may well beat an ordered walk
    expect((await expectIndexed(featuredProductsSql(pageParams), { ordered: false })).join()).toMatch(/IDX_products_featured/);
  });

  it("search: the full-text document's GIN index, rare and common terms", async () => {
    const rare = await expectIndexed(listProductsSql(page({ search: 'generated item 1234' })), { ordered: false });
    expect(rare.join()).toMatch(/IDX_products_search_document/);
    // a common word's bounded ranking (a LIMITed scan may be sequential): catalog-search-performance.spec.ts
    await expectIndexed(listProductsSql(page({ search: 'scanner', productType: 'equipment', sort: 'price-asc' })), { ordered: false });
  });

  it.each(['name', 'product_type', 'price', 'in_stock', 'created_at'] as const)('the admin grid sorted by %s, both directions: an ordered index walk', async (sortField: AdminSortField) => {
    for (const sortDirection of ['asc', 'desc'] as const) {
      await expectIndexed(adminProductsSql({ sortField, sortDirection, limit: 25, page: 1 }), { ordered: true });
      await expectIndexed(adminProductsSql({ sortField, sortDirection, limit: 25, page: 40 }), { ordered: true });
    }
  });

  it('the admin grid by category, and filtered: through indexes of products', async () => {
    for (const sortDirection of ['asc', 'desc'] as const) {
      await expectIndexed(adminProductsSql({ sortField: 'category', sortDirection, limit: 25, page: 1 }), { ordered: false });
      await expectIndexed(adminProductsSql({ categoryId, sortField: 'name', sortDirection, limit: 25, page: 1 }), { ordered: true });
      await expectIndexed(adminProductsSql({ productType: 'equipment', sortField: 'price', sortDirection, limit: 25, page: 1 }), { ordered: true });
      await expectIndexed(adminProductsSql({ inStock: true, sortField: 'in_stock', sortDirection, limit: 25, page: 1 }), { ordered: true });
    }
  });

  it('counts stop after 1001 rows', async () => {
    const count = listProductsSql(page({ search: 'perfword' })).count;
    expect(count.text).toMatch(/LIMIT 1001\) t$/);
    const [{ total }] = await dataSource.query(count.text, count.values);
    expect(total).toBe(1001);
  });

  it('categories with their subcategory counts in one statement', async () => {
    const sql = categoriesSql('equipment');
    const rows = await dataSource.query(sql.text, sql.values);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row: { product_type: string; subcategory_count: number }) => row.product_type === 'equipment' && Number.isInteger(row.subcategory_count))).toBe(true);
  });
});

describe('capped totals', () => {
  it('GET /api/products: exact up to 1000, else 1000 with totalCapped', async () => {
    const capped = (await request(t.http).get('/api/products?search=perfword&limit=5').expect(200)).body;
    expect(capped).toMatchObject({ total: 1000, totalCapped: true, page: 1, limit: 5 });
    expect(capped.products).toHaveLength(5);
    const exact = (await request(t.http).get('/api/products?search=generated%20item%201234&limit=5').expect(200)).body;
    // item 1234 and 12340..12349
    expect(exact.total).toBe(11);
    expect(exact).not.toHaveProperty('totalCapped');
    const lastPage = (await request(t.http).get('/api/products?search=generated%20item%201234&limit=5&page=3').expect(200)).body;
    expect(lastPage).toMatchObject({ total: 11, page: 3 });
    expect(lastPage.products).toHaveLength(1);
    const none = (await request(t.http).get('/api/products?search=zzqxjv').expect(200)).body;
    expect(none).toMatchObject({ products: [], total: 0 });
  });

  it('the array endpoints: X-Total-Count 1000 with X-Total-Count-Capped, and no last link', async () => {
    const res = await request(t.http).get('/api/products/by-type/equipment?limit=10&page=2').expect(200);
    expect(res.headers['x-total-count']).toBe('1000');
    expect(res.headers['x-total-count-capped']).toBe('true');
    expect(res.headers.link).toContain('rel="next"');
    expect(res.headers.link).toContain('rel="prev"');
    expect(res.headers.link).not.toContain('rel="last"');
    const small = await request(t.http).get('/api/featured-products?limit=5').expect(200);
    expect(small.headers['x-total-count-capped']).toBeUndefined();
    expect(Number(small.headers['x-total-count'])).toBeLessThan(1000);
  });
});

describe('search falls back to trigram similarity when nothing matches', () => {
  it("'implnt' finds implants and says it searched 'implant'", async () => {
    const body = (await request(t.http).get('/api/products?search=implnt&limit=10').expect(200)).body;
    expect(body.correctedSearch).toBe('implant');
    expect(body.products.length).toBeGreaterThan(0);
    for (const product of body.products) expect(`${product.name} ${product.description}`).toMatch(/implant/i);
    const exact = (await request(t.http).get('/api/products?search=implant&limit=1').expect(200)).body;
    expect(exact).not.toHaveProperty('correctedSearch');
    expect(body.total).toBe(exact.total);
  });

  it('nothing close enough: an empty page, no correction', async () => {
    const body = (await request(t.http).get('/api/products?search=qqxxzzkk').expect(200)).body;
    expect(body).toEqual({ products: [], total: 0, page: 1, limit: 50 });
  });
});

describe('HTTP caching', () => {
  it('a strong ETag; If-None-Match answers 304 with no body and without running the query', async () => {
    const first = await request(t.http).get('/api/products?limit=3').expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    const service = t.app.get(ProductsService);
    const list = jest.spyOn(service, 'list');
    try {
      const again = await request(t.http).get('/api/products?limit=3').set('If-None-Match', etag).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(list).not.toHaveBeenCalled();
    } finally {
      list.mockRestore();
    }
    // another URL is another representation
    const other = await request(t.http).get('/api/products?limit=4').set('If-None-Match', etag).expect(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it.each(['/api/products/by-type/service', '/api/featured-products', '/api/categories', '/api/subcategories', `/api/products/${PREFIX}2`])(
    '%s revalidates with 304',
    async (url) => {
      const first = await request(t.http).get(url).expect(200);
      await request(t.http).get(url).set('If-None-Match', first.headers.etag).expect(304);
    },
  );

  it('after an admin write the ETag changes and the page is sent again', async () => {
    const before = await request(t.http).get('/api/products?limit=3').expect(200);
    const [{ id }] = await dataSource.query(`SELECT id FROM products WHERE slug = '${PREFIX}3'`);
    await admin.put(`/api/admin/products/${id}`).send({ price: '777.00' }).expect(200);
    const after = await request(t.http).get('/api/products?limit=3').set('If-None-Match', before.headers.etag).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('a write from outside the API (another instance, psql) changes the version too', async () => {
    const [{ version: before }] = await dataSource.query('SELECT version FROM catalogue_state');
    await dataSource.query(`UPDATE products SET reviews_count = reviews_count + 1 WHERE slug = '${PREFIX}4'`);
    const [{ version: after }] = await dataSource.query('SELECT version FROM catalogue_state');
    expect(BigInt(after)).toBeGreaterThan(BigInt(before));
  });

  it('Cache-Control: public for anonymous reads, private for a session, no-store for admin', async () => {
    const anonymous = await request(t.http).get('/api/categories').expect(200);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(anonymous.headers.vary).toMatch(/Cookie/);
    const signedIn = await admin.get('/api/categories').expect(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
    const grid = await admin.get('/api/admin/products').expect(200);
    expect(grid.headers['cache-control']).toBe('no-store');
  });

  it('errors carry no catalogue validator and no public caching', async () => {
    const missing = await request(t.http).get('/api/products/no-such-product-anywhere').expect(404);
    // at most Express's own weak ETag of the error body
    expect(missing.headers.etag ?? 'W/').toMatch(/^W\//);
    expect(missing.headers['cache-control']).toBeUndefined();
  });
});

describe('catalogue responses are kept per catalogue version', () => {
  it('the same URL again, signed in or not: the same body and headers, no query', async () => {
    const url = `/api/featured-products?limit=2&page=2`;
    const first = await request(t.http).get(url).expect(200);
    const service = t.app.get(ProductsService);
    const featured = jest.spyOn(service, 'featured');
    try {
      const again = await request(t.http).get(url).expect(200);
      const signedIn = await admin.get(url).expect(200);
      expect(featured).not.toHaveBeenCalled();
      for (const response of [again, signedIn]) {
        expect(response.body).toEqual(first.body);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.headers['x-total-count']).toBe(first.headers['x-total-count']);
        expect(response.headers.link).toBe(first.headers.link);
        expect(response.headers.etag).toBe(first.headers.etag);
      }
      expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    } finally {
      featured.mockRestore();
    }
  });

  it('many requests for a URL no one asked before: one query, every request answered alike', async () => {
    const url = '/api/products?search=perf&limit=7&sort=price-desc';
    const service = t.app.get(ProductsService);
    const list = jest.spyOn(service, 'list');
    try {
      const responses = await Promise.all(Array.from({ length: 12 }, () => request(t.http).get(url).expect(200)));
      expect(list).toHaveBeenCalledTimes(1);
      expect(responses[0]!.body.products).toHaveLength(7);
      for (const response of responses) expect(response.text).toBe(responses[0]!.text);
    } finally {
      list.mockRestore();
    }
  });

  it("an admin's write is in the next response", async () => {
    const slug = `${PREFIX}5`;
    const before = (await request(t.http).get(`/api/products/${slug}`).expect(200)).body;
    await request(t.http).get(`/api/products/${slug}`).expect(200);
    await admin.put(`/api/admin/products/${before.id}`).send({ price: '654.32' }).expect(200);
    const after = (await request(t.http).get(`/api/products/${slug}`).expect(200)).body;
    expect(after.price).toBe('654.32');
  });

  it('a write from outside the API is served within the version check (at most a second)', async () => {
    const slug = `${PREFIX}6`;
    const before = (await request(t.http).get(`/api/products/${slug}`).expect(200)).body;
    await dataSource.query(`UPDATE products SET reviews_count = reviews_count + 5 WHERE slug = '${slug}'`);
    const after = await eventually(async () => (await request(t.http).get(`/api/products/${slug}`).expect(200)).body, {
      accept: (product) => product.reviews_count === before.reviews_count + 5,
      timeout: 5_000,
      what: 'the outside write in the answer',
    });
    expect(after.reviews_count).toBe(before.reviews_count + 5);
  });

  it('an error is not kept', async () => {
    await request(t.http).get('/api/categories/no-such-category/products').expect(404);
    await request(t.http).get('/api/categories/no-such-category/products').expect(404);
  });
});

describe('compression', () => {
  it('brotli when accepted, else gzip; each coding its own ETag', async () => {
    const br = await request(t.http).get('/api/products?limit=50').set('Accept-Encoding', 'br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.products).toHaveLength(50);
    const gzip = await request(t.http).get('/api/products?limit=50').set('Accept-Encoding', 'gzip, deflate').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).not.toBe(br.headers.etag);
    const both = await request(t.http).get('/api/products?limit=50').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(both.headers['content-encoding']).toBe('br');
    expect(both.headers.etag).toBe(br.headers.etag);
  });
});
