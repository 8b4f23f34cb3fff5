// The orders bench (issue 18), run by `npm run bench -- --only orders` (after `npm run build`):
//  1. POST /api/orders, 3-line carts, on a 100k-product catalogue in its own database
//     (dm_bench_orders, so the catalogue benches' database is never written to): orders/s, p95,
//     errors, and every order's totals against an independent recomputation in cents (BigInt);
//  2. a retry storm: each cart posted 3 times at once with its Idempotency-Key → duplicate orders;
//  3. the email outbox with the SMTP server down 30 s → every email sent exactly once after;
//  4. the admin grid at 1,000,000 orders (one INSERT … SELECT generate_series): p95 per page for
//     each filter + sort.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { catalogueExists, generateCatalogue } from './generate-catalogue.mjs';
import { signInAdmin } from './processes.mjs';

const DATABASE = 'dm_bench_orders';
/** The grid's goal is a page's latency as an admin sees it: two admins paging at once; ten at once is shown beside it. */
const GRID_ADMINS = 2;
const GRID_CROWD = 10;
const GRID_ORDERS = 1_000_000;
const OUTAGE_SECONDS = 30;
const SHIPPING = { fullName: 'Dr. Bench Marker', email: 'bench@practice.example', address: '1 Load Street', city: 'Springfield', state: 'IL', zipCode: '62701' };

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** A local SMTP server that counts what it accepts by Message-ID. */
function smtpSink() {
  const received = new Map();
  let server;
  let port = 0;
  const start = () =>
    new Promise((resolve) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          let head = '';
          stream.on('data', (chunk) => (head.length < 4096 ? (head += chunk) : undefined));
          stream.on('end', () => {
            const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? randomUUID();
            received.set(id, (received.get(id) ?? 0) + 1);
            callback();
          });
        },
      });
      server.listen(port, '127.0.0.1', () => ((port = server.server.address().port), resolve(port)));
    });
  const stop = () => new Promise((resolve) => server.close(resolve));
  return { received, start, stop, url: () => `smtp://127.0.0.1:${port}` };
}

/** BigInt cents of a "1234.56" price, and SPEC §9 recomputed without the contracts' code. */
const cents = (price) => BigInt(price.replace('.', ''));
function expectedTotals(lines) {
  const subtotal = lines.reduce((sum, l) => sum + cents(l.unit_price) * BigInt(l.quantity), 0n);
  const shipping = subtotal > 0n ? 1500n : 0n;
  const tax = (subtotal * 8n + 50n) / 100n; // 8 %, half up (subtotal is never negative)
  return { subtotal, shipping, tax, total: subtotal + shipping + tax };
}

/** Carts of 3 distinct orderable products (equipment, in stock, priced), quantities 1–5, from a seeded PRNG. */
async function makeCarts(client, count) {
  const { rows } = await client.query(`SELECT id, price::text AS price FROM products WHERE product_type = 'equipment' AND in_stock AND price > 0 ORDER BY id`);
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
  return Array.from({ length: count }, () => {
    const picked = new Set();
    while (picked.size < 3) picked.add(rows[Math.floor(random() * rows.length)]);
    return [...picked].map((p) => ({ product_id: p.id, quantity: 1 + Math.floor(random() * 5), unit_price: p.price }));
  });
}

/** Posts carts for `seconds` on `connections` connections, each with a new key; returns figures and key → cart. */
function placeLoad(url, carts, { seconds, connections }) {
  const sent = new Map();
  let next = 0;
  const latencies = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/api/orders`,
        connections,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            setupRequest(request) {
              const cart = carts[next++ % carts.length];
              const key = randomUUID();
              sent.set(key, cart);
              return { ...request, headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ lines: cart, shipping: SHIPPING }) };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({ sent, rps: result.requests.average, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors: result.errors + result.non2xx + result.timeouts, requests: result.requests.total });
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** Every order made with one of the keys: its stored totals against the bench's own recomputation of the cart it sent. */
async function verifyTotals(client, sent) {
  const { rows } = await client.query(
    `SELECT idempotency_key::text AS key, subtotal_cents, shipping_cents, tax_cents, total_cents FROM orders WHERE idempotency_key = ANY($1::uuid[])`,
    [[...sent.keys()]],
  );
  let wrong = 0;
  for (const row of rows) {
    const e = expectedTotals(sent.get(row.key));
    if (BigInt(row.subtotal_cents) !== e.subtotal || BigInt(row.shipping_cents) !== e.shipping || BigInt(row.tax_cents) !== e.tax || BigInt(row.total_cents) !== e.total) wrong += 1;
  }
  return { orders: rows.length, wrong };
}

/** Runs `tasks` (functions returning promises) with at most `limit` at once. */
async function pool(tasks, limit) {
  const results = [];
  let i = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (i < tasks.length) {
      const n = i++;
      results[n] = await tasks[n]();
    }
  }));
  return results;
}

const post = (url, cart, key) =>
  fetch(`${url}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ lines: cart, shipping: SHIPPING }) }).then(async (r) => ({ status: r.status, number: (await r.json()).number }));

