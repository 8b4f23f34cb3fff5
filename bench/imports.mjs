// The import/export bench (issue 22), run by `npm run bench -- --only imports` (after `npm run build`),
// on a 100k-product catalogue in its own database (dm_bench_imports: the imports write to it):
//  1. export of the whole catalogue: seconds, the API's RSS growth, rows;
//  2. round trip: the export imported again (dry run) → 0 changes; 10 prices edited → exactly 10
//     updates, applied;
//  3. 100,000 new rows: dry run (seconds, RSS growth) and apply (seconds) while shoppers load
//     product list pages, p95 during the apply against the same pages' idle p95.
// The new rows and the edited prices are removed afterwards, so every run measures the same state.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { catalogueExists, generateCatalogue, repoRoot } from './generate-catalogue.mjs';
import { signInAdmin, treeRssMb } from './processes.mjs';

const DATABASE = 'dm_bench_imports';
const FILE_MAX_BYTES = 50 * 1024 * 1024;
const NEW_PREFIX = 'imp-';
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** Runs `work` while sampling the API's RSS every 100 ms: { value, seconds, rssGrowthMb }. */
async function measured(pid, work) {
  const before = treeRssMb(pid).mb;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, treeRssMb(pid).mb)), 100);
  const started = performance.now();
  try {
    const value = await work();
    return { value, seconds: (performance.now() - started) / 1000, rssGrowthMb: peak - before };
  } finally {
    clearInterval(timer);
  }
}

async function exportTo(url, cookie, file, query = '') {
  const res = await fetch(`${url}/api/admin/products/export.csv${query}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
  await pipeline(Readable.fromWeb(res.body), createWriteStream(file));
  return statSync(file).size;
}

async function dryRun(url, cookie, file, name) {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(file)], { type: 'text/csv' }), name);
  form.set('createCategories', 'false');
  const res = await fetch(`${url}/api/admin/imports`, { method: 'POST', headers: { cookie }, body: form });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`dry run of ${name}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return body;
}

async function apply(url, cookie, id) {
  const res = await fetch(`${url}/api/admin/imports/${id}/apply`, { method: 'POST', headers: { cookie } });
  if (res.status !== 202) throw new Error(`apply: ${res.status} ${await res.text()}`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const detail = await (await fetch(`${url}/api/admin/imports/${id}?errorsLimit=5`, { headers: { cookie } })).json();
    if (detail.status === 'applied') return detail;
    if (detail.status === 'failed') throw new Error(`apply failed: ${detail.failure}`);
  }
}

/** The file's rows (header first) written back with the API's own cell rule. */
async function writeRows(file, rows) {
  const { csvLine } = await import(path.join(repoRoot, 'backend/dist/common/csv.js'));
  writeFileSync(file, `\uFEFF${rows.map((row) => csvLine(row)).join('')}`);
  return statSync(file).size;
}

/** Shoppers paging product lists (types × sorts × pages) with `connections` connections: p50/p95 and errors; `control.stop()` ends it early. */
function listLoad(url, seconds, control = {}, connections = 10) {
  const requests = [];
  for (const type of ['equipment', 'service', 'affiliate'])
    for (const sort of ['name', 'price-asc', 'newest'])
      for (let page = 1; page <= 5; page += 1) requests.push({ method: 'GET', path: `/api/products?productType=${type}&sort=${sort}&limit=24&page=${page}` });
  return new Promise((resolve, reject) => {
    const latencies = [];
    let i = 0;
    const instance = autocannon(
      { url, connections, duration: seconds, timeout: 10, requests: [{ setupRequest: (req) => ({ ...req, ...requests[i++ % requests.length] }) }] },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({ rps: result.requests.average, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors: result.errors + result.non2xx });
      },
    );
    instance.on('response', (_c, _s, _b, ms) => latencies.push(ms));
    control.stop = () => instance.stop();
  });
}

