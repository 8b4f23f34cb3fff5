// `npm run bench -- --only search-1m [--products 1000000] [--searches 400] [--connections 10] [--seconds 20] [--root DIR] [--drop]`
// (issue 37: an API process's RSS with the search index loaded at 1,000,000 products ≤ 1.5 GB, search
// p97.5 uncached ≤ 150 ms, index ready ≤ 30 s after start). On dm_bench_<products> (generated when
// absent, by bench/generate-catalogue.mjs; `--drop` drops it after the run), one API process with its
// response cache off: the time from spawn to readiness (which answers 503 until the index's first
// load is done), its RSS then (and its peak, VmHWM), then searches nobody asked before: the search
// bench's stream (bench/search-traffic.mjs: Zipf words, 1-2 words, typos, filters, sorts) with every
// repeat skipped, each a results page with its facets (one request), first one at a time, then
// `--connections` at once for `--seconds`; and typed prefixes (suggestions) one at a time. `--root`
// runs another checkout's build (a before/after comparison).
import fs, { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { databaseName, databaseUrl, generateCatalogue } from './generate-catalogue.mjs';
import { opts, option, root } from './options.mjs';
import { startProcess } from './processes.mjs';
import { f0, f1, loadavg, out, table, yes } from './report.mjs';
import { LIMIT, traffic, vocabulary } from './search-traffic.mjs';
import { databaseExists } from './servers.mjs';

const SEED = 37_2026;
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** VmRSS and VmHWM (peak) of one process, in MB. */
function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/** Requests never sent before (a repeat is skipped), from `next()`, `connections` at a time, until `count` are answered or `seconds` pass. */
async function uncached(url, next, { count = Infinity, seconds = Infinity, connections = 1 }) {
  const sent = new Set();
  const latencies = [];
  let errors = 0;
  let skipped = 0;
  const firstErrors = [];
  const slowest = [];
  const deadline = performance.now() + seconds * 1000;
  const fresh = () => {
    for (let tries = 0; tries < 1000; tries += 1) {
      const path = next();
      if (!sent.has(path)) {
        sent.add(path);
        return path;
      }
      skipped += 1;
    }
    throw new Error('no new request in 1,000 draws');
  };
  const worker = async () => {
    while (latencies.length + errors < count && performance.now() < deadline) {
      const path = fresh();
      const started = performance.now();
      try {
        const response = await fetch(`${url}${path}`);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${response.status} ${path}`);
        const ms = performance.now() - started;
        latencies.push(ms);
        slowest.push([ms, path]);
        slowest.sort((a, b) => b[0] - a[0]);
        slowest.length = Math.min(slowest.length, 3);
      } catch (error) {
        errors += 1;
        if (firstErrors.length < 3) firstErrors.push(error.message);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return { n: sorted.length, rate: sorted.length / elapsed, p50: percentile(sorted, 50), p975: percentile(sorted, 97.5), max: sorted.at(-1), errors, skipped, firstErrors, slowest, load: loadavg() };
}

export async function search1mBench() {
  const products = process.argv.includes('--products') ? opts.products : 1_000_000;
  const buildRoot = option('root', root);
  const searches = Number(option('searches', 400));
  const connections = process.argv.includes('--connections') ? opts.connections : 10;
  const seconds = process.argv.includes('--seconds') ? opts.seconds : 20;
  const url = databaseUrl(products, opts.server);
  if (!(await databaseExists(databaseName(products)))) {
    const generated = await generateCatalogue({ products, server: opts.server, log: out });
    out(`(catalogue generated in ${f0(generated.seconds)} s)`);
  }
  const vocab = await vocabulary(url);
  out(`## Search at ${vocab.total.toLocaleString('en')} products: one API process's memory, index load and uncached searches`);
  out();
  out(`Build: ${buildRoot}. Load average before the start: ${loadavg()}.`);
  out();
  // the index's file (SEARCH_INDEX_DIR) in a directory of the bench's own, emptied first: the first
  // start reads the catalogue and keeps the file, the second reads the file
  const directory = path.join(os.tmpdir(), `dm-bench-search-index-${products}`);
  fs.rmSync(directory, { recursive: true, force: true });
  const env = { NODE_ENV: 'production', SESSION_SECRET: 'bench-only-session-secret-0123456789', DATABASE_URL: url, SEED_DEMO: 'false', CATALOGUE_CACHE_MB: '0', SEARCH_INDEX_DIR: directory };
  const start = async (extra) => {
    const logFile = path.join(os.tmpdir(), `dm-bench-search-1m-${process.pid}-${Date.now()}.log`);
    const api = await startProcess({ root: buildRoot, script: 'backend/dist/main.js', env: { ...env, ...extra }, readyTimeoutMs: 900_000, logFile });
    // the memory a process holds once it serves (a few seconds for the load's garbage to be collected)
    await new Promise((resolve) => setTimeout(resolve, 5000));
    // the index's own part: from the API listening (its load starts as the API bootstraps) to the index's line, by the log's times
    const log = fs.readFileSync(logFile, 'utf8');
    fs.rmSync(logFile, { force: true });
    const at = (pattern) => Number(log.split('\n').find((line) => pattern.test(line))?.match(/"time":(\d+)/)?.[1] ?? NaN);
    const index = (at(/search index (loaded|read from its file)/) - at(/Listening on/)) / 1000;
    return { api, ready: { s: api.readyMs / 1000, index, load: loadavg(), ...rssOf(api.pid) } };
  };
  const gb = (mb) => `${(mb / 1024).toFixed(2)} GB`;
  const rows = [];
  const started = (label, { ready }, goals = true) =>
    rows.push([
      label,
      `ready in ${f1(ready.s)} s${Number.isFinite(ready.index) ? ` (the index ${f1(ready.index)} s after the API listened)` : ''}, RSS ${gb(ready.rss)} (peak ${gb(ready.peak)}; load ${ready.load})`,
      goals ? `≤ 30 s ${yes(ready.s <= 30)}, ≤ 1.5 GB ${yes(Math.max(ready.rss, ready.peak) <= 1536)}` : '',
    ]);
  const baseline = await start({ SEARCH_INDEX: 'off' });
  await baseline.api.stop();
  started('the API with SEARCH_INDEX=off (what the index adds to)', baseline, false);
  const cold = await start({});
  // the file is written after the load, in the index's thread: waited for (its rename is atomic)
  const kept = () => (fs.existsSync(directory) ? fs.readdirSync(directory).some((name) => name.endsWith('.idx')) : false);
  for (const deadline = Date.now() + 600_000; !kept() && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 500));
  await cold.api.stop();
  const file = fs.existsSync(directory) ? fs.readdirSync(directory).find((name) => name.endsWith('.idx')) : undefined;
  started(`first start on the host: the catalogue read, the index kept (${file ? `${f0(fs.statSync(path.join(directory, file)).size / 2 ** 20)} MB file` : 'no file kept'})`, cold);
  const warm = await start({});
  const api = warm.api;
  try {
    started(`a later start: the index read from its file (${/read from its file/.test(api.log()) ? 'as logged' : 'not logged: read from the catalogue'})`, warm);
    const stream = traffic(vocab, SEED);
    const results = (qs) => `/api/products?${qs}&limit=${LIMIT}&page=1&facets=true`;
    const one = await uncached(api.url, () => results(stream.search().qs), { count: searches });
    const many = await uncached(api.url, () => results(stream.search().qs), { seconds, connections });
    const typing = await uncached(api.url, () => `/api/search/suggestions?q=${encodeURIComponent(stream.prefix())}`, { count: searches });
    const after = rssOf(api.pid);
    rows.push(
      ['RSS after the searches below; peak (VmHWM)', `${gb(after.rss)}; peak ${gb(after.peak)}`, `≤ 1.5 GB ${yes(Math.max(after.rss, after.peak) <= 1536)}`],
      [`new searches + facets, one at a time (${one.n}, ${one.skipped} repeats skipped)`, `p50 ${f1(one.p50)} ms, p97.5 ${f1(one.p975)} ms, max ${f0(one.max)} ms; ${one.errors} errors (load ${one.load})`, `p97.5 ≤ 150 ms ${yes(one.p975 <= 150)}`],
      [`new searches + facets, ${connections} at once for ${seconds} s (${many.n})`, `${f0(many.rate)} req/s, p50 ${f1(many.p50)} ms, p97.5 ${f1(many.p975)} ms; ${many.errors} errors (load ${many.load})`, `p97.5 ≤ 150 ms ${yes(many.p975 <= 150)}`],
      [`new suggestions while typing, one at a time (${typing.n})`, `p50 ${f1(typing.p50)} ms, p97.5 ${f1(typing.p975)} ms; ${typing.errors} errors (load ${typing.load})`, ''],
    );
    table(['figure', 'measured', 'goal'], rows);
    for (const r of [one, many, typing]) if (r.firstErrors.length) out(`- errors: ${r.firstErrors.join(' | ')}`);
    for (const [label, r] of [['searches one at a time', one], ['suggestions', typing]]) out(`- slowest ${label}: ${r.slowest.map(([ms, url]) => `${f0(ms)} ms \`${decodeURIComponent(url)}\``).join(', ')}`);
  } finally {
    await api.stop();
    fs.rmSync(directory, { recursive: true, force: true });
    if (process.argv.includes('--drop')) {
      const admin = new pg.Client({ connectionString: `${opts.server}/postgres` });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName(products)}" WITH (FORCE)`);
      await admin.end();
      out(`(dropped ${databaseName(products)})`);
    }
  }
  out(`Load average after: ${loadavg()}.`);
  out();
}