async function waitFor(condition, seconds, what) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Emails not yet sent: jobs not completed, and checkouts' outbox rows not yet moved into jobs. */
const pendingEmails = async (client) =>
  (await client.query(`SELECT ((SELECT count(*) FROM pgboss.job WHERE name = 'order-email' AND state NOT IN ('completed')) + (SELECT count(*) FROM order_email_outbox))::int AS n`)).rows[0].n;

/** 1,000,000 orders in one INSERT … SELECT over generate_series (2 lines each), counters rebuilt, analysed. */
export async function generateGridOrders(client, log) {
  const { rows: [{ n }] } = await client.query(`SELECT count(*)::int AS n FROM orders`);
  if (n >= GRID_ORDERS) return n;
  const started = Date.now();
  await client.query(`ALTER TABLE orders DISABLE TRIGGER order_counts_insert_delete`);
  try {
    // numbers: i × an odd multiplier mod 32^6 is a bijection, so all distinct; "DM-" + 6 Crockford characters
    await client.query(`
      INSERT INTO orders (number, email, full_name, address, city, state, zip_code, status, subtotal_cents, shipping_cents, tax_cents, total_cents, created_at, updated_at)
      SELECT 'DM-' || (SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((((i::bigint * 387420489) % 1073741824) >> (5 * k)) & 31)::int + 1, 1), '' ORDER BY k DESC) FROM generate_series(0, 5) k),
             'buyer' || (i % 50000) || '@practice' || (i % 997) || '.example',
             (ARRAY['Anna','Ben','Chloe','David','Emma','Felix','Grace','Henry','Iris','Jack'])[1 + i % 10] || ' ' || (ARRAY['Smith','Jones','Brown','Taylor','Wilson','Davies','Evans','Thomas','Roberts','Walker','Wright','Hughes','Green','Hall','Wood','Harris','Clarke','Patel','Jackson','King'])[1 + (i / 10) % 20] || ' ' || (i % 5000),
             i || ' Bench Road', 'Springfield', 'IL', '62701',
             (ARRAY['placed','processing','shipped','delivered','delivered','delivered','cancelled']::order_status[])[1 + i % 7],
             s, 1500, (s * 8 + 50) / 100, s + 1500 + (s * 8 + 50) / 100,
             now() - make_interval(mins => i), now() - make_interval(mins => i)
        FROM generate_series(1, ${GRID_ORDERS}) i, LATERAL (SELECT (1000 + (i::bigint * 7919) % 500000)::bigint AS s) amounts
      ON CONFLICT (number) DO NOTHING`);
    // statistics first: without them the planner takes a million orders for a few thousand and
    // probes order_lines once per order in a nested loop (minutes instead of seconds)
    await client.query(`ANALYZE orders`);
    await client.query(`
      INSERT INTO order_lines (order_id, position, product_id, name, manufacturer, unit_price_cents, image_url, quantity)
      SELECT o.id, k, 1 + (o.id * k) % 1000, 'Bench product', 'Bench', o.subtotal_cents / 2, NULL, 1
        FROM orders o, generate_series(1, 2) k WHERE o.idempotency_key IS NULL AND o.number LIKE 'DM-%' AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`);
  } finally {
    await client.query(`ALTER TABLE orders ENABLE TRIGGER order_counts_insert_delete`);
  }
  await client.query(`DELETE FROM order_counts`);
  await client.query(`INSERT INTO order_counts (day, status, slot, n, cents) SELECT (created_at AT TIME ZONE 'UTC')::date, status, 0, count(*), sum(total_cents) FROM orders GROUP BY 1, 2`);
  await client.query(`VACUUM ANALYZE orders`);
  await client.query(`VACUUM ANALYZE order_lines`);
  log(`(${GRID_ORDERS.toLocaleString('en')} orders generated in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  // a generated number that a checkout had already drawn is skipped (ON CONFLICT), so count again
  return (await client.query(`SELECT count(*)::int AS n FROM orders`)).rows[0].n;
}

/** p95 of one admin grid page, `connections` admins asking at once. */
function gridLoad(url, cookie, seconds, connections) {
  const latencies = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers: { cookie } }, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      resolve({ rps: result.requests.average, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors: result.errors + result.non2xx });
    });
    instance.on('response', (_c, _s, _b, ms) => latencies.push(ms));
  });
}

export async function ordersBench({ opts, out, table, startApi, f0, f1, yes }) {
  const server = opts.server.replace(/\/+$/, '');
  const url = `${server}/${DATABASE}`;
  if (!(await catalogueExists(server, DATABASE))) {
    const generated = await generateCatalogue({ products: opts.products, server, log: out, name: DATABASE });
    out(`(catalogue generated in ${generated.seconds.toFixed(0)} s)`);
    out();
  }
  const smtp = smtpSink();
  await smtp.start();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const api = await startApi({ DATABASE_URL: url, SEED_DEMO: 'false', SMTP_URL: smtp.url() });
  try {
    const { rows: [{ products }] } = await client.query(`SELECT count(*)::int AS products FROM products`);
    // each run measures the same state: the generated orders and only this run's checkouts (an earlier
    // run's 10,000 have keys; the generated ones have none)
    const { rowCount: earlier } = await client.query(`DELETE FROM orders WHERE idempotency_key IS NOT NULL`);
    if (earlier) await client.query(`VACUUM ANALYZE orders`);
    const carts = await makeCarts(client, 20_000);
    await placeLoad(api.url, carts, { seconds: opts.warmup, connections: opts.connections });
    const load = await placeLoad(api.url, carts.slice(5000), { seconds: opts.seconds, connections: opts.connections });
    const check = await verifyTotals(client, load.sent);

    // retry storm: 500 new carts, each posted 3 times at once with its own key
    const storm = carts.slice(0, 500).map((cart) => ({ cart, key: randomUUID() }));
    const answers = await pool(storm.flatMap(({ cart, key }) => [0, 1, 2].map(() => () => post(api.url, cart, key))), opts.connections);
    const { rows: [{ made }] } = await client.query(`SELECT count(*)::int AS made FROM orders WHERE idempotency_key = ANY($1::uuid[])`, [storm.map((s) => s.key)]);
    const sameNumber = storm.every((_, i) => new Set(answers.slice(i * 3, i * 3 + 3).map((a) => a.number)).size === 1);

    out(`## Orders at ${products.toLocaleString('en')} products (${DATABASE}), ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.seconds} s measured`);
    out();
    table(['figure', 'value', 'goal'], [
      ['POST /api/orders, 3-line carts: orders/s', f0(load.rps), `≥ 300 ${yes(load.rps >= 300)}`],
      ['p50 / p95 ms', `${f1(load.p50)} / ${f1(load.p95)}`, `p95 ≤ 100 ms ${yes(load.p95 <= 100)}`],
      ['errors (non-2xx, timeouts)', load.errors, `0 ${yes(load.errors === 0)}`],
      ['orders whose totals differ from the recomputation', `${check.wrong} of ${check.orders}`, `0 ${yes(check.wrong === 0 && check.orders > 0)}`],
      ['retry storm: 500 carts × 3 concurrent posts, one key each → orders', `${made} (${made - storm.length} duplicates; every key answered one number: ${sameNumber})`, `0 duplicates ${yes(made === storm.length && sameNumber)}`],
    ]);

    // email outbox: drain what the load queued, then take the SMTP server away for 30 s
    const backlog = await pendingEmails(client);
    const drainStarted = Date.now();
    await waitFor(async () => (await pendingEmails(client)) === 0, 600, 'the load’s emails to drain');
    const drainRate = backlog / ((Date.now() - drainStarted) / 1000);
    await smtp.stop();
    const outage = carts.slice(1000, 1200).map((cart) => ({ cart, key: randomUUID() }));
    const placed = await pool(outage.map(({ cart, key }) => () => post(api.url, cart, key)), 10);
    const outageStarted = Date.now();
    await new Promise((r) => setTimeout(r, OUTAGE_SECONDS * 1000));
    const receivedBefore = new Map(smtp.received);
    await smtp.start();
    const back = Date.now();
    await waitFor(async () => (await pendingEmails(client)) === 0, 300, 'the outbox to drain');
    const drainSeconds = (Date.now() - back) / 1000;
    const { rows: events } = await client.query(
      `SELECT e.id::text FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.idempotency_key = ANY($1::uuid[])`,
      [outage.map((o) => o.key)],
    );
    const counts = events.map((e) => smtp.received.get(`<${e.id}@dentalmarket.example>`) ?? 0);
    const sentDuringOutage = events.filter((e) => receivedBefore.has(`<${e.id}@dentalmarket.example>`)).length;
    out(`## Email outbox: ${placed.filter((a) => a.status === 201).length} orders placed while the SMTP server was down ${((back - outageStarted) / 1000 + 0).toFixed(0)} s`);
    out();
    table(['figure', 'value', 'goal'], [
      ['emails sent during the outage', sentDuringOutage, '0'],
      ['emails sent once / twice or more / never, after it returned', `${counts.filter((c) => c === 1).length} / ${counts.filter((c) => c > 1).length} / ${counts.filter((c) => c === 0).length}`, `each once ${yes(counts.length === outage.length && counts.every((c) => c === 1))}`],
      ['time from the server’s return to an empty outbox', `${f1(drainSeconds)} s`, '–'],
      ['emails sent per second while the load’s backlog drained', `${f0(drainRate)} (${backlog.toLocaleString('en')} waiting when the load ended)`, '–'],
    ]);

    // the admin grid at 1,000,000 orders
    const total = await generateGridOrders(client, out);
    const cookie = await signInAdmin(api.url);
    const today = new Date();
    const day = (d) => new Date(today.getTime() - d * 86_400_000).toISOString().slice(0, 10);
    const cells = [
      ['newest first', ''],
      ['oldest first', 'sort=created_at&order=asc'],
      ['total, high to low', 'sort=total&order=desc'],
      ['total, low to high', 'sort=total&order=asc'],
      ['status shipped, newest', 'status=shipped'],
      ['status placed, total high to low', 'status=placed&sort=total&order=desc'],
      ['last 30 days, newest', `from=${day(30)}&to=${day(0)}`],
      ['one month a year ago, total high to low', `from=${day(395)}&to=${day(365)}&sort=total&order=desc`],
      ['cancelled in the last 90 days, total low to high', `status=cancelled&from=${day(90)}&to=${day(0)}&sort=total&order=asc`],
      ['search an email (20 matches)', 'q=buyer4242@'],
      ['search a whole name', `q=${encodeURIComponent((await client.query(`SELECT full_name FROM orders ORDER BY id LIMIT 1 OFFSET 777777`)).rows[0].full_name)}`],
      ['search an order number', `q=${(await client.query(`SELECT number FROM orders ORDER BY id DESC OFFSET 500000 LIMIT 1`)).rows[0].number}`],
      ['page 40 of newest (offset 1,000)', 'page=40&limit=25'],
    ];
    const rows = [];
    for (const [name, query] of cells) {
      const route = `${api.url}/api/admin/orders?${query}${query ? '&' : ''}limit=${query.includes('limit=') ? '' : '25'}`.replace(/&limit=$/, '');
      const probe = await fetch(route, { headers: { cookie } }).then((r) => r.json());
      await gridLoad(route, cookie, 1, GRID_ADMINS);
      const r = await gridLoad(route, cookie, Math.min(opts.seconds, 5), GRID_ADMINS);
      const crowd = await gridLoad(route, cookie, Math.min(opts.seconds, 5), GRID_CROWD);
      rows.push([name, `${probe.total?.toLocaleString('en')}${probe.total_capped ? '+' : ''}`, f0(r.rps), f1(r.p50), f1(r.p95), r.errors, yes(r.p95 <= 50 && r.errors === 0), `${f0(crowd.rps)} / ${f1(crowd.p95)}`]);
      console.error(`  grid ${name}: p95 ${f1(r.p95)} ms (${GRID_CROWD} at once: ${f1(crowd.p95)} ms)`);
    }
    out(`## Admin orders grid at ${total.toLocaleString('en')} orders (25 a page, ${GRID_ADMINS} admins at once, 1 s warm-up + ${Math.min(opts.seconds, 5)} s each; then ${GRID_CROWD} at once)`);
    out();
    table(['filter + sort', 'matching', 'req/s', 'p50 ms', 'p95 ms', 'errors', 'p95 ≤ 50 ms', `${GRID_CROWD} at once: req/s / p95 ms`], rows);
  } finally {
    await api.stop();
    await client.end();
    await smtp.stop().catch(() => undefined);
  }
}
