// The invoice reminders bench (issue 36), run by `npm run bench -- --only invoice-reminders`: the
// daily reminder job at 1,000,000 orders and 10,000 practices on invoice terms. Goal: ≤ 10 s a run,
// bounded memory. A database of its own (dm_bench_invoices; kept with --skip-generate), migrated by
// the API, then filled with SQL: 10,000 practices (net 30) each with an owner, and 1,000,000 orders
// over the last 365 days, 40 % of them invoices (due 30 days after they were placed; most of the
// older ones paid, a few in part; some cancelled). The API runs with SMTP_URL to a sink in this
// process (the reminder emails go out while the figures are taken, as they would), and the job is
// started as the scheduler starts it: a pg-boss job on its queue. Figures: the first run (every
// reminder owed at once), a re-run the same day (nothing owed: the walk alone), and the next day's
// run; each from the job's own output and pg-boss's start and end; the API's peak RSS; EXPLAIN of
// one keyset batch, of the overdue filter's page and count, and of the dashboard's overdue figure.
import fs from 'node:fs';
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { opts } from './options.mjs';
import { f0, f1, loadavg, out, table, yes } from './report.mjs';
import { startApi } from './servers.mjs';

const ORDERS = 1_000_000;
const PRACTICES = 10_000;
const GOAL_MS = 10_000;
const NAME = 'dm_bench_invoices';
const DAY = 86_400_000;

