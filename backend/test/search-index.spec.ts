/**
 * The in-process search index against PostgreSQL (issue 19): it answers what the SQL search
 * answers (a second API with SEARCH_INDEX=off on the same database is the reference), follows
 * writes made by any connection (inserted, renamed, repriced, deleted products; a transaction
 * that commits after the index's read is not missed), and `facets=true` on the list answers what
 * GET /api/products/facets answers. On a database of its own: it writes products.
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { CatalogueVersion } from '../src/catalog/catalogue-version.js';
import { SearchIndexService } from '../src/catalog/search/search-index.service.js';
import { ProductsService } from '../src/catalog/products.service.js';
import { Params, searchQuery } from '../src/catalog/product-queries.js';
import { parseTsQuery } from '../src/catalog/search/tsquery.js';
import { eventually } from './eventually.js';
import { freshDatabase, startTestApp, type TestApp } from './helpers.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let t: TestApp;
let sql: TestApp;
let dataSource: DataSource;
let category: { id: number; subcategory_id: number };

/** A write by another connection: seen at this API's next read of the catalogue version, which the test makes now. */
async function written<T>(text: string, values: unknown[] = []): Promise<T> {
  const rows = (await dataSource.query(text, values)) as T;
  t.app.get(CatalogueVersion).invalidate();
  return rows;
}

let made = 0;
async function make(name: string, fields: { price?: string; description?: string } = {}): Promise<number> {
  made += 1;
  const [{ id }] = await written<{ id: number }[]>(
    `INSERT INTO products (name, description, price, category_id, subcategory_id, manufacturer, product_type, slug)
     VALUES ($1, $2, $3, $4, $5, 'Indexco', 'equipment', $6) RETURNING id`,
    [name, fields.description ?? 'Plain text.', fields.price ?? '10.00', category.id, category.subcategory_id, `search-index-spec-${made}`],
  );
  return id;
}

const ids = (res: request.Response) => (res.body.products as { id: number }[]).map((p) => p.id);

beforeAll(async () => {
  database = await freshDatabase('search_index', { seeded: true });
  t = await startTestApp({ ...database.env, CATALOGUE_CACHE_MB: '0' });
  dataSource = t.app.get(DataSource);
  // the reference: the same database searched in SQL
  sql = await startTestApp({ CATALOGUE_CACHE_MB: '0', SEARCH_INDEX: 'off', DATABASE_URL: (dataSource.options as { url: string }).url }, { seed: false });
  [category] = await dataSource.query(
    `SELECT c.id, min(s.id) AS subcategory_id FROM categories c JOIN subcategories s ON s.category_id = c.id WHERE c.product_type = 'equipment' GROUP BY c.id ORDER BY c.id LIMIT 1`,
  );
  expect(await t.app.get(SearchIndexService).whenLoaded()).toBe(true);
});

afterAll(async () => {
  await sql?.close();
  await t?.close();
  await database?.drop();
});

describe("a search's reading", () => {
  it('of plain words, put together word by word, is what PostgreSQL reads from the whole search', async () => {
    const words = ['dental', 'the', 'Autoclave', 'handpieces', 'scal', 'and', 'x', 'ultrasonic', 'chairs', 'implnt', 'a', 'Meridian'];
    const terms = [...words, ...words.flatMap((a, i) => words.filter((_, j) => j !== i && (i + j) % 3 === 0).map((b) => `${a} ${b}`)), 'the and a', 'dental the', 'scal dental autoclave handp'];
    const service = t.app.get(ProductsService);
    for (const term of terms) {
      const params = new Params();
      const [{ q }] = await dataSource.query(`SELECT (${searchQuery(term, params)})::text AS q`, params.values);
      expect([term, await service['tsquery'](term)]).toEqual([term, parseTsQuery(q)]);
    }
  });
});

