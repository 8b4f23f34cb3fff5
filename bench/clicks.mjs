// The partner-clicks bench (issue 21), run by `npm run bench -- --only clicks` (after `npm run build`):
// POST /api/partner-clicks as navigator.sendBeacon sends it (text/plain JSON, a new click id each),
// from many visitors (X-Forwarded-For from the 198.18.0.0/15 benchmarking range with TRUST_PROXY,
// so the per-address rate limit sees many clients; browser user agents of several versions), on a
// 2,000-product catalogue in its own database (dm_bench_clicks). Figures: req/s, p50/p95/p99,
// errors, and the rows the buffered writer counted against the 204s, with the daily rollup checked
// against the raw rows.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { catalogueExists, generateCatalogue } from './generate-catalogue.mjs';

const DATABASE = 'dm_bench_clicks';
const PRODUCTS = 2_000;
const GOAL_RPS = 2_000;
const GOAL_P95_MS = 20;

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** Browser user agents, each in several versions: with the addresses, many distinct visitors. */
const USER_AGENTS = Array.from({ length: 12 }, (_, v) => [
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + v}.0.0.0 Safari/537.36`,
  `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${16 + (v % 3)}.${v} Safari/605.1.15`,
  `Mozilla/5.0 (X11; Linux x86_64; rv:${120 + v}.0) Gecko/20100101 Firefox/${120 + v}.0`,
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${v} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${v} Mobile/15E148 Safari/604.1`,
]).flat();

const PAGES = ['/marketplace', '/marketplace?type=affiliate', '/marketplace?type=affiliate&category=intraoral-scanners', '/search?q=scanner', '/'];

/** An address of the benchmarking range 198.18.0.0/15 (RFC 2544): only a header value, never a target. */
const visitorAddress = (n) => `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;

/** Beacons for `seconds` on `connections` connections; figures and the number answered 204. */
function beaconLoad(url, productIds, { seconds, connections }) {
  const latencies = [];
  let n = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/api/partner-clicks`,
        connections,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            setupRequest(request) {
              const i = n++;
              // a pseudo-random spread over 131,072 addresses and 48 user agents
              const address = visitorAddress((i * 40503) % 131_072);
              const body = JSON.stringify({ productId: productIds[(i * 7919) % productIds.length], clickId: randomUUID(), from: PAGES[i % PAGES.length] });
              return {
                ...request,
                headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': address, 'user-agent': USER_AGENTS[(i * 31) % USER_AGENTS.length] },
                body,
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          rps: result.requests.average,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          errors: result.errors + result.non2xx + result.timeouts,
          accepted: result['2xx'],
          requests: result.requests.total,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** The raw rows, once the writer has written everything (the count holds still for a second). */
async function settledCount(client) {
  let last = -1;
  for (;;) {
    const { rows: [{ n }] } = await client.query('SELECT count(*)::int AS n FROM partner_clicks');
    if (n === last) return n;
    last = n;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export async function clicksBench({ opts, out, table, startApi, f0, f1, yes }) {
  const server = opts.server.replace(/\/+$/, '');
  const url = `${server}/${DATABASE}`;
  if (!(await catalogueExists(server, DATABASE))) {
    const generated = await generateCatalogue({ products: PRODUCTS, server, log: out, name: DATABASE });
    out(`(catalogue generated in ${generated.seconds.toFixed(0)} s)`);
    out();
  }
  const api = await startApi({ DATABASE_URL: url, SEED_DEMO: 'false', TRUST_PROXY: 'loopback' });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT id FROM products WHERE product_type = 'affiliate' ORDER BY id`);
    const productIds = rows.map((r) => r.id);
    if (productIds.length === 0) throw new Error(`${DATABASE} has no partner (affiliate) products`);

    await beaconLoad(api.url, productIds, { seconds: opts.warmup, connections: opts.connections });
    await settledCount(client);
    await client.query('TRUNCATE partner_clicks, partner_click_days');
    const load = await beaconLoad(api.url, productIds, { seconds: opts.seconds, connections: opts.connections });
    const counted = await settledCount(client);
    const { rows: [{ rollup }] } = await client.query('SELECT coalesce(sum(clicks), 0)::int AS rollup FROM partner_click_days');

    out(`## Partner clicks at ${productIds.length.toLocaleString('en')} partner products (${DATABASE}), ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.seconds} s measured`);
    out();
    out('Each request is a beacon as a browser sends it (text/plain JSON with a new click id), from one of 131,072 addresses (X-Forwarded-For, TRUST_PROXY=loopback) and 48 browser user agents.');
    out();
    table(['figure', 'value', 'goal'], [
      ['POST /api/partner-clicks: req/s', f0(load.rps), `≥ ${GOAL_RPS.toLocaleString('en')} ${yes(load.rps >= GOAL_RPS)}`],
      ['p50 / p95 / p99 ms', `${f1(load.p50)} / ${f1(load.p95)} / ${f1(load.p99)}`, `p95 ≤ ${GOAL_P95_MS} ms ${yes(load.p95 <= GOAL_P95_MS)}`],
      ['errors (non-2xx, timeouts)', load.errors, `0 ${yes(load.errors === 0)}`],
      // the requests still in flight when autocannon stops (at most one per connection) are answered and
      // counted by the API, but not by autocannon
      [`clicks answered 204 / rows counted (+ ≤ ${opts.connections} in flight at the end)`, `${load.accepted.toLocaleString('en')} / ${counted.toLocaleString('en')}`, `none lost ${yes(counted >= load.accepted && counted - load.accepted <= opts.connections)}`],
      ['rollup (partner_click_days) = raw rows', `${rollup.toLocaleString('en')} = ${counted.toLocaleString('en')}`, yes(rollup === counted)],
    ]);
  } finally {
    await api.stop();
    await client.end();
  }
}
