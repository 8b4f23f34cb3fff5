/** The product search's recorded terms (issue 21): first-page searches normalised, what is not recorded, long terms cut. */
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AnalyticsWriter } from '../src/analytics/analytics-writer.js';
import { freshDatabase, startTestApp, type TestApp } from './helpers.js';
import { insertProducts } from './partner-clicks-fixtures.js';

describe('search terms', () => {
  let t: TestApp;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let dataSource: DataSource;
  let writer: AnalyticsWriter;

  const terms = async () =>
    (await dataSource.query(`SELECT day::text AS day, term, searches, zero_results FROM search_term_days ORDER BY term`)) as Array<{ day: string; term: string; searches: number; zero_results: number }>;

  beforeAll(async () => {
    // a database of its own: the other tests' searches (and the seed's) stay out of the counts
    db = await freshDatabase('search_terms', { seeded: true });
    t = await startTestApp(db.env);
    dataSource = t.app.get(DataSource);
    writer = t.app.get(AnalyticsWriter);
    await insertProducts(t);
  });

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it("records the product list's first-page searches normalised, with whether they found nothing, cached answers included", async () => {
    const today = new Date().toISOString().slice(0, 10);
    await request(t.http).get('/api/products').query({ search: '  CLICKTESTIUM   Scaler ' }).expect(200);
    // the same URL again: answered from the catalogue cache, still a shopper's search
    await request(t.http).get('/api/products').query({ search: '  CLICKTESTIUM   Scaler ' }).expect(200);
    await request(t.http).get('/api/products').query({ search: 'clicktestium scaler', limit: 24 }).expect(200);
    const nothing = await request(t.http).get('/api/products').query({ search: 'Zzqxvkjwy' }).expect(200);
    expect(nothing.body.products).toEqual([]);
    // a revalidation answered 304 counts too, with the kept answer's result
    await request(t.http).get('/api/products').query({ search: 'Zzqxvkjwy' }).set('If-None-Match', nothing.headers.etag).expect(304);
    await writer.flush();
    expect(await terms()).toEqual([
      { day: today, term: 'clicktestium scaler', searches: 3, zero_results: 0 },
      { day: today, term: 'zzqxvkjwy', searches: 2, zero_results: 2 },
    ]);
  });

  it('records nothing for later pages, id look-ups, blank terms, facets, suggestions or a refused request', async () => {
    await dataSource.query(`TRUNCATE search_term_days`);
    await request(t.http).get('/api/products').query({ search: 'clicktestium', page: 2 }).expect(200);
    await request(t.http).get('/api/products').query({ search: 'clicktestium', ids: '1,2' }).expect(200);
    await request(t.http).get('/api/products').query({ search: '    ' }).expect(200);
    await request(t.http).get('/api/products/facets').query({ search: 'clicktestium' }).expect(200);
    await request(t.http).get('/api/search/suggestions').query({ q: 'clicktestium' }).expect(200);
    await request(t.http).get('/api/products').query({ search: 'clicktestium', sort: 'sideways' }).expect(400);
    await writer.flush();
    expect(await terms()).toEqual([]);
  });

  it('keeps at most 100 characters of a long term', async () => {
    await dataSource.query(`TRUNCATE search_term_days`);
    await request(t.http).get('/api/products').query({ search: `${'Implant '.repeat(20)}` }).expect(200);
    await writer.flush();
    const [row] = await terms();
    expect(row!.term).toBe('implant '.repeat(13).slice(0, 100).trimEnd());
    expect(row!.term.length).toBeLessThanOrEqual(100);
  });
});
