// The analytics bench (issue 21), run by `npm run bench -- --only analytics` (after `npm run build`):
// the Analytics tab's four API calls at 1,000,000 orders and 10,000,000 partner clicks (and a year
// of search terms: 365 days × 2,000 terms), in its own database (dm_bench_analytics, made once and
// kept: generating it takes a few minutes). Each call is asked by two admins at once for 5 s over
// the last 30 days and over a whole year: p50/p95 per chart; goal p95 ≤ 200 ms.
import autocannon from 'autocannon';
import pg from 'pg';
import { catalogueExists, generateCatalogue } from './generate-catalogue.mjs';
import { signInAdmin } from './processes.mjs';
import { generateGridOrders } from './orders.mjs';

const DATABASE = 'dm_bench_analytics';
const CLICKS = 10_000_000;
const TERMS_PER_DAY = 2_000;
const GOAL_P95_MS = 200;

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const isoDay = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** 10,000,000 raw clicks over the last 365 days on the catalogue's partner products, and their daily rollup as the writer keeps it. */
async function generateClicks(client, log) {
  const { rows: [{ n }] } = await client.query(`SELECT count(*)::int AS n FROM partner_clicks`);
  if (n >= CLICKS) return n;
  const started = Date.now();
  await client.query(`TRUNCATE partner_clicks, partner_click_days`);
  await client.query(`
    INSERT INTO partner_clicks (product_id, clicked_at, referrer_path, visitor_hash)
    SELECT ids.a[1 + (i::bigint * 7919) % array_length(ids.a, 1)], now() - make_interval(secs => i * 3.1536), '/marketplace?type=affiliate',
           decode(md5(i::text) || md5((i + 1)::text), 'hex')
      FROM (SELECT array_agg(id ORDER BY id) AS a FROM products WHERE product_type = 'affiliate') ids, generate_series(1, ${CLICKS}) i`);
  await client.query(`
    INSERT INTO partner_click_days (day, product_id, manufacturer, clicks)
    SELECT (c.clicked_at AT TIME ZONE 'UTC')::date, c.product_id, p.manufacturer, count(*)
      FROM partner_clicks c JOIN products p ON p.id = c.product_id GROUP BY 1, 2, 3`);
  await client.query(`VACUUM ANALYZE partner_clicks`);
  await client.query(`VACUUM ANALYZE partner_click_days`);
  log(`(${CLICKS.toLocaleString('en')} partner clicks generated in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return CLICKS;
}

/** A year of search terms: 2,000 a day, Zipf-like counts, one in ten sometimes finding nothing. */
async function generateSearchTerms(client) {
  const { rows: [{ n }] } = await client.query(`SELECT count(*)::int AS n FROM search_term_days`);
  if (n >= 365 * TERMS_PER_DAY) return n;
  await client.query(`TRUNCATE search_term_days`);
  await client.query(`
    INSERT INTO search_term_days (day, term, searches, zero_results)
    SELECT current_date - d, 'term ' || t, 1 + 5000 / t, CASE WHEN t % 10 = 0 THEN 1 ELSE 0 END
      FROM generate_series(0, 364) d, generate_series(1, ${TERMS_PER_DAY}) t`);
  await client.query(`VACUUM ANALYZE search_term_days`);
  return 365 * TERMS_PER_DAY;
}

function load(url, cookie, seconds) {
  const latencies = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: 2, duration: seconds, headers: { cookie } }, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      resolve({ p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors: result.errors + result.non2xx, requests: result.requests.total });
    });
    instance.on('response', (_c, _s, _b, ms) => latencies.push(ms));
  });
}

export async function analyticsBench({ opts, out, table, startApi, f0, f1, yes }) {
  const server = opts.server.replace(/\/+$/, '');
  const url = `${server}/${DATABASE}`;
  if (!(await catalogueExists(server, DATABASE))) {
    const generated = await generateCatalogue({ products: 2_000, server, log: out, name: DATABASE });
    out(`(catalogue generated in ${generated.seconds.toFixed(0)} s)`);
  }
  // the API migrates first (the analytics tables), then the facts are generated
  const api = await startApi({ DATABASE_URL: url, SEED_DEMO: 'false' });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const orders = await generateGridOrders(client, out);
    const clicks = await generateClicks(client, out);
    const terms = await generateSearchTerms(client);
    const cookie = await signInAdmin(api.url);
    out(`## Analytics at ${orders.toLocaleString('en')} orders, ${clicks.toLocaleString('en')} partner clicks, ${terms.toLocaleString('en')} search-term days (${DATABASE})`);
    out();
    out('Each chart asked by 2 admins at once for 5 s (after 1 s of warm-up). p50 / p95 in ms.');
    out();
    const rows = [];
    for (const [name, route, chart] of [
      ['orders and revenue per day', 'orders', true],
      ['partner clicks per day and per partner', 'partner-clicks', true],
      ['partner clicks CSV (a download: every day × product row of the range, streamed)', 'partner-clicks.csv', false],
      ['top searches and no results', 'searches', true],
    ]) {
      const cells = [name];
      let ok = true;
      for (const days of [30, 365]) {
        const target = `${api.url}/api/admin/analytics/${route}?from=${isoDay(days - 1)}&to=${isoDay(0)}`;
        await load(target, cookie, 1);
        const r = await load(target, cookie, 5);
        ok &&= r.p95 <= GOAL_P95_MS && r.errors === 0;
        cells.push(`${f1(r.p50)} / ${f1(r.p95)}${r.errors ? ` (${r.errors} errors)` : ''}`);
      }
      rows.push(chart ? [...cells, `p95 ≤ ${GOAL_P95_MS} ms`, yes(ok)] : [...cells, 'shown, not a chart', '']);
    }
    table(['chart', 'last 30 days', 'last 365 days', 'goal', ''], rows);
    void f0;
  } finally {
    await client.end();
    await api.stop();
  }
}
