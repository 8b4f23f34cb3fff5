/**
 * A large catalogue import keeps the API answering: its dry run parses and judges the file in
 * slices of a few milliseconds, so other requests (here the health check, one after another) are
 * served all through it; a parse that held the event loop would answer them once, at the end. A
 * file over the row limit is refused by a count of its rows before any is judged. How
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
 * `rows` plausible equipment products with every column filled in (as an export writes them), or,
 * `short`, with the slug alone filled in; written a thousand rows at a time.
 */
function csvFile(category: string, rows: number, { short = false } = {}): string {
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
  for (let from = 1; from <= rows; from += 1000) {
    let lines = '';
    for (let i = from; i < from + 1000 && i <= rows; i++) {
      const cells = row(i);
      lines += csvLine(PRODUCT_CSV_COLUMNS.map((column) => (short && column !== 'slug' ? '' : cells[column])));
    }
    fs.writeSync(fd, lines);
  }
  fs.closeSync(fd);
  return file;
}

const importsCount = async () => (await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM catalogue_imports`))[0].n as number;
const equipmentCategory = async () => (await t.app.get(DataSource).query(`SELECT slug FROM categories WHERE product_type = 'equipment' ORDER BY id LIMIT 1`))[0].slug as string;

describe('a large dry run', () => {
  it('answers other requests all through it', async () => {
    // 20,000 full rows (~5 MB): seconds of parsing and judging, in slices of a few milliseconds
    const file = csvFile(await equipmentCategory(), 20_000);
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
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ total: 20_000, counts: { create: 20_000, update: 0, unchanged: 0, error: 0 } });
    // health checks sent one after another were answered all through it, not once at its end
    expect(healthChecks).toBeGreaterThanOrEqual(20);
  }, 240_000);

  it(`refuses a file past ${IMPORT_LIMITS.rowsMax.toLocaleString('en-US')} rows with its message, storing nothing`, async () => {
    // one row too many (with the slug alone: 4 MB): refused by the count before a row is judged
    const file = csvFile(await equipmentCategory(), IMPORT_LIMITS.rowsMax + 1, { short: true });
    expect(fs.statSync(file).size).toBeLessThanOrEqual(IMPORT_LIMITS.fileMaxBytes);
    const before = await importsCount();
    const response = await admin.post('/api/admin/imports').attach('file', file);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The file has more than 200,000 rows: split it into smaller files');
    expect(await importsCount()).toBe(before);
  }, 240_000);
});
