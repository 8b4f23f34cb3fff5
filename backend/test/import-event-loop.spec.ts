/**
 * A large catalogue import keeps the API answering: its dry run parses and judges the file in
 * slices of a few milliseconds, so other requests (here the health check) are served meanwhile.
 * The app runs in Jest's own process, so the event loop is watched where it would be blocked. The
 * measure is the main thread's CPU time between two turns of the event loop, not wall time: on a
 * busy machine a process waits for a core whatever its code does, and only the CPU time says how
 * long the code itself kept every other request waiting.
 */
import fs from 'node:fs';
import path from 'node:path';
import { constants, type PerformanceEntry, PerformanceObserver, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
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
 * Watches the event loop from now: stop() gives the most main-thread CPU milliseconds spent between
 * two of its turns. V8's full collections are left out of that time: their pauses grow with the test
 * process's whole heap (every suite run before this one keeps some), not with the code under test.
 */
function watchLongestTurn(): { stop(): number } {
  const cpuMs = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  const fullCollections: Array<{ start: number; end: number }> = [];
  const collect = (entries: Array<PerformanceEntry & { detail?: { kind?: number } }>) => {
    for (const entry of entries) {
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullCollections.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    }
  };
  const gc = new PerformanceObserver((list) => collect(list.getEntries()));
  gc.observe({ entryTypes: ['gc'] });
  // turns long enough to matter, judged once every collection is known
  const longTurns: Array<{ start: number; end: number; cpuMs: number }> = [];
  let last = { at: performance.now(), cpu: cpuMs() };
  const timer = setInterval(() => {
    const now = { at: performance.now(), cpu: cpuMs() };
    if (now.cpu - last.cpu > 20) longTurns.push({ start: last.at, end: now.at, cpuMs: now.cpu - last.cpu });
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      collect(gc.takeRecords());
      gc.disconnect();
      const collecting = (turn: { start: number; end: number }) =>
        fullCollections.reduce((sum, c) => sum + Math.max(0, Math.min(c.end, turn.end) - Math.max(c.start, turn.start)), 0);
      return Math.max(0, ...longTurns.map((turn) => turn.cpuMs - collecting(turn)));
    },
  };
}

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
  it('never holds the event loop for 100 ms (health answered throughout), and is refused past the row limit with its message', async () => {
    const dataSource = t.app.get(DataSource);
    const [{ slug }] = await dataSource.query(`SELECT slug FROM categories WHERE product_type = 'equipment' ORDER BY id LIMIT 1`);
    const file = largeCsv(slug);
    expect(fs.statSync(file).size).toBeGreaterThan(45 * 1024 * 1024);
    expect(fs.statSync(file).size).toBeLessThanOrEqual(IMPORT_LIMITS.fileMaxBytes);
    const [{ n: importsBefore }] = await dataSource.query(`SELECT count(*)::int AS n FROM catalogue_imports`);

    await request(t.http).get('/api/health').expect(200); // a first request's one-time costs are not the dry run's
    const turns = watchLongestTurn();
    let longestTurnMs: number | undefined;
    // streamed from disk, so the test's own client does not hold the loop either; watched while it runs
    const dryRun = Promise.resolve(admin.post('/api/admin/imports').attach('file', file)).finally(() => (longestTurnMs = turns.stop()));
    let healthChecks = 0;
    while (longestTurnMs === undefined) {
      await request(t.http).get('/api/health').expect(200);
      healthChecks += 1;
      await sleep(20);
    }
    const response = await dryRun;

    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The file has more than 200,000 rows: split it into smaller files');
    const [{ n: importsAfter }] = await dataSource.query(`SELECT count(*)::int AS n FROM catalogue_imports`);
    expect(importsAfter).toBe(importsBefore);
    // the dry run takes seconds: the health check was answered all through it, and no stretch of
    // work kept it (or any request) waiting 100 ms (judging a batch of rows in one go took 120-165 ms)
    expect(healthChecks).toBeGreaterThan(50);
    expect(longestTurnMs).toBeLessThan(100);
  }, 240_000);
});