describe('the same answers as the SQL search', () => {
  const searches = ['dental', 'implant', 'scan', 'autocl', 'handpiece light', 'chair -dental', 'scanner or autoclave', 'the'];
  const sorts = ['name', 'price-asc', 'price-desc', 'newest', 'rating'];

  it.each(searches)("'%s': the same products in every order but 'Best match', the same total and the same facet counts", async (search) => {
    for (const sort of sorts) {
      const path = `/api/products?search=${encodeURIComponent(search)}&sort=${sort}&limit=10`;
      const [mine, theirs] = await Promise.all([request(t.http).get(path).expect(200), request(sql.http).get(path).expect(200)]);
      expect({ sort, ids: ids(mine), total: mine.body.total }).toEqual({ sort, ids: ids(theirs), total: theirs.body.total });
    }
    const best = `/api/products?search=${encodeURIComponent(search)}&limit=100`;
    const [mine, theirs] = await Promise.all([request(t.http).get(best).expect(200), request(sql.http).get(best).expect(200)]);
    // 'Best match' ranks by its own weights: the same products, maybe in another order among equals
    expect(new Set(ids(mine))).toEqual(new Set(ids(theirs)));
    const facets = `/api/products/facets?search=${encodeURIComponent(search)}`;
    const [myFacets, theirFacets] = await Promise.all([request(t.http).get(facets).expect(200), request(sql.http).get(facets).expect(200)]);
    expect(myFacets.body).toEqual(theirFacets.body);
  });

  it("suggestions show the same products' fields as the SQL ones, and the same categories", async () => {
    for (const q of ['den', 'implant', 'scanner or', 'au']) {
      const path = `/api/search/suggestions?q=${encodeURIComponent(q)}`;
      const [mine, theirs] = await Promise.all([request(t.http).get(path).expect(200), request(sql.http).get(path).expect(200)]);
      expect(mine.body.categories).toEqual(theirs.body.categories);
      const theirById = new Map((theirs.body.products as { id: number }[]).map((p) => [p.id, p]));
      const shared = (mine.body.products as { id: number }[]).filter((p) => theirById.has(p.id));
      expect(shared.length).toBeGreaterThan(0);
      for (const product of shared) expect(product).toEqual(theirById.get(product.id));
    }
  });

  it('a filtered search counts the same', async () => {
    const path = '/api/products/facets?search=dental&inStock=true&minPrice=100&maxPrice=5000&minRating=4';
    const [mine, theirs] = await Promise.all([request(t.http).get(path).expect(200), request(sql.http).get(path).expect(200)]);
    expect(mine.body).toEqual(theirs.body);
    expect(mine.body.total).toBeGreaterThan(0);
  });
});

describe('facets=true on the list', () => {
  it('answers the page and the counts GET /api/products/facets answers, in one request', async () => {
    for (const query of ['search=dental&manufacturer=Restorix&manufacturer=Nordhaus', 'search=handpeice', 'productType=equipment&inStock=true']) {
      const list = await request(t.http).get(`/api/products?${query}&facets=true&limit=5`).expect(200);
      const facets = await request(t.http).get(`/api/products/facets?${query}`).expect(200);
      const { correctedSearch, ...counts } = facets.body as { correctedSearch?: string };
      expect(list.body.facets).toEqual(counts);
      expect(list.body.correctedSearch).toBe(correctedSearch);
      expect(list.body.total).toBe(facets.body.total);
    }
    expect((await request(t.http).get('/api/products?search=handpeice&facets=true').expect(200)).body.correctedSearch).toBe('handpiece');
    // without it, no counts
    expect((await request(t.http).get('/api/products?search=dental').expect(200)).body.facets).toBeUndefined();
    // the SQL search answers it the same way
    const theirs = await request(sql.http).get('/api/products?search=dental&facets=true&limit=5').expect(200);
    expect(theirs.body.facets).toEqual((await request(t.http).get('/api/products?search=dental&facets=true&limit=5').expect(200)).body.facets);
  });

  it('refuses a facets value that is not a boolean with a 400 naming it', async () => {
    const res = await request(t.http).get('/api/products?search=dental&facets=maybe').expect(400);
    expect(JSON.stringify(res.body)).toContain('facets must be true or false');
  });
});