export async function importsBench({ opts, out, table, startApi, f0, f1, yes }) {
  const server = opts.server.replace(/\/+$/, '');
  const url = `${server}/${DATABASE}`;
  if (!(await catalogueExists(server, DATABASE))) {
    const generated = await generateCatalogue({ products: opts.products, server, log: out, name: DATABASE });
    out(`(catalogue generated in ${generated.seconds.toFixed(0)} s)`);
    out();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // a state like every run's: no rows of an earlier run
  const { rowCount: leftover } = await client.query(`DELETE FROM products WHERE slug LIKE '${NEW_PREFIX}%'`);
  if (leftover) await client.query('VACUUM ANALYZE products');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dm-bench-imports-'));
  // IMPORT_BATCH_SIZE from the bench's environment, to compare batch sizes (unset: the API's default)
  const batch = process.env.IMPORT_BATCH_SIZE ? { IMPORT_BATCH_SIZE: process.env.IMPORT_BATCH_SIZE } : {};
  const api = await startApi({ DATABASE_URL: url, SEED_DEMO: 'false', ...batch });
  const rows = [];
  try {
    const cookie = await signInAdmin(api.url);
    const { rows: [{ products }] } = await client.query('SELECT count(*)::int AS products FROM products');
    out(`## Catalogue import and export at ${products.toLocaleString('en')} products (${DATABASE})`);
    out();

    // 1. export
    const exported = path.join(dir, 'export.csv');
    const exp = await measured(api.pid, () => exportTo(api.url, cookie, exported));
    const all = parse(readFileSync(exported), { bom: true, relax_column_count: false });
    const header = all[0];
    const data = all.slice(1);
    rows.push([`export of ${data.length.toLocaleString('en')} products (${f1(exp.value / 1048576)} MB)`, `${f1(exp.seconds)} s, RSS +${f0(exp.rssGrowthMb)} MB`, '≤ 20 s, bounded memory', yes(exp.seconds <= 20 && exp.rssGrowthMb <= 200 && data.length === products)]);

    // 2. round trip: the file as exported (when it fits the upload limit; else its equipment rows)
    let same = exported;
    let sameRows = data.length;
    if (exp.value > FILE_MAX_BYTES) {
      same = path.join(dir, 'export-equipment.csv');
      await exportTo(api.url, cookie, same, '?productType=equipment');
      sameRows = parse(readFileSync(same), { bom: true }).length - 1;
    }
    const again = await dryRun(api.url, cookie, same, 'export.csv');
    const zero = again.counts.create === 0 && again.counts.update === 0 && again.counts.error === 0 && again.counts.unchanged === sameRows;
    rows.push([`round trip: export (${sameRows.toLocaleString('en')} rows${same === exported ? '' : ', equipment, the whole export is over 50 MB'}) → import`, `${again.counts.update} updates, ${again.counts.create} creates, ${again.counts.error} errors, ${again.counts.unchanged} unchanged`, '0 changes', yes(zero)]);

    const slugColumn = header.indexOf('slug');
    const priceColumn = header.indexOf('price');
    const edited = [header];
    let changed = 0;
    for (const row of data) {
      const copy = [...row];
      if (changed < 10 && Number(copy[priceColumn]) > 0) {
        copy[priceColumn] = (Number(copy[priceColumn]) + 1).toFixed(2);
        changed += 1;
      }
      edited.push(copy);
      if (edited.length > sameRows) break;
    }
    const editedFile = path.join(dir, 'edited.csv');
    await writeRows(editedFile, edited);
    const ten = await dryRun(api.url, cookie, editedFile, 'edited.csv');
    const tenApplied = await apply(api.url, cookie, ten.id);
    rows.push([
      'round trip: export → edit 10 prices → import',
      `dry run ${ten.counts.update} updates; applied ${tenApplied.result.update} updates, ${tenApplied.result.create} creates, ${tenApplied.result.error} errors`,
      'exactly 10 updates',
      yes(ten.counts.update === 10 && ten.counts.create === 0 && tenApplied.result.update === 10 && tenApplied.result.create === 0 && tenApplied.result.error === 0),
    ]);

    // 3. 100,000 new rows: new slugs, descriptions shortened only as far as the 50 MB limit needs
    const fresh = data.map((row) => {
      const copy = [...row];
      copy[slugColumn] = `${NEW_PREFIX}${copy[slugColumn]}`;
      return copy;
    });
    const descriptionColumn = header.indexOf('description');
    const newFile = path.join(dir, 'new.csv');
    let size = await writeRows(newFile, [header, ...fresh]);
    let cut = null;
    for (let keep = 240; size > FILE_MAX_BYTES && keep >= 60; keep -= 30) {
      for (const row of fresh) row[descriptionColumn] = row[descriptionColumn].slice(0, keep);
      size = await writeRows(newFile, [header, ...fresh]);
      cut = keep;
    }
    // 20 shoppers on the API as shipped, idle and then during the dry run (parsed in time slices:
    // the event loop keeps answering) and the apply
    const idle = await listLoad(api.url, opts.seconds, {}, 20);
    const dryControl = {};
    const loadDuringDry = listLoad(api.url, 300, dryControl, 20);
    const dry = await measured(api.pid, () => dryRun(api.url, cookie, newFile, 'new.csv'));
    dryControl.stop();
    const duringDry = await loadDuringDry;
    rows.push([
      `dry run of ${fresh.length.toLocaleString('en')} new rows (${f1(size / 1048576)} MB${cut ? `, descriptions cut to ${cut} characters to fit 50 MB` : ''})`,
      `${f1(dry.seconds)} s, RSS +${f0(dry.rssGrowthMb)} MB; ${dry.value.counts.create} to create, ${dry.value.counts.error} errors`,
      '≤ 30 s, RSS growth ≤ 200 MB',
      yes(dry.seconds <= 30 && dry.rssGrowthMb <= 200 && dry.value.counts.create === fresh.length),
    ]);

    rows.push([
      'product list p95 during the dry run (20 shoppers, as below)',
      `${f0(duringDry.p95)} ms during vs ${f0(idle.p95)} ms idle = ${(duringDry.p95 / idle.p95).toFixed(2)}×; ${duringDry.errors} errors`,
      '≤ 3× idle p95',
      yes(duringDry.p95 <= 3 * idle.p95 && duringDry.errors === 0),
    ]);

    const control = {};
    const loadDuring = listLoad(api.url, 300, control, 20);
    const applied = await measured(api.pid, () => apply(api.url, cookie, dry.value.id));
    control.stop();
    const during = await loadDuring;
    const { rows: [{ created }] } = await client.query(`SELECT count(*)::int AS created FROM products WHERE slug LIKE '${NEW_PREFIX}%'`);
    rows.push([
      `apply of ${fresh.length.toLocaleString('en')} new rows`,
      `${f1(applied.seconds)} s (${f0(fresh.length / applied.seconds)} rows/s), ${created.toLocaleString('en')} products created, ${applied.value.result.error} failed`,
      '≤ 90 s',
      yes(applied.seconds <= 90 && created === fresh.length),
    ]);
    rows.push([
      'product list p95 during the apply (20 shoppers, varied list pages: types × sorts × 5 pages)',
      `${f0(during.p95)} ms during vs ${f0(idle.p95)} ms idle = ${(during.p95 / idle.p95).toFixed(2)}×; ${f0(during.rps)} vs ${f0(idle.rps)} req/s; ${during.errors + idle.errors} errors`,
      '≤ 3× idle p95',
      yes(during.p95 <= 3 * idle.p95 && during.errors === 0),
    ]);
    table(['figure', 'measured', 'goal', ''], rows);
  } finally {
    await api.stop();
    await client.query(`DELETE FROM products WHERE slug LIKE '${NEW_PREFIX}%'`);
    await client.query('VACUUM ANALYZE products');
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
