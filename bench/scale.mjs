// The API at scale (`--only scale`, part of `api`): each catalogue cell loaded by autocannon on the
// API as shipped, the API with its response cache off, and bench/bare-server.mjs (node:http + pg,
// the same SQL), on the N-product bench catalogue. CELLS are the embedded default's cells too.
import pg from 'pg';
import { databaseName, SEARCH_TERMS } from './generate-catalogue.mjs';
import { measure, probe } from './load.mjs';
import { opts } from './options.mjs';
import { f0, f1, out, table, yes } from './report.mjs';
import { benchCatalogue, startApi, startNode } from './servers.mjs';

const CATEGORY = 'dental-chairs-units';
export const CELLS = [
  { name: `search "${SEARCH_TERMS.rare}"`, route: `/api/products?search=${SEARCH_TERMS.rare}&limit=24&page=1`, search: true },
  { name: `search "${SEARCH_TERMS.medium}"`, route: `/api/products?search=${SEARCH_TERMS.medium}&limit=24&page=1`, search: true },
  { name: `search "${SEARCH_TERMS.common}"`, route: `/api/products?search=${SEARCH_TERMS.common}&limit=24&page=1`, search: true },
  { name: '24-item list', route: '/api/products?productType=equipment&limit=24&page=1', ratioGoal: true },
  { name: 'category page', route: `/api/products?categorySlug=${CATEGORY}&limit=24&page=1`, ratioGoal: true },
  { name: 'featured', route: '/api/featured-products?limit=8', ratioGoal: true },
  { name: 'categories', route: '/api/categories?productType=equipment', ratioGoal: true },
  { name: 'by type (100)', route: '/api/products/by-type/equipment' },
];

async function searchShares(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: [{ total }] } = await client.query('SELECT count(*)::int AS total FROM products');
    const shares = {};
    for (const term of Object.values(SEARCH_TERMS)) {
      const { rows: [{ n }] } = await client.query('SELECT count(*)::int AS n FROM products WHERE name ILIKE $1 OR description ILIKE $1', [`%${term}%`]);
      shares[term] = (100 * n) / total;
    }
    return { total, shares };
  } finally {
    await client.end();
  }
}

export async function apiAtScale() {
  const url = await benchCatalogue();
  const { total, shares } = await searchShares(url);
  const ours = await startApi({ DATABASE_URL: url, SEED_DEMO: 'false' });
  // the same API with its response cache off: every request runs the SQL, as a URL asked for the
  // first time since the last catalogue write does
  const uncached = await startApi({ DATABASE_URL: url, SEED_DEMO: 'false', CATALOGUE_CACHE_MB: '0' });
  const bare = await startNode('bench/bare-server.mjs', { DATABASE_URL: url });
  const sqlSource = bare.log().match(/SQL from (\S+)/)?.[1] ?? '?';
  try {
    out(`## API at ${total.toLocaleString('en')} products (${databaseName(opts.products)}), ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.seconds} s measured`);
    out();
    out(`Ours: \`node backend/dist/main.js\`, NODE_ENV=production, DATABASE_URL to the bench database on ${opts.server.replace(/^.*@/, '')}. ` +
      `Bare: \`bench/bare-server.mjs\` (node:http + pg.Pool of ${process.env.BARE_POOL_SIZE ?? process.env.DB_POOL_SIZE ?? 10} like the API's DB_POOL_SIZE), SQL from \`${sqlSource}\`. ` +
      `Search terms match ${Object.entries(shares).map(([t, s]) => `"${t}" ${s.toFixed(2)} %`).join(', ')} of rows. RSS is VmRSS after the cell (API incl. child processes). ` +
      `Ours keeps each response per catalogue version (CATALOGUE_CACHE_MB), so after the warm-up a cell measures what a popular page costs between two catalogue writes; ` +
      `"ours, cache off" (CATALOGUE_CACHE_MB=0) runs the SQL on every request, as the first request for a URL after a write does. The goals are judged on ours as shipped.`);
    out();
    const rows = [];
    const mismatches = [];
    for (const cell of CELLS) {
      const [a, b] = await Promise.all([probe(`${ours.url}${cell.route}`), probe(`${bare.url}${cell.route}`)]);
      if (a.status !== b.status || a.items !== b.items || a.total !== b.total || a.capped !== b.capped) mismatches.push(`${cell.name}: ours ${JSON.stringify(a)}, bare ${JSON.stringify(b)}`);
      const o = await measure(ours, cell.route);
      const u = await measure(uncached, cell.route);
      const r = await measure(bare, cell.route);
      const ratio = o.rps / r.rps;
      const goals = [];
      if (cell.search) goals.push(`p95 ≤ 50 ms ${yes(o.p95 <= 50)}`, `0 errors ${yes(o.errors === 0)}`);
      if (cell.search || cell.ratioGoal) goals.push(`≥ 0.6× ${yes(ratio >= 0.6)}`);
      rows.push([`${cell.name} (${a.total}${a.capped ? '+' : ''} matching)`, 'ours', f0(o.rps), f1(o.p50), f1(o.p95), f1(o.p99), o.errors, f0(o.rss.mb), ratio.toFixed(3), goals.join(', ') || '–']);
      rows.push(['', 'ours, cache off', f0(u.rps), f1(u.p50), f1(u.p95), f1(u.p99), u.errors, f0(u.rss.mb), (u.rps / r.rps).toFixed(3), '']);
      rows.push(['', 'bare', f0(r.rps), f1(r.p50), f1(r.p95), f1(r.p99), r.errors, f0(r.rss.mb), '', '']);
      console.error(`  ${cell.name}: ours ${f0(o.rps)} req/s p95 ${f1(o.p95)} ms, cache off ${f0(u.rps)} req/s p95 ${f1(u.p95)} ms, bare ${f0(r.rps)} req/s p95 ${f1(r.p95)} ms`);
    }
    table(['cell', 'server', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'RSS MB', 'ours/bare', 'goal'], rows);
    out('Routes: ' + CELLS.map((c) => `${c.name} \`${c.route}\``).join('; '));
    out();
    if (mismatches.length) {
      out('**Ours and bare answered differently** (status, items, total):');
      for (const m of mismatches) out(`- ${m}`);
      out();
    }
  } finally {
    await ours.stop();
    await uncached.stop();
    await bare.stop();
  }
}
