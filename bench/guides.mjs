// The order guides bench (issue 36), run by `npm run bench -- --only guides`: 'Add all to cart' of a
// 50-line order guide (POST /api/order-guides/:id/add-to-cart) on the N-product bench catalogue, by
// a signed-in shopper (session cookie), at 1 connection (one shopper's click: the API time itself)
// and at opts.connections (the same shopper's guide asked by many at once). Goal: p95 ≤ 150 ms.
// The guide's 50 products are drawn at random over the whole catalogue's equipment (some may be
// out of stock: the answer names those as skipped, as the page shows them), so the statement reads
// rows spread over the table, not a warm corner. The API runs with REGISTRATIONS_PER_HOUR high: each
// run registers a new shopper (a catalogue kept with --skip-generate keeps the earlier ones).
import autocannon from 'autocannon';
import pg from 'pg';
import { percentile } from './load.mjs';
import { opts } from './options.mjs';
import { f0, f1, loadavg, out, table, yes } from './report.mjs';
import { benchCatalogue, startApi } from './servers.mjs';

const LINES = 50;
const GOAL_P95_MS = 150;

/** A new shopper (and practice) on the API: its session cookie. */
async function register(url) {
  const username = `bench_guides_${Date.now()}`;
  const response = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@bench.example`, password: 'BenchGuides!2026', practice_name: 'Bench Dental' }),
  });
  if (response.status !== 201) throw new Error(`registering a shopper: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** LINES equipment products drawn at random over the catalogue (a seeded draw: the same ones each run), and how many products it has. */
async function drawProducts(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SELECT setseed(0.36)`);
    const { rows } = await client.query(`SELECT id, in_stock FROM products WHERE product_type = 'equipment' ORDER BY random() LIMIT $1`, [LINES]);
    const { rows: [{ total }] } = await client.query(`SELECT count(*)::int AS total FROM products`);
    return { products: rows, total };
  } finally {
    await client.end();
  }
}

async function makeGuide(url, cookie, products) {
  const response = await fetch(`${url}/api/order-guides`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench guide ${new Date().toISOString()}`, lines: products.map((p, i) => ({ product_id: p.id, quantity: 1 + (i % 5) })) }),
  });
  if (response.status !== 201) throw new Error(`making the guide: ${response.status} ${await response.text()}`);
  return (await response.json()).id;
}

/** One autocannon run of 'Add all to cart'; latencies per response when `collect`. */
function run(route, cookie, connections, seconds, collect) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon({ url: route, method: 'POST', connections, duration: seconds, timeout: 10, headers: { cookie } }, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      resolve({
        rps: result.requests.total / seconds,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        errors: result.errors + result.timeouts + result.non2xx,
        responses: latencies.length,
      });
    });
    if (collect) instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

export async function guidesBench() {
  const databaseUrl = await benchCatalogue();
  const api = await startApi({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false', REGISTRATIONS_PER_HOUR: '100000' });
  try {
    const cookie = await register(api.url);
    const { products, total } = await drawProducts(databaseUrl);
    const id = await makeGuide(api.url, cookie, products);
    const route = `${api.url}/api/order-guides/${id}/add-to-cart`;
    const probe = await (await fetch(route, { method: 'POST', headers: { cookie } })).json();
    out(`## Order guides: 'Add all to cart' of a ${LINES}-line guide at ${total.toLocaleString('en')} products`);
    out();
    out(`\`POST /api/order-guides/:id/add-to-cart\` on \`node backend/dist/main.js\` (NODE_ENV=production, DATABASE_URL to ${opts.server.replace(/^.*@/, '')}/${databaseUrl.split('/').pop()}), ` +
      `signed in as a shopper registered for the run (session cookie: express-session's row and passport's user read per request, as for any shopper). ` +
      `The guide's ${LINES} products are equipment drawn at random over the catalogue; the answer holds ${probe.lines?.length} lines to add and ${probe.skipped?.length} skipped ` +
      `(${probe.skipped?.map((s) => s.problem).join(', ') || 'none'}). ${opts.warmup} s warm-up, then ${opts.seconds} s measured per row; load average at the start: ${loadavg()}.`);
    out();
    const rows = [];
    const figures = [];
    for (const connections of [...new Set([1, 10, opts.connections])]) {
      await run(route, cookie, connections, opts.warmup, false);
      const r = await run(route, cookie, connections, opts.seconds, true);
      figures.push({ connections, ...r });
      rows.push([String(connections), f0(r.rps), f1(r.p50), f1(r.p95), f1(r.p99), String(r.errors), r.responses.toLocaleString('en')]);
      console.error(`  guides: ${connections} connections ${f0(r.rps)} req/s p95 ${f1(r.p95)} ms`);
    }
    table(['connections', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'responses'], rows);
    const one = figures[0];
    const worst = figures.at(-1);
    out(`**Verdict (issue 36: 'Add all to cart' of a ${LINES}-line guide at 100,000 products, p95 ≤ ${GOAL_P95_MS} ms API time):** one shopper at a time, p95 ${f1(one.p95)} ms: ${yes(one.p95 <= GOAL_P95_MS && one.errors === 0)}; ` +
      `with ${worst.connections} connections at once, p95 ${f1(worst.p95)} ms: ${yes(worst.p95 <= GOAL_P95_MS && worst.errors === 0)}` +
      `${total < 100_000 ? ` (measured at ${total.toLocaleString('en')} products, not 100,000)` : ''}. Load average at the end: ${loadavg()}.`);
    out();
  } catch (error) {
    console.error(`guides bench failed; the API's last output:\n${api.log()}`);
    throw error;
  } finally {
    await api.stop();
  }
}
