// Catalogue reads with a streaming replica (issue 37), from `npm run bench -- --only replicas
// [--products 100000 --seconds 10 --connections 50]`: a private primary cluster with the N-product
// bench catalogue, a replica of it (pg_basebackup -R, private-replica.mjs), and the API on them
// twice: primary only, then with DATABASE_READ_URLS. Each run loads a mix of uncached catalogue
// reads (CATALOGUE_CACHE_MB=0: every request queries) and reports throughput and latency, and what
// each server spent on them: its processes' CPU (the postmaster's and its backends' /proc times) and
// its committed transactions (pg_stat_database), and the API process's own CPU. Both clusters and the API share this machine's cores.
import { readFileSync, readdirSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateCatalogue } from './generate-catalogue.mjs';
import { percentile } from './load.mjs';
import { opts } from './options.mjs';
import { privateCluster } from './private-cluster.mjs';
import { privateReplica, sql } from './private-replica.mjs';
import { f0, f1, f2, out, table, yes } from './report.mjs';
import { startApi } from './servers.mjs';

/** clock ticks a second in /proc/<pid>/stat (Linux's USER_HZ) */
const TICKS = 100;

/** CPU seconds of one process (the API under load). */
function processCpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** CPU seconds of a cluster: its postmaster and every process under it (backends, WAL sender, startup). */
function clusterCpuSeconds(dataDir) {
  const postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      if (pid !== postmaster && Number(fields[1]) !== postmaster) continue;
      // utime + stime, and for the postmaster its ended children's too (cutime + cstime)
      ticks += Number(fields[11]) + Number(fields[12]) + (pid === postmaster ? Number(fields[13]) + Number(fields[14]) : 0);
    } catch {
      // gone
    }
  }
  return ticks / TICKS;
}

