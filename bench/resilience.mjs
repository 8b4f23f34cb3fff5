// Resilience figures (issue 17's goals), from `npm run bench -- --only resilience [--root DIR]`:
//  a. a 20 s database outage under 50 connections (a private PostgreSQL cluster, stopped and started);
//  b. the embedded PostgreSQL killed under load: seconds until uncached reads are served again;
//  c. SIGTERM under 50 connections: requests failed among those accepted, exit status, time;
//  d. soak: 200 connections × 120 s of mixed reads: errors, RSS growth over the last 60 s.
// `--root DIR` runs DIR/backend/dist/main.js instead of this checkout's (the figures before a change).
// Needs Debian's pg_createcluster (the private cluster is dropped at the end) and a built backend.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { privateCluster } from './private-cluster.mjs';
import { startProcess, treeRssMb } from './processes.mjs';

const SESSION_SECRET = 'bench-only-session-secret-0123456789';
const OUTAGE_SECONDS = 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `connections` clients, each on its own keep-alive connection, requesting `next(client, n)` in a
 * loop until stop() (or, with untilRefused, until their connection is refused). Counts what came
 * back: statuses, stale 200s (an Age header), error codes.
 */
function traffic(baseUrl, connections, next, { untilRefused = false } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const counts = { total: 0, ok: 0, stale: 0, s500: 0, s503: 0, other: 0, refused: 0, idleClosed: 0, failed: 0 };
  let running = true;
  const url = new URL(baseUrl);
  const get = (pathname) =>
    new Promise((resolve) => {
      const req = http.get({ host: url.hostname, port: url.port, path: pathname, agent, timeout: 30_000 }, (res) => {
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode, stale: res.headers.age !== undefined }));
        res.once('error', (error) => resolve({ error: error.code ?? error.message }));
      });
      req.once('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      // a reused connection the server closed as idle before reading the request: never accepted
      req.once('error', (error) => resolve({ error: req.reusedSocket && error.code === 'ECONNRESET' ? 'IDLE_CLOSED' : (error.code ?? error.message) }));
    });
  const clients = Array.from({ length: connections }, async (_, client) => {
    for (let n = 0; running; n++) {
      const outcome = await get(next(client, n));
      counts.total++;
      if (outcome.error === 'ECONNREFUSED') {
        counts.refused++;
        if (untilRefused) return;
        await sleep(100);
      } else if (outcome.error === 'IDLE_CLOSED') counts.idleClosed++;
      else if (outcome.error) counts.failed++;
      else if (outcome.status === 200) (counts.ok++, outcome.stale && counts.stale++);
      else if (outcome.status === 500) counts.s500++;
      else if (outcome.status === 503) counts.s503++;
      else counts.other++;
    }
  });
  return {
    counts,
    done: Promise.all(clients),
    async stop() {
      running = false;
      await Promise.all(clients);
      agent.destroy();
    },
  };
}