describe('following the table', () => {
  it('finds a product inserted, renamed, repriced or deleted by another connection', async () => {
    const id = await make('Quorbulator Mark 1', { price: '50.00' });
    expect(ids(await request(t.http).get('/api/products?search=quorbulator').expect(200))).toEqual([id]);
    await written(`UPDATE products SET name = 'Vexillator Mark 1', price = 75 WHERE id = $1`, [id]);
    expect((await request(t.http).get('/api/products?search=quorbulator').expect(200)).body.total).toBe(0);
    expect(ids(await request(t.http).get('/api/products?search=vexillator&minPrice=75&maxPrice=75').expect(200))).toEqual([id]);
    // not a search (an exact stock flag change) still shows in the counts
    await written('UPDATE products SET in_stock = false WHERE id = $1', [id]);
    expect((await request(t.http).get('/api/products/facets?search=vexillator').expect(200)).body.inStock).toEqual({ value: true, count: 0 });
    await written('DELETE FROM products WHERE id = $1', [id]);
    expect((await request(t.http).get('/api/products?search=vexillator').expect(200)).body.total).toBe(0);
  });

  it('does not miss a transaction that commits after the index has read the table', async () => {
    const client = new pg.Client({ connectionString: (dataSource.options as { url: string }).url });
    await client.connect();
    try {
      // a transaction that has its id before the other write but commits after the index's read
      await client.query('BEGIN');
      await client.query('SELECT pg_current_xact_id()');
      const other = await make('Fastcommit Gizmo');
      expect(ids(await request(t.http).get('/api/products?search=fastcommit').expect(200))).toEqual([other]);
      await client.query(
        `INSERT INTO products (name, description, price, category_id, subcategory_id, manufacturer, product_type, slug)
         VALUES ('Slowcommit Gizmo', 'x', 1, $1, $2, 'Indexco', 'equipment', 'search-index-spec-slow')`,
        [category.id, category.subcategory_id],
      );
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    t.app.get(CatalogueVersion).invalidate();
    expect((await request(t.http).get('/api/products?search=slowcommit').expect(200)).body.products.map((p: { name: string }) => p.name)).toEqual(['Slowcommit Gizmo']);
  });

  it('answers a phrase in SQL with the index loaded', async () => {
    const id = await make('Widget Phrasetest Holder', { description: 'holder widget phrasetest' });
    expect(ids(await request(t.http).get(`/api/products?search=${encodeURIComponent('"widget phrasetest"')}`).expect(200))).toEqual([id]);
    expect(ids(await request(t.http).get(`/api/products?search=${encodeURIComponent('"holder widget phrasetest"')}`).expect(200))).toEqual([id]);
    // the words, but never side by side in this order: the phrase itself finds nothing (the typo fallback then searches one word)
    expect((await request(t.http).get(`/api/products?search=${encodeURIComponent('"widget holder"')}`).expect(200)).body.correctedSearch).toBeDefined();
  });

  it('a catalogue mostly rewritten is compacted by a fresh load in the background, answering the same meanwhile', async () => {
    const service = t.app.get(SearchIndexService);
    const before = (await request(t.http).get('/api/products/facets?search=dental').expect(200)).body;
    // every product rewritten: two thirds of the slots dead after the refresh
    await written('UPDATE products SET name = name');
    expect((await request(t.http).get('/api/products/facets?search=dental').expect(200)).body).toEqual(before);
    await service.settled();
    expect((await service.current())!.deadShare).toBe(0);
    expect((await request(t.http).get('/api/products/facets?search=dental').expect(200)).body).toEqual(before);
  });
});

describe('the index thread', () => {
  it('stopping under load: searches keep answering (SQL meanwhile), and a fresh thread loads the index again', async () => {
    const service = t.app.get(SearchIndexService);
    const reference = (await request(sql.http).get('/api/products?search=dental&facets=true').expect(200)).body;
    // an uncaught error in the thread ends it, as terminate() does
    const searches = Array.from({ length: 20 }, () => request(t.http).get('/api/products?search=dental&facets=true').then((res) => res)); // sent now
    await (service as unknown as { thread: { terminate(): Promise<void> } }).thread.terminate();
    for (const res of await Promise.all(searches)) {
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(reference.total);
    }
    expect(await service.whenLoaded()).toBe(true);
    const again = (await request(t.http).get('/api/products?search=dental&facets=true').expect(200)).body;
    expect(again.facets).toEqual(reference.facets);
    expect((await service.current())!.count).toBeGreaterThan(0);
  });
});

describe('readiness after a start', () => {
  it('answers 503 until the first load is done, so a load balancer sends a new process no searches that would wait for it', async () => {
    // the products table held by another transaction: the new process's first load waits on it
    const url = (dataSource.options as { url: string }).url;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    let late: TestApp | undefined;
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
      late = await startTestApp({ DATABASE_URL: url, CATALOGUE_CACHE_MB: '0' }, { seed: false });
      const waiting = await request(late.http).get('/api/health/ready').expect(503);
      expect(waiting.body).toEqual({ statusCode: 503, message: 'Search index loading', error: 'Service Unavailable' });
      expect(waiting.headers['retry-after']).toBeDefined();
      await holder.query('ROLLBACK');
      expect(await late.app.get(SearchIndexService).whenLoaded()).toBe(true);
      await request(late.http).get('/api/health/ready').expect(200);
    } finally {
      await holder.end();
      await late?.close();
    }
  }, 60_000);

  it('is not held up by the index when it is off, nor by a later reload', async () => {
    const url = (dataSource.options as { url: string }).url;
    // `sql` (SEARCH_INDEX=off) is ready at once; `t` stays ready while its index thread is replaced
    await request(sql.http).get('/api/health/ready').expect(200);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
      const service = t.app.get(SearchIndexService);
      await (service as unknown as { thread: { terminate(): Promise<void> } }).thread.terminate();
      // a search starts the reload, which waits on the held table
      const search = request(t.http).get('/api/products?search=dental').then((res) => res.status);
      await request(t.http).get('/api/health/ready').expect(200);
      await holder.query('ROLLBACK');
      expect(await search).toBe(200);
      expect(await service.whenLoaded()).toBe(true);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
  }, 60_000);
});