async function commits(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query('SELECT xact_commit::bigint AS n FROM pg_stat_database WHERE datname = current_database()');
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

/** The read mix: single products by id (half), listing pages of 20, a type's categories (nothing is kept: CATALOGUE_CACHE_MB=0). */
function readMix(ids) {
  let n = 0;
  return (request) => {
    n += 1;
    const kind = n % 4;
    const id = ids[(n * 7919) % ids.length];
    request.path =
      kind === 0
        ? '/api/categories?productType=equipment'
        : kind === 1
          ? `/api/products/by-type/equipment?limit=20&page=${1 + (n % 50)}`
          : `/api/products/${id}`;
    return request;
  };
}

function run(url, seconds, ids) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon(
      { url, connections: opts.connections, duration: seconds, timeout: 10, requests: [{ method: 'GET', setupRequest: readMix(ids) }] },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({ rps: result.requests.average, requests: result.requests.total, errors: result.errors + result.non2xx, p50: percentile(latencies, 50), p99: percentile(latencies, 99) });
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/**
 * Both configurations at once (two API processes, one idle while the other is loaded), measured in
 * alternating slices (`--rounds`, default 3): the other helpers' load on this machine falls on both
 * alike. Each slice records each cluster's CPU and commits; the slices are summed per configuration.
 */
async function measureBoth(configs, clusters, ids) {
  const apis = [];
  try {
    for (const config of configs) apis.push(await startApi({ SEED_DEMO: 'false', CATALOGUE_CACHE_MB: '0', LOG_LEVEL: 'warn', ...config.env }));
    for (const api of apis) await run(api.url, opts.warmup, ids);
    const totals = configs.map((config) => ({ label: config.label, requests: 0, seconds: 0, api: 0, errors: 0, p50: [], p99: [], servers: clusters.map((c) => ({ name: c.name, cpu: 0, commits: 0 })) }));
    const rounds = Math.max(1, opts.searchRounds + 1);
    for (let round = 0; round < rounds; round++) {
      for (const [i, api] of apis.entries()) {
        const total = totals[i];
        const before = await Promise.all(clusters.map(async (c) => ({ cpu: clusterCpuSeconds(c.dataDir), commits: await commits(c.url) })));
        const apiBefore = processCpuSeconds(api.pid);
        const result = await run(api.url, opts.seconds, ids);
        total.api += processCpuSeconds(api.pid) - apiBefore;
        const after = await Promise.all(clusters.map(async (c) => ({ cpu: clusterCpuSeconds(c.dataDir), commits: await commits(c.url) })));
        total.requests += result.requests;
        total.seconds += opts.seconds;
        total.errors += result.errors;
        total.p50.push(result.p50);
        total.p99.push(result.p99);
        clusters.forEach((_, k) => {
          total.servers[k].cpu += after[k].cpu - before[k].cpu;
          total.servers[k].commits += after[k].commits - before[k].commits;
        });
      }
    }
    const routed = await (await fetch(`${apis.at(-1).url}/metrics`, { headers: { Authorization: `Bearer ${configs.at(-1).env.METRICS_TOKEN}` } })).text();
    const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    return {
      rounds,
      results: totals.map((total) => ({ ...total, rps: total.requests / total.seconds, p50: median(total.p50), p99: median(total.p99) })),
      routed: routed.split('\n').filter((line) => line.startsWith('db_reads_total{') && line.includes('purpose="catalogue"')),
    };
  } finally {
    for (const api of apis) await api.stop();
  }
}

export async function replicasBench() {
  out('## Catalogue reads from a streaming replica (issue 37)');
  out();
  const products = opts.products;
  const primary = await privateCluster('dm_bench_primary');
  let replica;
  try {
    const server = primary.url.replace(/\/dentalmarket$/, '');
    const generated = await generateCatalogue({ products, server, name: 'catalogue', log: () => undefined });
    out(`(${products} products generated into a private cluster in ${generated.seconds.toFixed(0)} s)`);
    // vacuumed before the copy, as a catalogue in service long has been: otherwise autovacuum's first
    // pass over the new rows (and the replica's replay of it) runs during the slices and is counted
    await sql(`${server}/catalogue`, 'VACUUM (ANALYZE)');
    await sql(`${server}/catalogue`, 'CHECKPOINT');
    replica = await privateReplica(primary, 'dm_bench_replica');
    const primaryUrl = `${server}/catalogue`;
    const replicaUrl = `${replica.url.replace(/\/dentalmarket$/, '')}/catalogue`;
    const clusters = [
      { name: 'primary', url: primaryUrl, dataDir: primary.dataDir },
      { name: 'replica', url: replicaUrl, dataDir: replica.dataDir },
    ];
    const client = new pg.Client({ connectionString: primaryUrl });
    await client.connect();
    const ids = (await client.query('SELECT id FROM products ORDER BY id').finally(() => client.end())).rows.map((row) => row.id);
    const METRICS_TOKEN = 'bench-only-metrics-token-0123456789';
    const measured = await measureBoth(
      [
        { label: 'primary only', env: { DATABASE_URL: primaryUrl, METRICS_TOKEN } },
        { label: 'with a replica', env: { DATABASE_URL: primaryUrl, DATABASE_READ_URLS: replicaUrl, METRICS_TOKEN } },
      ],
      clusters,
      ids,
    );
    const [alone, withReplica] = measured.results;
    out(
      `${opts.connections} connections; ${measured.rounds} alternating slices of ${opts.seconds} s per configuration after ${opts.warmup} s of warm-up (p50/p99: the slices' medians); ` +
        "uncached catalogue reads (a product by id, a listing page, a type's categories); one API process each (NODE_ENV=production).",
    );
    out();
    table(
      ['run', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'primary CPU s', 'primary commits', 'replica CPU s', 'replica commits', 'primary CPU ms per 1,000 reads', 'CPU ms per read: API / primary / replica'],
      [alone, withReplica].map((r) => [
        r.label,
        f0(r.rps),
        f1(r.p50),
        f1(r.p99),
        String(r.errors),
        f2(r.servers[0].cpu),
        String(r.servers[0].commits),
        f2(r.servers[1].cpu),
        String(r.servers[1].commits),
        f1((1000 * 1000 * r.servers[0].cpu) / Math.max(1, r.requests)),
        [r.api, r.servers[0].cpu, r.servers[1].cpu].map((cpu) => f2((1000 * cpu) / Math.max(1, r.requests))).join(' / '),
      ]),
    );
    out();
    out(`Reads routed (db_reads_total, catalogue) with the replica: ${measured.routed.map((line) => line.replace('db_reads_total', '')).join(', ') || 'none'}.`);
    out();
    const ratio = withReplica.rps / alone.rps;
    const share = withReplica.servers[0].cpu / Math.max(1e-9, alone.servers[0].cpu);
    table(
      ['goal', 'figure', 'holds'],
      [
        ['read throughput with a replica ≥ 0.9× primary only (same cores)', `${f2(ratio)}×`, yes(ratio >= 0.9)],
        ['primary CPU for those reads ≈ 0', `${f2(withReplica.servers[0].cpu)} s (${f1(100 * share)} % of primary-only), ${withReplica.servers[0].commits} commits`, yes(share <= 0.05)],
      ],
    );
    out();
  } finally {
    replica?.drop();
    primary.drop();
  }
}
