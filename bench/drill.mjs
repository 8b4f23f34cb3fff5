// The failure drill (issue 37), from `npm run bench -- --only drill [--products 100000 --seconds 120
// --connections 200 --think-ms 0 --retry-delay-ms 500 --server-maxconn 0 --slowstart-ms 5000 --no-curve]` (after `npm run build`; needs
// Debian's haproxy and pg_createcluster): a private PostgreSQL primary with the N-product bench
// catalogue and a streaming replica of it (bench/private-cluster.mjs, private-replica.mjs), three
// API processes on them (DATABASE_READ_URLS = the replica) behind a haproxy of our own
// (bench/haproxy.mjs), and `connections` shoppers (bench/shopper-traffic.mjs) for `seconds` while
// the drill kills one process (kill -9, restarted 5 s later as a process manager would), rolls
// another (SIGTERM, a new one once it has exited) and stops the replica for 20 s. Reported per phase
// (bench/drill-report.mjs), with every checkout counted against the orders in the primary. Then the
// throughput of 1, 2 and 3 processes behind haproxy (bench/drill-curve.mjs).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { drillPlan, summarise, tallyCheckouts } from './drill-report.mjs';
import { generateCatalogue, SEARCH_TERMS } from './generate-catalogue.mjs';
import { DRILL_DEFAULTS, haproxyInstalled, startHaproxy } from './haproxy.mjs';
import { option, opts, root } from './options.mjs';
import { freePort, privateCluster } from './private-cluster.mjs';
import { privateReplica } from './private-replica.mjs';
import { startProcess } from './processes.mjs';
import { f0, f1, f2, loadavg, out, table, yes } from './report.mjs';
import { shopperTraffic } from './shopper-traffic.mjs';

const run = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const untilEpoch = (epochMs) => sleep(Math.max(0, epochMs - Date.now()));
const SESSION_SECRET = 'bench-only-session-secret-0123456789';
const RESTART_DELAY_S = 5;
const REPLICA_DOWN_S = 20;

/** What the shoppers ask for: listing pages, search terms, product slugs and orderable products, from the catalogue itself. */
export async function shopperCatalogue(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const categories = (await client.query(`SELECT slug FROM categories ORDER BY id`)).rows.map((r) => r.slug);
    const productRefs = (await client.query(`SELECT slug FROM products ORDER BY md5(id::text) LIMIT 5000`)).rows.map((r) => r.slug);
    const manufacturers = (await client.query(`SELECT DISTINCT manufacturer FROM products WHERE manufacturer IS NOT NULL ORDER BY 1 LIMIT 20`)).rows.map((r) => r.manufacturer);
    const cartProducts = (
      await client.query(`SELECT id, price::text AS price FROM products WHERE product_type = 'equipment' AND in_stock AND price > 0 ORDER BY md5(id::text) LIMIT 2000`)
    ).rows;
    const listPaths = [
      ...[1, 2, 3, 4, 5].map((page) => `/api/products?limit=24&page=${page}`),
      ...['equipment', 'service'].map((type) => `/api/products?productType=${type}&limit=24&page=1`),
      ...categories.map((slug) => `/api/products?categorySlug=${encodeURIComponent(slug)}&limit=24&page=1`),
      '/api/featured-products?limit=8',
      '/api/categories?productType=equipment',
    ];
    return { listPaths, searchTerms: [...Object.values(SEARCH_TERMS), ...manufacturers, 'autoclave', 'handpiece', 'curing light'], productRefs, cartProducts };
  } finally {
    await client.end();
  }
}

/** An API process on `port` (fixed: haproxy names it), on the primary with the replica for reads. */
export function apiOn(port, { primaryUrl, replicaUrl, dataDir, logFile }) {
  return startProcess({
    root,
    script: 'backend/dist/main.js',
    port,
    logFile,
    env: {
      NODE_ENV: 'production',
      SESSION_SECRET,
      DATABASE_URL: primaryUrl,
      DATABASE_READ_URLS: replicaUrl,
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      LOG_LEVEL: option('api-log-level', 'warn'),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
    },
  });
}