describe('the index kept in a file (SEARCH_INDEX_DIR)', () => {
  it('a later start reads it and the writes made since, answering as the index that followed them does; a file that is not an index is read around', async () => {
    const directory = t.config.searchIndexDir!;
    const [{ identity }] = (await dataSource.query(
      "SELECT (SELECT system_identifier::text FROM pg_control_system()) || '-' || oid::text AS identity FROM pg_database WHERE datname = current_database()",
    )) as { identity: string }[];
    const file = path.join(directory, `${identity}.idx`);
    // `t` keeps its index after each full load (its first, the compaction above): once any compaction
    // is done, a search answered by its thread comes after the file's write (the thread answers in order)
    await t.app.get(SearchIndexService).settled();
    await request(t.http).get('/api/products?search=dental').expect(200);
    const kept = await eventually(() => fs.existsSync(file) && fs.statSync(file).mtimeMs, { what: `${file} kept` });
    // written after the file was kept: a later start finds them through the refresh from the file's xmin
    const added = await make('Filekept Widget', { description: 'Written after the index file.' });
    await written('DELETE FROM products WHERE id = (SELECT min(id) FROM products WHERE name ILIKE $1)', ['%kit%']);
    const url = (dataSource.options as { url: string }).url;
    const later = await startTestApp({ DATABASE_URL: url, CATALOGUE_CACHE_MB: '0', SEARCH_INDEX_DIR: directory }, { seed: false });
    try {
      expect(await later.app.get(SearchIndexService).whenLoaded()).toBe(true);
      for (const q of ['filekept', 'kit', 'dental']) {
        const route = `/api/products?search=${q}&limit=50&facets=true`;
        // the reference: `t`, whose index followed the same writes as they were made ('Best match' is the index's own order), and the SQL search's total
        const [indexed, followed, reference] = await Promise.all([later, t, sql].map((app) => request(app.http).get(route).expect(200)));
        expect(ids(indexed)).toEqual(ids(followed!));
        expect(indexed!.body.facets).toEqual(followed!.body.facets);
        expect(indexed!.body.total).toBe(reference!.body.total);
      }
      expect(ids(await request(later.http).get('/api/products?search=filekept').expect(200))).toEqual([added]);
      // read, not rebuilt: the file is as `t` kept it
      expect(fs.statSync(file).mtimeMs).toBe(kept);
    } finally {
      await later.close();
    }
    // not an index file: the next start reads the catalogue, answers, and keeps a good file again
    fs.writeFileSync(file, 'not an index');
    const fresh = await startTestApp({ DATABASE_URL: url, CATALOGUE_CACHE_MB: '0', SEARCH_INDEX_DIR: directory }, { seed: false });
    try {
      expect(await fresh.app.get(SearchIndexService).whenLoaded()).toBe(true);
      expect(ids(await request(fresh.http).get('/api/products?search=filekept').expect(200))).toEqual([added]);
      await eventually(() => fs.readFileSync(file).subarray(0, 8).toString('latin1') === 'DMSIDX02', { what: 'a good index file kept again' });
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
