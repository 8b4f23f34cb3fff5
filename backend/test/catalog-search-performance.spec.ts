/**
 * The search's statements on 20,000 generated products (EXPLAIN ANALYZE): 'Best match' ranks a
 * bounded number of candidates however common the word, the facets read a bounded sample and
 * capped counts, the suggestions a few index entries; other sorts walk their index for a common
 * word and sort the few matches of a rare one. No statement reads the whole table for one page.
 */
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  FACET_SAMPLE,
  type FacetsFilter,
  listProductsSql,
  productsByIdsSql,
  productFacetSecondSql,
  productFacetsSql,
  type ProductFilter,
  RANK_CANDIDATES,
  type Sql,
  SUGGEST_CANDIDATES,
  suggestionsSql,
  TOTAL_CAP,
} from '../src/catalog/product-queries.js';
import { changedProductsSql } from '../src/catalog/search/search-index.service.js';
import { CatalogueVersion } from '../src/catalog/catalogue-version.js';
import { startTestApp, type TestApp } from './helpers.js';

const ROWS = 20_000;
const PREFIX = 'search-perf-';

let t: TestApp;
let dataSource: DataSource;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

interface Explained {
  summary: string[];
  /** the most rows any one scan of products read (returned + filtered out) */
  mostRead: number;
  /** rows read by all scans of products together */
  allRead: number;
}