async function status(url) {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

/** Milliseconds until `url` answers 200, polled every 50 ms, or Infinity after `limitMs`. */
async function msUntilOk(url, limitMs, from = performance.now()) {
  while (performance.now() - from < limitMs) {
    if ((await status(typeof url === 'function' ? url() : url)) === 200) return performance.now() - from;
    await sleep(50);
  }
  return Infinity;
}

/** Catalogue reads a shopper makes: lists, a category page, featured, categories, single products. */
async function catalogueRoutes(baseUrl) {
  const products = await (await fetch(`${baseUrl}/api/products?limit=24&page=1`)).json();
  const slugs = (products.products ?? products).map((p) => p.slug);
  const categories = await (await fetch(`${baseUrl}/api/categories?productType=equipment`)).json();
  return [
    '/api/products?limit=24&page=1',
    '/api/products?limit=24&page=2',
    '/api/products?productType=equipment&limit=24&page=1',
    `/api/products?categorySlug=${categories[0].slug}&limit=24&page=1`,
    '/api/featured-products?limit=8',
    '/api/categories?productType=equipment',
    '/api/categories?productType=service',
    ...slugs.slice(0, 12).map((slug) => `/api/products/${slug}`),
  ];
}

async function outage({ main, cluster }) {
  const api = await startProcess({ ...main, env: { NODE_ENV: 'production', SESSION_SECRET, SEED_DEMO: 'true', DATABASE_URL: cluster.url } });
  try {
    const routes = await catalogueRoutes(api.url);
    for (const route of routes) await fetch(`${api.url}${route}`); // kept before the outage
    const load = traffic(api.url, 50, (client, n) => routes[(client + n) % routes.length]);
    await sleep(2_000);
    const before = { ...load.counts };
    const linesBefore = api.lines();
    cluster.stop();
    await sleep(OUTAGE_SECONDS * 1000);
    const readyDuring = await status(`${api.url}/api/health/ready`);
    cluster.start();
    const readyMs = await msUntilOk(`${api.url}/api/health/ready`, 60_000);
    await sleep(1_000);
    await load.stop();
    const during = Object.fromEntries(Object.entries(load.counts).map(([k, v]) => [k, v - before[k]]));
    return { ...during, readyDuring, readyMs, logLines: api.lines() - linesBefore };
  } finally {
    await api.stop();
  }
}

/** The postmaster: the API's child process running `postgres`. */
function embeddedServerPid(apiPid) {
  for (const entry of readFileSync(`/proc/${apiPid}/task/${apiPid}/children`, 'utf8').trim().split(/\s+/)) {
    if (entry && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('postgres')) return Number(entry);
  }
  throw new Error('no embedded PostgreSQL process under the API');
}

async function killEmbedded({ main }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dm-bench-kill-'));
  chmodSync(dataDir, 0o755); // as root the embedded PostgreSQL runs as the user postgres
  const api = await startProcess({ ...main, env: { NODE_ENV: 'production', SESSION_SECRET, SEED_DEMO: 'true', DATABASE_URL: '', DATA_DIR: dataDir } });
  let page = 1;
  // a new page each time: never a kept response, always a query
  const uncached = () => `/api/products?limit=1&page=${page++}`;
  try {
    const load = traffic(api.url, 50, () => uncached());
    await sleep(2_000);
    const killedAt = performance.now();
    process.kill(embeddedServerPid(api.pid), 'SIGKILL');
    await sleep(200);
    const ms = await msUntilOk(() => `${api.url}${uncached()}`, 30_000, killedAt);
    await load.stop();
    return { seconds: ms / 1000, s500: load.counts.s500, s503: load.counts.s503, apiAlive: api.child.exitCode === null };
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function sigterm({ main, cluster }) {
  const api = await startProcess({ ...main, env: { NODE_ENV: 'production', SESSION_SECRET, SEED_DEMO: 'true', DATABASE_URL: cluster.url } });
  const routes = await catalogueRoutes(api.url);
  let page = 1;
  // half kept pages, half uncached ones, so requests are in flight in the pool at the signal
  const load = traffic(api.url, 50, (client, n) => (n % 2 ? routes[(client + n) % routes.length] : `/api/products?limit=24&page=${page++}`), { untilRefused: true });
  await sleep(3_000);
  const signalledAt = performance.now();
  api.child.kill('SIGTERM');
  const exit = await Promise.race([api.exited, sleep(30_000).then(() => ({ code: 'still running after 30 s' }))]);
  const ms = performance.now() - signalledAt;
  api.child.kill('SIGKILL');
  await Promise.race([load.done, sleep(5_000)]);
  await load.stop();
  const { counts } = load;
  return { failed: counts.failed + counts.s500 + counts.s503 + counts.other, detail: { s500: counts.s500, s503: counts.s503, other: counts.other, lost: counts.failed }, refused: counts.refused, idleClosed: counts.idleClosed, ok: counts.ok, exit, ms };
}

async function soak({ main, cluster, seconds = 120, connections = 200 }) {
  const api = await startProcess({ ...main, env: { NODE_ENV: 'production', SESSION_SECRET, SEED_DEMO: 'true', DATABASE_URL: cluster.url } });
  try {
    const routes = await catalogueRoutes(api.url);
    const load = traffic(api.url, connections, (client, n) => routes[(client * 3 + n) % routes.length]);
    const rss = [];
    for (let s = 0; s < seconds; s++) {
      await sleep(1_000);
      rss.push(treeRssMb(api.pid).mb);
    }
    await load.stop();
    const { counts } = load;
    const errors = counts.total - counts.ok;
    const half = rss[Math.floor(seconds / 2) - 1];
    const end = rss.at(-1);
    return { requests: counts.total, errors, detail: { s500: counts.s500, s503: counts.s503, other: counts.other, failed: counts.failed, idleClosed: counts.idleClosed }, rssHalf: half, rssEnd: end, growth: (100 * (end - half)) / half, rssMax: Math.max(...rss) };
  } finally {
    await api.stop();
  }
}

const yes = (ok) => (ok ? '✅' : '❌');
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');

export async function resilience({ root, out, table }) {
  const main = { root, script: 'backend/dist/main.js' };
  const cluster = await privateCluster('dm_bench');
  try {
    out(`## Resilience (API: ${path.join(root, main.script)}; private PostgreSQL cluster ${cluster.url.replace(/^.*@/, '')})`);
    out();
    console.error('  resilience: database outage…');
    const a = await outage({ main, cluster });
    console.error('  resilience: killing the embedded server…');
    const b = await killEmbedded({ main });
    console.error('  resilience: SIGTERM under load…');
    const c = await sigterm({ main, cluster });
    console.error('  resilience: soak…');
    const d = await soak({ main, cluster });
    table(['figure', 'measured', 'goal'], [
      [
        `${OUTAGE_SECONDS} s database outage under 50 connections (kept catalogue pages)`,
        `${a.total} requests: ${a.s500} × 500, ${a.s503} × 503, ${a.stale} stale 200, ${a.ok - a.stale} fresh 200, ${a.failed} failed; readiness during ${a.readyDuring}; ready ${f1(a.readyMs / 1000)} s after the start command returned; ${a.logLines} log lines`,
        `0 × 500 ${yes(a.s500 === 0)}, kept pages served ${yes(a.stale > 0)}, ready ≤ 2 s ${yes(a.readyMs <= 2000)}, ≤ 20 log lines ${yes(a.logLines <= 20)}`,
      ],
      [
        'embedded server killed under load (50 connections, uncached reads)',
        `reads served again ${Number.isFinite(b.seconds) ? `${f1(b.seconds)} s` : 'not within 30 s'} after the kill; ${b.s500} × 500, ${b.s503} × 503; API process ${b.apiAlive ? 'the same' : 'gone'}`,
        `≤ 10 s without restarting the API ${yes(b.seconds <= 10 && b.apiAlive)}`,
      ],
      [
        'SIGTERM under 50 connections',
        `${c.failed} failed ${JSON.stringify(c.detail)}, ${c.ok} × 200, ${c.refused} refused after close, ${c.idleClosed} reset on a reused keep-alive connection before being read; exit ${JSON.stringify(c.exit)} after ${f1(c.ms / 1000)} s`,
        `0 failed ${yes(c.failed === 0)}, exit 0 within the grace period ${yes(c.exit.code === 0 && c.exit.signal === null && c.ms <= 10_000)}`,
      ],
      [
        'soak: 200 connections × 120 s of mixed reads',
        `${d.requests} requests, ${d.errors} errors ${JSON.stringify(d.detail)}; RSS ${f1(d.rssHalf)} MB at 60 s → ${f1(d.rssEnd)} MB at 120 s (${d.growth.toFixed(1)} %), max ${f1(d.rssMax)} MB`,
        `0 errors ${yes(d.errors === 0)}, RSS growth ≤ 5 % ${yes(d.growth <= 5)}`,
      ],
    ]);
    out('Outage: load starts 2 s before the cluster is stopped (pg_ctlcluster stop -m fast) and counts from the stop until 1 s after ready; log lines are every line the API printed in that window. Kill: SIGKILL to the postmaster, then an uncached read every 50 ms. SIGTERM: half kept pages, half uncached pages; "failed" is any request that got an error status or lost its connection, "refused" the connections tried after the listener closed. RSS: VmRSS of the API process.');
    out();
  } finally {
    cluster.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--root');
  const root = i > 0 ? path.resolve(process.argv[i + 1]) : path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const print = (text = '') => console.log(text);
  await resilience({
    root,
    out: print,
    table: (header, rows) => {
      print(`| ${header.join(' | ')} |`);
      print(`|${header.map(() => '---').join('|')}|`);
      for (const row of rows) print(`| ${row.join(' | ')} |`);
      print();
    },
  });
}