async function admin(sql) {
  const client = new pg.Client({ connectionString: `${opts.server}/postgres` });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** 10,000 practices with an owner each, 1,000,000 orders, in a few INSERT … SELECT statements. */
async function generate(client) {
  const started = Date.now();
  await client.query(`
    INSERT INTO practices (name, payment_terms, net_days, credit_limit_cents)
    SELECT 'Bench Dental ' || i, 'invoice', 30, 100000000 FROM generate_series(1, ${PRACTICES}) i`);
  await client.query(`
    INSERT INTO users (username, password, email, full_name, role, practice_id, practice_role)
    SELECT 'bench_owner_' || p.id, 'not-a-hash', 'owner' || p.id || '@practice' || p.id || '.example', 'Owner ' || p.id, 'customer', p.id, 'owner' FROM practices p`);
  await client.query(`ALTER TABLE orders DISABLE TRIGGER order_counts_insert_delete`);
  try {
    // numbers: i × an odd multiplier mod 32^6 is a bijection, so all distinct; one order every 31.5 s over a year
    await client.query(`
      INSERT INTO orders (number, email, full_name, address, city, state, zip_code, status, subtotal_cents, shipping_cents, tax_cents, total_cents,
                          practice_id, user_id, payment_due_at, paid_at, paid_cents, created_at, updated_at)
      SELECT 'DM-' || (SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((((i::bigint * 387420489) % 1073741824) >> (5 * k)) & 31)::int + 1, 1), '' ORDER BY k DESC) FROM generate_series(0, 5) k),
             'owner' || pr || '@practice' || pr || '.example', 'Owner ' || pr, i || ' Bench Road', 'Springfield', 'IL', '62701',
             (CASE WHEN i % 29 = 0 THEN 'cancelled' ELSE (ARRAY['placed','processing','shipped','delivered','delivered']::order_status[])[1 + i % 5] END),
             s, 1500, (s * 8 + 50) / 100, s + 1500 + (s * 8 + 50) / 100,
             pr, (SELECT id FROM users WHERE practice_id = pr LIMIT 1),
             CASE WHEN invoice THEN placed + interval '30 days' END,
             CASE WHEN invoice AND placed < now() - interval '40 days' AND i % 10 <> 0 THEN placed + interval '25 days' END,
             CASE WHEN invoice AND placed < now() - interval '40 days' AND i % 10 <> 0 THEN s + 1500 + (s * 8 + 50) / 100 WHEN invoice AND i % 13 = 0 THEN 1000 ELSE 0 END,
             placed, placed
        FROM generate_series(1, ${ORDERS}) i,
             LATERAL (SELECT (1000 + (i::bigint * 7919) % 500000)::bigint AS s, 1 + (i * 7) % ${PRACTICES} AS pr, i % 5 < 2 AS invoice,
                             now() - make_interval(secs => i * 31.536) AS placed) g`);
  } finally {
    await client.query(`ALTER TABLE orders ENABLE TRIGGER order_counts_insert_delete`);
  }
  await client.query(`INSERT INTO order_counts (day, status, slot, n, cents) SELECT (created_at AT TIME ZONE 'UTC')::date, status, 0, count(*), sum(total_cents) FROM orders GROUP BY 1, 2`);
  await client.query(`VACUUM ANALYZE orders`);
  out(`(${PRACTICES.toLocaleString('en')} practices and ${ORDERS.toLocaleString('en')} orders generated in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  out();
}

/** Starts the reminder job as its cron does and waits for it: its output and pg-boss's own times. */
async function runJob(boss, client, at) {
  const id = await boss.send('invoice-reminders', at ? { at } : {});
  for (;;) {
    const { rows: [job] } = await client.query(`SELECT state, output, started_on, completed_on FROM pgboss.job WHERE name = 'invoice-reminders' AND id = $1`, [id]);
    if (job?.state === 'completed') return { ...job.output, wallMs: job.completed_on - job.started_on };
    if (job?.state === 'failed') throw new Error(`the reminder job failed: ${JSON.stringify(job.output)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const plan = async (client, sql, values) =>
  (await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, values)).rows[0]['QUERY PLAN'][0];
const nodes = (node) => [node['Node Type'] + (node['Index Name'] ? ` ${node['Index Name']}` : node['Relation Name'] ? ` on ${node['Relation Name']}` : ''), ...(node.Plans ?? []).flatMap(nodes)];

export async function invoicesBench() {
  const exists = (await admin(`SELECT 1 FROM pg_database WHERE datname = '${NAME}'`)).rowCount > 0;
  const fresh = !opts.skipGenerate || !exists;
  if (fresh) {
    if (exists) await admin(`DROP DATABASE ${NAME} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${NAME}`);
  }
  const databaseUrl = `${opts.server}/${NAME}`;
  let emails = 0;
  const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onData: (stream, _s, done) => (stream.resume(), stream.on('end', () => (emails++, done()))) });
  const smtpPort = await new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve(smtp.server.address().port)));
  const api = await startApi({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 2, schedule: false, supervise: false, migrate: false });
  boss.on('error', (error) => console.error(`bench pg-boss: ${error.message}`));
  await boss.start();
  try {
    if (fresh) await generate(client);
    else {
      // the last bench's reminders and their email jobs: this one starts as the first run would
      await client.query(`DELETE FROM invoice_reminders`);
      await client.query(`DELETE FROM pgboss.job WHERE name IN ('invoice-reminder-email', 'invoice-reminders')`);
      await client.query(`VACUUM ANALYZE orders`);
    }
    const { rows: [shape] } = await client.query(`
      SELECT count(*) FILTER (WHERE payment_due_at IS NOT NULL)::int AS invoices,
             count(*) FILTER (WHERE payment_due_at IS NOT NULL AND paid_at IS NULL AND status <> 'cancelled')::int AS open,
             count(*) FILTER (WHERE payment_due_at < now() AND paid_at IS NULL AND status <> 'cancelled')::int AS overdue,
             (SELECT count(*)::int FROM orders) AS orders FROM orders`);
    out(`## Invoice reminders: the daily job at ${shape.orders.toLocaleString('en')} orders and ${PRACTICES.toLocaleString('en')} practices`);
    out();
    out(`${shape.invoices.toLocaleString('en')} invoices, ${shape.open.toLocaleString('en')} open, ${shape.overdue.toLocaleString('en')} overdue. The job is a pg-boss job on the API ` +
      `(\`node backend/dist/main.js\`, NODE_ENV=production, DATABASE_URL to ${opts.server.replace(/^.*@/, '')}/${NAME}), started as the cron starts it; ` +
      `its emails go to an SMTP sink in the bench process while it runs. Load average at the start: ${loadavg()}.`);
    out();
    const rssBefore = peakRss(api.pid);
    const runs = [
      ['first run (every reminder owed at once)', await runJob(boss, client)],
      ['re-run the same day (nothing owed)', await runJob(boss, client)],
      ['the next day', await runJob(boss, client, new Date(Date.now() + DAY).toISOString())],
    ];
    const rows = runs.map(([what, r]) => [what, r.checked.toLocaleString('en'), r.reminders.toLocaleString('en'), String(r.batches), f0(r.ms), f0(r.wallMs)]);
    table(['run', 'open invoices walked', 'reminders queued', 'batches', 'run ms (job output)', 'pg-boss start→end ms'], rows);
    const rss = peakRss(api.pid);
    out(`API peak RSS (VmHWM): ${f0(rssBefore)} MB before the runs, ${f0(rss)} MB after (the emails sent meanwhile: ${emails.toLocaleString('en')}).`);
    out();
    // the statements' plans at this size
    const { REMINDER_BATCH } = await import('../backend/dist/invoices/invoice-reminder-sql.js');
    const { adminOrdersSql, OVERDUE } = await import('../backend/dist/orders/admin-order-queries.js');
    // a batch's plan writes its reminders: rolled back
    await client.query('BEGIN');
    const batch = await plan(client, REMINDER_BATCH, [new Date(Date.now() + 2 * DAY).toISOString(), '-infinity', '0', 2000]);
    await client.query('ROLLBACK');
    const page = adminOrdersSql({ overdue: 'true', page: 100, limit: 25 });
    const pagePlan = await plan(client, page.page.text, page.page.values);
    const countPlan = await plan(client, page.count.text, page.count.values);
    const statsPlan = await plan(client, `SELECT count(*)::int AS n, coalesce(sum(o.total_cents - o.paid_cents), 0)::text AS cents FROM orders o WHERE ${OVERDUE}`, []);
    table(['statement', 'ms (EXPLAIN ANALYZE)', 'plan'], [
      ['one reminder batch (2,000 invoices, keyset)', f1(batch['Execution Time']), nodes(batch.Plan).filter((n) => /Index|Seq/.test(n)).join(', ')],
      ['overdue filter, page 100 of 25', f1(pagePlan['Execution Time']), nodes(pagePlan.Plan).filter((n) => /Index|Seq/.test(n)).join(', ')],
      ['overdue filter, its total', f1(countPlan['Execution Time']), nodes(countPlan.Plan).filter((n) => /Index|Seq/.test(n)).join(', ')],
      ['dashboard: overdue count and amount', f1(statsPlan['Execution Time']), nodes(statsPlan.Plan).filter((n) => /Index|Seq/.test(n)).join(', ')],
    ]);
    const worst = Math.max(...runs.map(([, r]) => r.wallMs));
    out(`**Verdict (issue 36: overdue-invoice job at 1,000,000 orders, 10,000 practices, ≤ ${GOAL_MS / 1000} s a run, bounded memory):** slowest run ${f0(worst)} ms: ${yes(worst <= GOAL_MS)}; ` +
      `memory: one keyset batch of 2,000 invoices at a time (peak RSS ${f0(rss)} MB). Load average at the end: ${loadavg()}.`);
    out();
  } catch (error) {
    console.error(`invoice reminders bench failed; the API's last output:\n${api.log()}`);
    throw error;
  } finally {
    await boss.stop({ graceful: false, close: true }).catch(() => {});
    await client.end();
    await api.stop();
    await new Promise((resolve) => smtp.close(resolve));
  }
}

/** A process's peak resident memory (VmHWM) in MB. */
function peakRss(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