async function explain(sql: Sql): Promise<Explained> {
  const [row] = await dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`, sql.values);
  const json = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
  const all = nodes(json[0].Plan);
  const scans = all.filter((n) => n['Relation Name'] === 'products');
  const read = scans.map((n) => n['Actual Rows'] * n['Actual Loops'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0));
  return {
    summary: all.map((n) => `${n['Node Type']} ${n['Relation Name'] ?? ''} ${n['Index Name'] ?? ''}`.trim()),
    mostRead: Math.max(0, ...read),
    allRead: read.reduce((a, b) => a + b, 0),
  };
}

const page = (filter: Partial<ProductFilter> = {}): ProductFilter => ({ limit: 24, page: 1, ...filter });

beforeAll(async () => {
  t = await startTestApp({ CATALOGUE_CACHE_MB: '0' });
  dataSource = t.app.get(DataSource);
  // every row's name holds 'srchword'; 'Quasar' is in the name of 10 rows and the description of 10 others; 30 manufacturers
  await dataSource.query(
    `INSERT INTO products (name, description, price, category_id, subcategory_id, manufacturer, product_type, rating, in_stock, slug)
     SELECT 'Srchword ' || (ARRAY['Implant', 'Scanner', 'Crown', 'Chair', 'Autoclave'])[1 + g % 5] || CASE WHEN g % 2000 = 0 THEN ' Quasar' ELSE '' END || ' ' || g,
       'Generated search item ' || g || CASE WHEN g % 1999 = 0 THEN ' mentions a quasar' ELSE '' END,
       (g % 5000) / 10.0 + 1, s.category_id, s.id, 'Maker ' || (g % 30), c.product_type,
       CASE WHEN g % 7 = 0 THEN NULL ELSE (g % 50) / 10.0 END, g % 3 <> 0, '${PREFIX}' || g
     FROM generate_series(1, ${ROWS}) g
     JOIN (SELECT id, category_id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM subcategories) s ON s.k = g % s.n
     JOIN categories c ON c.id = s.category_id`,
  );
  await dataSource.query('VACUUM ANALYZE products');
  // written behind the API's back: its next search reads the catalogue version again (else within a second)
  t.app.get(CatalogueVersion).invalidate();
}, 180_000);

afterAll(async () => {
  await dataSource?.query(`DELETE FROM products WHERE slug LIKE '${PREFIX}%'`);
  await dataSource?.query('ANALYZE products');
  await t?.close();
});

describe(`search statements on ${ROWS} generated products (EXPLAIN ANALYZE)`, () => {
  it("'Best match' for a word in every product ranks a bounded set of candidates", async () => {
    for (const p of [1, 20]) {
      const plan = await explain(listProductsSql(page({ search: 'srchword', page: p })).page);
      // the scan stops after RANK_CANDIDATES matches (plus the few non-matching rows it passes), then the page's rows by primary key
      expect(plan.mostRead).toBeLessThan(1.25 * RANK_CANDIDATES);
      expect(plan.allRead).toBeLessThan(ROWS / 4);
      expect(plan.summary.join()).toContain('Index Scan products PK_products');
    }
  });

  it("'Best match' for a common word ranks the best-rated matches, the same ones at every request", async () => {
    // the 2,000 candidates are the best-rated matches (an unordered LIMIT took whichever rows the scan met first)
    const [{ floor }] = await dataSource.query(
      `SELECT rating::float AS floor FROM products WHERE slug LIKE '${PREFIX}%' ORDER BY rating DESC NULLS LAST, reviews_count DESC, id LIMIT 1 OFFSET ${RANK_CANDIDATES - 1}`,
    );
    const sql = listProductsSql(page({ search: 'srchword' })).page;
    const first: { id: number; rating: string }[] = await dataSource.query(sql.text, sql.values);
    expect(first).toHaveLength(24);
    for (const row of first) expect(Number(row.rating)).toBeGreaterThanOrEqual(floor);
    expect((await dataSource.query(sql.text, sql.values)).map((r: { id: number }) => r.id)).toEqual(first.map((r) => r.id));
  });

  it("'Best match' for a rare word: the document's GIN index", async () => {
    const plan = await explain(listProductsSql(page({ search: 'quasar' })).page);
    expect(plan.summary).toContain('Bitmap Index Scan  IDX_products_search_document');
    expect(plan.summary.filter((s) => s === 'Seq Scan products')).toEqual([]);
    expect(plan.mostRead).toBeLessThan(ROWS / 20);
  });

  it('a name holding the word ranks above a description mentioning it', async () => {
    const rows: { name: string }[] = await dataSource.query(listProductsSql(page({ search: 'quasar', limit: 12 })).page.text, listProductsSql(page({ search: 'quasar', limit: 12 })).page.values);
    expect(rows.slice(0, 10).every((r) => r.name.includes('Quasar'))).toBe(true);
    expect(rows[10]!.name).not.toContain('Quasar');
  });

  it('another sort with a common word walks that sort\'s index; with a rare word, sorts its few matches', async () => {
    const common = await explain(listProductsSql(page({ search: 'srchword', sort: 'price-asc' })).page);
    expect(common.summary).toContain('Index Scan products IDX_products_price');
    expect(common.allRead).toBeLessThan(ROWS / 10);
    const rare = await explain(listProductsSql(page({ search: 'quasar', sort: 'price-asc' })).page);
    expect(rare.summary).toContain('Bitmap Index Scan  IDX_products_search_document');
    expect(rare.mostRead).toBeLessThan(ROWS / 20);
  });

  it('the count stops after TOTAL_CAP + 1 matches', async () => {
    const plan = await explain(listProductsSql(page({ search: 'srchword' })).count);
    expect(plan.mostRead).toBeLessThanOrEqual(2 * (TOTAL_CAP + 1));
  });

  it('facets read a sample of FACET_SAMPLE rows, and each recount stops at TOTAL_CAP + 1', async () => {
    const filter: FacetsFilter = { search: 'srchword', manufacturer: ['Maker 3'], minRating: 2 };
    const first = await explain(productFacetsSql(filter));
    expect(first.summary.filter((s) => s === 'Seq Scan products' || s.startsWith('Bitmap Heap Scan products') || s.startsWith('Index Scan')).length).toBeGreaterThan(0);
    expect(first.mostRead).toBeLessThanOrEqual(FACET_SAMPLE + 1000);
    expect(first.allRead).toBeLessThan(ROWS / 2);
    const second = await explain(productFacetSecondSql(filter, [{ facet: 'total' }, { facet: 'productType', value: 'service' }, { facet: 'manufacturer', value: 'Maker 7' }]));
    expect(second.mostRead).toBeLessThan(ROWS / 4);
  });

  it('suggestions for a two-letter prefix read a few hundred rows at most', async () => {
    const plan = await explain(suggestionsSql('sr'));
    expect(plan.mostRead).toBeLessThan(2 * SUGGEST_CANDIDATES);
    // the best-rated matches: the rating index walked while the prefix is common, else the document's GIN index
    expect(plan.summary.join()).toMatch(/IDX_products_rating|IDX_products_search_document/);
  });
});

describe('answers at this size', () => {
  it('facets of a word in every product: capped counts, the top 20 of 30 manufacturers and more to find', async () => {
    const body = (await request(t.http).get('/api/products/facets?search=srchword&manufacturer=Maker%2029').expect(200)).body;
    // Maker 29 makes rows 29, 59, … 19979: 666, all in stock (g % 3 = 2)
    expect(body).toMatchObject({ total: 666, totalCapped: false, manufacturersMore: true, inStock: { value: true, count: 666 } });
    // 20 by count, plus the selected one; each counted without the manufacturer filter
    expect(body.manufacturers).toHaveLength(21);
    expect(body.manufacturers).toContainEqual({ value: 'Maker 29', count: 666 });
    for (const facet of body.manufacturers) expect([666, 667]).toContain(facet.count);
    const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM products WHERE slug LIKE '${PREFIX}%' AND manufacturer = 'Maker 29' AND rating >= 4`);
    expect(body.ratings[0]).toEqual({ value: 4, count: n });
    expect(body.productTypes.every((f: { count: number; capped?: boolean }) => f.count <= 666 && !f.capped)).toBe(true);
    // without the manufacturer: more than TOTAL_CAP
    const all = (await request(t.http).get('/api/products/facets?search=srchword').expect(200)).body;
    expect(all).toMatchObject({ total: 1000, totalCapped: true, inStock: { value: true, count: 1000, capped: true } });
    expect(all.ratings[3]).toEqual({ value: 1, count: 1000, capped: true });
    const found = (await request(t.http).get('/api/products/facets?search=srchword&manufacturerSearch=maker%202').expect(200)).body;
    expect(found.manufacturers.map((m: { value: string }) => m.value).sort()).toEqual(['Maker 2', ...Array.from({ length: 10 }, (_, i) => `Maker 2${i}`)].sort());
  });

  it('a page of best matches far down the list is still there (up to the capped total)', async () => {
    const body = (await request(t.http).get('/api/products?search=srchword&limit=24&page=41').expect(200)).body;
    expect(body.products).toHaveLength(24);
    expect(body).toMatchObject({ total: 1000, totalCapped: true });
  });

  it("the search index's statements: a refresh reads only the products written since (changed_txid's index), a page's rows by primary key", async () => {
    const [{ xmin }] = await dataSource.query('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin');
    await dataSource.query(`UPDATE products SET price = price WHERE id IN (SELECT id FROM products WHERE slug LIKE '${PREFIX}%' ORDER BY id LIMIT 3)`);
    await dataSource.query('ANALYZE products');
    const refresh = await explain(changedProductsSql(xmin));
    expect(refresh.summary.join(' | ')).toContain('IDX_products_changed_txid');
    expect(refresh.allRead).toBeLessThan(50);
    const [{ ids }] = await dataSource.query(`SELECT array_agg(id) AS ids FROM (SELECT id FROM products WHERE slug LIKE '${PREFIX}%' ORDER BY id DESC LIMIT 24) t`);
    const page = await explain(productsByIdsSql(ids));
    expect(page.summary.join(' | ')).toContain('PK_products');
    expect(page.allRead).toBe(24);
  });
});