/** A stack of its own: primary + replica with the catalogue, a data directory; torn down with drop(). */
export async function drillStack(products) {
  const primary = await privateCluster('dm_drill_primary');
  let replica;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dm-drill-'));
  try {
    const server = primary.url.replace(/\/dentalmarket$/, '');
    const generated = await generateCatalogue({ products, server, name: 'catalogue', log: () => undefined });
    replica = await privateReplica(primary, 'dm_drill_replica');
    const primaryUrl = `${server}/catalogue`;
    const replicaUrl = `${replica.url.replace(/\/dentalmarket$/, '')}/catalogue`;
    // pg_ctlcluster without blocking this process (the drill's clocks keep running meanwhile)
    const ctl = (action) => run('pg_ctlcluster', [primary.version, replica.cluster, action, ...(action === 'stop' ? ['-m', 'fast'] : [])]);
    return {
      primary,
      replica,
      primaryUrl,
      replicaUrl,
      generatedSeconds: generated.seconds,
      replicaCtl: ctl,
      dataDirFor: (name) => path.join(dataDir, name),
      drop() {
        replica?.drop();
        primary.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    replica?.drop();
    primary.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Samples, every second, the client connections each server holds (pg_stat_activity, this
 * sampler's own left out): the connection budget as measured. stop() resolves to [{ at, primary,
 * replica }] (replica null while it cannot be reached).
 */
function connectionSampler(urls) {
  const samples = [];
  let running = true;
  const count = async (url, held) => {
    try {
      held.client ??= await (async () => {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
        client.on('error', () => undefined);
        await client.connect();
        return client;
      })();
      const { rows } = await held.client.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      return rows[0].n;
    } catch {
      held.client?.end().catch(() => undefined);
      held.client = undefined;
      return null;
    }
  };
  const held = { primary: {}, replica: {} };
  const loop = (async () => {
    while (running) {
      const [primary, replica] = await Promise.all([count(urls.primary, held.primary), count(urls.replica, held.replica)]);
      samples.push({ at: Date.now(), primary, replica });
      await sleep(1000);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      for (const h of Object.values(held)) await h.client?.end().catch(() => undefined);
      return samples;
    },
  };
}

/** The drill itself on a running stack: returns the figures and the timeline. */
async function drillRun(stack, catalogue, settings) {
  const logDir = option('api-logs', undefined);
  const env = { primaryUrl: stack.primaryUrl, replicaUrl: stack.replicaUrl, logFile: undefined };
  const logOf = (name) => (logDir ? { logFile: path.join(logDir, `${name}.log`) } : {});
  const slots = await Promise.all(['api1', 'api2', 'api3'].map(async (name) => ({ name, port: await freePort() })));
  await Promise.all(slots.map(async (slot) => (slot.proc = await apiOn(slot.port, { ...env, ...logOf(slot.name), dataDir: stack.dataDirFor(slot.name) }))));
  const haproxy = await startHaproxy({
    port: await freePort(),
    servers: slots,
    settings: { serverMaxconn: settings.serverMaxconn, slowstartMs: settings.slowstartMs, logEveryRequest: Boolean(logDir) },
  });
  const marker = `drill-${process.pid}-${Date.now()}@practice.example`;
  const shipping = { fullName: 'Dr. Drill Runner', email: marker, address: '1 Failover Street', city: 'Springfield', state: 'IL', zipCode: '62701' };
  const traffic = { url: haproxy.url, connections: settings.connections, catalogue, retryDelayMs: settings.retryDelayMs, thinkMs: settings.thinkMs, timeoutMs: 15_000 };
  const timeline = [];
  const note = (what) => timeline.push({ at: Date.now(), what });
  /** every API process of the run, for their logged errors at the end */
  const instances = slots.map((slot) => ({ name: slot.name, proc: slot.proc }));
  try {
    // warm-up: caches, search indexes, connection pools (its checkouts carry another address)
    await shopperTraffic({ ...traffic, untilEpochMs: Date.now() + settings.warmupS * 1000, seed: 7, shipping: { ...shipping, email: `warmup-${marker}` } });
    const t0 = Date.now() + 200;
    note(`t0 = ${new Date(t0).toISOString()} (${t0})`);
    const plan = drillPlan(t0, settings.seconds, { replicaDownS: REPLICA_DOWN_S, restartDelayS: RESTART_DELAY_S });
    const load = shopperTraffic({ ...traffic, untilEpochMs: plan.end, seed: 1000, shipping });
    const sampler = connectionSampler({ primary: stack.primaryUrl, replica: stack.replicaUrl });
    const restartOn = async (slot, reason) => {
      slot.proc = await apiOn(slot.port, { ...env, ...logOf(`${slot.name}-after-${reason}`), dataDir: stack.dataDirFor(slot.name) });
      instances.push({ name: `${slot.name} (after ${reason === 'killed' ? 'the kill' : 'the roll'})`, proc: slot.proc });
      note(`${slot.name} (${reason}) ready again on port ${slot.port}, ${f1(slot.proc.readyMs / 1000)} s after its start`);
    };
    const events = [
      (async () => {
        await untilEpoch(plan.events.kill);
        const slot = slots[0];
        slot.proc.child.kill('SIGKILL');
        note(`kill -9 ${slot.name} (pid ${slot.proc.pid})`);
        await slot.proc.exited;
        await untilEpoch(plan.events.restart);
        note(`${slot.name} restarted (the process manager's ${RESTART_DELAY_S} s delay)`);
        await restartOn(slot, 'killed');
      })(),
      (async () => {
        await untilEpoch(plan.events.roll);
        const slot = slots[1];
        slot.proc.child.kill('SIGTERM');
        note(`SIGTERM ${slot.name} (pid ${slot.proc.pid})`);
        const exit = await slot.proc.exited;
        note(`${slot.name} exited (${exit.signal ?? `status ${exit.code}`}); starting its replacement`);
        await restartOn(slot, 'rolled');
      })(),
      (async () => {
        await untilEpoch(plan.events.replicaStop);
        note('replica stopping (pg_ctlcluster stop -m fast)');
        await stack.replicaCtl('stop');
        note('replica stopped');
        await untilEpoch(plan.events.replicaStart);
        note('replica starting');
        await stack.replicaCtl('start');
        note('replica started');
      })(),
    ];
    const outcome = await Promise.allSettled(events);
    const { records, checkouts, samples, slowest } = await load;
    const connections = await sampler.stop();
    for (const failed of outcome.filter((o) => o.status === 'rejected')) note(`drill step failed: ${failed.reason?.message ?? failed.reason}`);
    const client = new pg.Client({ connectionString: stack.primaryUrl });
    await client.connect();
    const orders = (await client.query(`SELECT idempotency_key::text AS key, number FROM orders WHERE email = $1`, [marker]).finally(() => client.end())).rows;
    // what the processes logged at warn and above: the causes of any 5xx the shoppers met
    const logged = instances.flatMap(({ name, proc }) =>
      proc.log().split('\n').filter((line) => (line.startsWith('{') ? /"level":[456]0/.test(line) : /error|warn|exception/i.test(line) && !/DeprecationWarning|trace-deprecation/.test(line))).map((line) => `${name}: ${line.trim().slice(0, 2000)}`),
    );
    // what HAProxy logged (errors only: dontlog-normal), with each line's termination state
    if (logDir) writeFileSync(path.join(logDir, 'haproxy.log'), haproxy.log());
    const proxyLog = haproxy.log().split('\n').filter((line) => line.trim() && !/^\[(NOTICE|WARNING)\]/.test(line));
    return { t0, plan, timeline, samples, slowest, logged, proxyLog, connections, summary: summarise(records, plan.phases), tally: tallyCheckouts(checkouts, orders, plan.phases), config: haproxy.config };
  } finally {
    await haproxy.stop();
    await Promise.all(slots.map((slot) => slot.proc?.stop()));
  }
}

export async function drillBench() {
  out('## Failure drill: three API processes behind HAProxy, a primary and a streaming replica (issue 37)');
  out();
  if (!haproxyInstalled()) {
    out('HAProxy is not installed (`apt-get install -y haproxy`): drill skipped.');
    out();
    return;
  }
  const settings = {
    seconds: Number(option('seconds', 120)),
    connections: Number(option('connections', 200)),
    thinkMs: Number(option('think-ms', 0)),
    retryDelayMs: Number(option('retry-delay-ms', 500)),
    warmupS: Number(option('warmup', 10)),
    // at most N requests at once on each process, the rest queued in HAProxy (0: no limit)
    serverMaxconn: Number(option('server-maxconn', DRILL_DEFAULTS.serverMaxconn)),
    // how long a process back in the rotation takes to reach its full share
    slowstartMs: Number(option('slowstart-ms', DRILL_DEFAULTS.slowstartMs)),
  };
  const products = opts.products;
  out(`Load average (1/5/15 min) before the drill: ${loadavg()}.`);
  out();
  const stack = await drillStack(products);
  try {
    out(`(${products.toLocaleString('en')} products generated into a private primary in ${f0(stack.generatedSeconds)} s; replica made with pg_basebackup -R)`);
    out();
    const catalogue = await shopperCatalogue(stack.primaryUrl);
    const result = await drillRun(stack, catalogue, settings);
    reportDrill(result, settings);
    out(`Load average after the drill: ${loadavg()}.`);
    out();
    if (!process.argv.includes('--no-curve')) await (await import('./drill-curve.mjs')).throughputCurve(stack, catalogue);
  } finally {
    stack.drop();
  }
}

function reportDrill({ t0, plan, timeline, samples, slowest, logged, proxyLog, connections, summary, tally, config }, settings) {
  out(
    `${settings.connections} shoppers for ${settings.seconds} s (after ${settings.warmupS} s of warm-up), think time ${settings.thinkMs ? `${settings.thinkMs} ms ± 50 %` : 'none (each shopper sends its next request at once)'}; ` +
      `a request that meets a network error or a 502/503/504 is retried once after ${settings.retryDelayMs} ms (checkouts with the same Idempotency-Key). ` +
      'Latencies are what the shopper waited, retry included.',
  );
  out();
  out('Timeline (seconds from the start):');
  out();
  for (const event of timeline) out(`- ${f1((event.at - t0) / 1000)} s: ${event.what}`);
  out();
  const span = (p) => `${f0((p.from - t0) / 1000)}–${f0((p.to - t0) / 1000)} s`;
  table(
    ['phase', 'requests', 'retried', 'first tries failed (kind × n)', 'failed after the retry', 'read p50 / p99 / max ms', 'checkout p50 / p99 ms'],
    summary.map((row) => {
      const phase = plan.phases.find((p) => p.name === row.name);
      return [
        phase ? `${row.name} (${span(phase)})` : row.name,
        String(row.requests),
        String(row.retried),
        row.firstFailed,
        `${row.failed} (${f2(row.failedPercent)} %)${row.failed ? `: ${row.failedKinds}` : ''}`,
        `${f1(row.readP50)} / ${f1(row.readP99)} / ${f0(row.readMax)}`,
        `${f1(row.checkoutP50)} / ${f1(row.checkoutP99)}`,
      ];
    }),
  );
  const most = (phase, server) => {
    const values = connections.filter((c) => c.at >= phase.from && c.at < phase.to).map((c) => c[server]).filter((n) => n !== null);
    return values.length ? String(Math.max(...values)) : 'down';
  };
  out('Client connections each server held (pg_stat_activity, sampled every second; the most in each phase):');
  out();
  table(['phase', 'primary', 'replica'], plan.phases.map((phase) => [phase.name, most(phase, 'primary'), most(phase, 'replica')]));
  table(
    ['phase', 'checkouts attempted', 'acknowledged', 'placed (in the database)', 'duplicated', 'placed, never acknowledged', 'acknowledged, not in the database'],
    tally.rows.map((r) => [r.name, r.attempted, r.acknowledged, r.placed, r.duplicated, r.unacknowledged, r.missing].map(String)),
  );
  if (Object.keys(samples).length) {
    out('The first try of each kind that failed (request kind, error or status and who answered: the API answers JSON, HAProxy its own pages), seconds from the start:');
    out();
    for (const [kind, { at, text }] of Object.entries(samples)) out(`- ${kind} at ${f1((at - t0) / 1000)} s: \`${text.replace(/\s+/g, ' ').replace(/`/g, "'").slice(0, 240)}\``);
    out();
  }
  out('The slowest requests (seconds from the start; each try with the process HAProxy gave it to):');
  out();
  for (const r of slowest) out(`- ${f1((r.at - t0) / 1000)} s, ${f0(r.ms)} ms, ${r.kind} \`${r.path.slice(0, 80)}\`: ${r.tries.join(', then ')}`);
  out();
  if (logged.length) {
    out(`What the API processes logged at warn and above (${logged.length} lines, the first 20):`);
    out();
    for (const line of logged.slice(0, 20)) out(`- \`${line.replace(/`/g, "'")}\``);
    out();
  }
  if (proxyLog.length) {
    out(`What HAProxy logged (errors only; ${proxyLog.length} lines, the first 20):`);
    out();
    for (const line of proxyLog.slice(0, 20)) out(`- \`${line.trim().slice(0, 300)}\``);
    out();
  }
  const whole = summary.at(-1);
  const tallied = tally.rows.at(-1);
  const worstP99 = Math.max(...summary.filter((r) => r.name === 'kill' || r.name === 'roll').map((r) => r.readP99));
  const equal = tally.ordersInDatabase === tally.acknowledged && tallied.unacknowledged === 0 && tallied.missing === 0;
  table(
    ['goal', 'figure', 'holds'],
    [
      ['checkouts acknowledged vs orders in the database: equal, 0 duplicates', `${tally.acknowledged} acknowledged, ${tally.ordersInDatabase} in the database, ${tallied.duplicated} duplicated`, yes(equal && tallied.duplicated === 0)],
      ['failed shopper requests over the whole run (after the one retry) ≤ 0.1 %', `${whole.failed} of ${whole.requests} (${f2(whole.failedPercent)} %)`, yes(whole.failedPercent <= 0.1)],
      ['p99 of reads during the kill and the roll ≤ 1 s', `${f0(worstP99)} ms (the worse of the two phases)`, yes(worstP99 <= 1000)],
    ],
  );
  out('<details><summary>haproxy.cfg</summary>');
  out();
  out('```');
  out(config.trimEnd());
  out('```');
  out('</details>');
  out();
}
