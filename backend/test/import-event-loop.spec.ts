/**
 * A large catalogue import keeps the API answering: its dry run parses and judges the file in
 * slices of a few milliseconds, so other requests (here the health check, one after another) are
 * served all through it; a parse that held the event loop would answer them once, at the end. How
 * long shoppers wait meanwhile is measured by the imports bench (`npm run bench -- --only imports`:
 * list p95 during the dry run against idle), not asserted here.
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { IMPORT_LIMITS, PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from '@dentalmarket/contracts';
import { csvLine } from '../src/common/csv.js';
import { startTestApp, tempDir, type TestApp } from './helpers.js';

let t: TestApp;
let admin: TestAgent;

beforeAll(async () => {
  t = await startTestApp();
  admin = request.agent(t.http);
  await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
});

afterAll(async () => {
  await t?.close();
});

/**
 * One more row than an import takes, each a plausible equipment product with every column filled
 * in (as an export writes them): about 50 MB, written a thousand rows at a time.
 */
function largeCsv(category: string): string {
  const file = path.join(tempDir('import-event-loop'), 'large.csv');
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, `${PRODUCT_CSV_COLUMNS.join(',')}\r\n`);
  const row = (i: number): Record<ProductCsvColumn, string> => ({
    slug: `loop-unit-${i}`,
    name: `Loop Unit ${i}`,
    product_type: 'equipment',
    category,
    subcategory: '',
    manufacturer: 'Loop Dental',
    price: `${(i % 9000) + 100}.00`,
    description: 'Treatment unit with LED light',
    image_url: `https://img.example.com/${i}.jpg`,
    in_stock: 'true',
    is_featured: 'false',
    is_new: String(i % 2 === 0),
    rating: '4.5',
    reviews_count: String(i % 300),
    delivery_time: '2-3 weeks',
    warranty: '2 years',
    affiliate_link: '',
    external_link: '',
    features: '["LED light","Memory"]',
    specifications: '{"Power":"230 V"}',
    service_details: '',
  });
  for (let from = 1; from <= IMPORT_LIMITS.rowsMax + 1; from += 1000) {
    let lines = '';
    for (let i = from; i < from + 1000 && i <= IMPORT_LIMITS.rowsMax + 1; i++) {
      const cells = row(i);
      lines += csvLine(PRODUCT_CSV_COLUMNS.map((column) => cells[column]));
    }
    fs.writeSync(fd, lines);
  }
  fs.closeSync(fd);
  return file;
}

describe('a 50 MB dry run', () => {
  it('answers other requests all through it, and is refused past the row limit with its message', async () => {
    const dataSource = t.app.get(DataSource);
    const [{ slug }] = await dataSource.query(`SELECT slug FROM categories WHERE product_type = 'equipment' ORDER BY id LIMIT 1`);
    const file = largeCsv(slug);
    expect(fs.statSync(file).size).toBeGreaterThan(45 * 1024 * 1024);
    expect(fs.statSync(file).size).toBeLessThanOrEqual(IMPORT_LIMITS.fileMaxBytes);
    const [{ n: importsBefore }] = await dataSource.query(`SELECT count(*)::int AS n FROM catalogue_imports`);

    await request(t.http).get('/api/health').expect(200); // a first request's one-time costs are not the dry run's
    let done = false;
    // streamed from disk, so the test's own client does not hold the loop either
    const dryRun = Promise.resolve(admin.post('/api/admin/imports').attach('file', file)).finally(() => (done = true));
    let healthChecks = 0;
    while (!done) {
      await request(t.http).get('/api/health').expect(200);
      healthChecks += 1;
    }
    const response = await dryRun;

    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The file has more than 200,000 rows: split it into smaller files');
    const [{ n: importsAfter }] = await dataSource.query(`SELECT count(*)::int AS n FROM catalogue_imports`);
    expect(importsAfter).toBe(importsBefore);
    // the dry run takes seconds (200,001 rows, ~50 MB): health checks sent one after another were
    // answered all through it, not once at its end
    expect(healthChecks).toBeGreaterThanOrEqual(20);
  }, 240_000);
});
