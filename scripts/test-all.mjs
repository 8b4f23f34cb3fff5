#!/usr/bin/env node
// `npm test`: builds, type-checks and runs every suite — unit (contracts, store, ui, mf-config's versions, frontends),
// backend (the embedded PostgreSQL, and the PostgreSQL server when one is reachable or CI is set), and the
// Playwright end-to-end suite against the app started as `npm start` starts it. Ends with one
// plain "N passed, N failed" line summing all suites.
import { spawn } from 'node:child_process';
import net from 'node:net';

const root = new URL('..', import.meta.url).pathname;
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

const times = [];

/**
 * Runs one suite. Its output streams as it comes, or with `buffered` is printed whole when it ends (a
 * suite run beside another: their lines would interleave). Its time is kept for the closing table.
 */
function run(label, command, args, env = {}, { buffered = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const header = `\n=== ${label}: ${command} ${args.join(' ')}\n`;
    let held = '';
    const write = (stream, chunk) => (buffered ? (held += chunk) : stream.write(chunk));
    if (!buffered) process.stdout.write(header);
    // the closing counts are read from the child's stdout alone: a failing test's message on stderr can be
    // longer than any tail (CI once lost the backend's counts under one), and the sum then missed that suite;
    // kept as chunks and joined once at the end (appending to one string copied it on every chunk)
    const out = [];
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      write(process.stdout, chunk);
      out.push(chunk);
    });
    child.stderr.on('data', (chunk) => write(process.stderr, chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (buffered) process.stdout.write(`${header}${held}`);
      process.stdout.write(`\n=== ${label}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n`);
      times.push([label, seconds]);
      resolve({ code: code ?? 1, output: Buffer.concat(out).toString() });
    });
  });
}

/** Reads the suite's own closing counts: a `NAME: N passed, N failed` line (our Jest reporter's, the backend runner's), or node:test's "# pass/# fail". */
function count(label, { code, output }) {
  // one line per Jest run (the unit workspaces run in one Nx call, each ends with its own) or backend runner run
  const summaryLines = [...output.matchAll(/^(\S+): (\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/gm)];
  const nodePass = [...output.matchAll(/^(?:#|ℹ) pass (\d+)$/gm)].at(-1);
  const nodeFail = [...output.matchAll(/^(?:#|ℹ) fail (\d+)$/gm)].at(-1);
  const nodeSkip = [...output.matchAll(/^(?:#|ℹ) skipped (\d+)$/gm)].at(-1);
  if (summaryLines.length > 0) {
    for (const [, workspace, passed, failed, skipped] of summaryLines) {
      totals.passed += Number(passed);
      totals.failed += Number(failed);
      totals.skipped += Number(skipped ?? 0);
      if (Number(failed) > 0 && summaryLines.length > 1) failures.push(workspace);
    }
  } else if (nodePass && nodeFail) {
    totals.passed += Number(nodePass[1]);
    totals.failed += Number(nodeFail[1]);
    totals.skipped += Number(nodeSkip?.[1] ?? 0);
  } else if (code !== 0) {
    totals.failed += 1; // the suite failed without its counts (it crashed): never sum it as all passed
  }
  if (code !== 0) failures.push(label);
}

function postgresReachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 5432) });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}


process.stdout.write(`npm test on Node ${process.versions.node}\n`);
const build = await run('build', 'npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static']);
if (build.code !== 0) failures.push('build');
const typecheck = await run('typecheck', 'npx', ['nx', 'run-many', '-t', 'typecheck', '--outputStyle=static']);
if (typecheck.code !== 0) failures.push('typecheck');

/**
 * The backend specs whose behaviour depends on the database server, run a second time on the
 * PostgreSQL server (15 here, while the embedded one is 17; reached over TCP, databases made with
 * CREATE DATABASE): SQL a version may plan or accept differently, row locks and isolation under
 * concurrent connections, pg-boss's queues, the backup's COPY snapshot and restore, migrations and two instances on one database.
 * The other specs run once, on the embedded database: validation, HTTP, rendering, SMTP, the AI
 * providers, the log and the embedded server's own supervision, lock and root handling behave the
 * same on either (outage.spec and replicas.spec make private server clusters of their own, the
 * latter a primary and a streaming replica of it, whichever database the run uses: neither is listed here).
 */
const SERVER_SPECS = [
  'test/schema.spec.ts', // migrations and the entities on the server's version
  'test/transactions.spec.ts', // rollbacks and isolation
  'test/concurrency.spec.ts', // 30 pooled connections at once
  'test/login-limits.spec.ts', // the limiter's single statements under concurrent row locks
  'test/orders.spec.ts', // order numbers, stock and the outbox under concurrent checkouts
  'test/admin-orders.spec.ts', // keyset paging and status changes with their jobs
  'test/admin-catalog.spec.ts', // constraint violations mapped to 409s
  'test/catalog-api.spec.ts', // the catalogue's statements with SEARCH_INDEX on
  'test/catalog-search-sql.spec.ts', // full-text and trigram search in SQL
  'test/search-index.spec.ts', // the index's answers equal the SQL's
  'test/catalog-performance.spec.ts', // the planner's plans (EXPLAIN)
  'test/catalog-search-performance.spec.ts', // the planner's plans for search (EXPLAIN ANALYZE)
  'test/imports.spec.ts', // batches applied in transactions, import jobs
  'test/order-emails.spec.ts', // pg-boss and the outbox relay
  'test/service-requests.spec.ts', // pg-boss, the guest caps
  'test/webhooks-delivery.spec.ts', // the webhook outbox's relay, pg-boss's retries, row locks of concurrent tries
  'test/analytics.spec.ts', // date and aggregate SQL
  'test/customers.spec.ts', // the customers' search
  'test/partner-clicks.spec.ts', // aggregates, a second instance
  'test/accounts.spec.ts', // sessions shared by two instances
  'test/observability/two-instances.spec.ts', // two API processes on one database
  'test/backup.spec.ts', // the backup's snapshot (COPY) and its restore against the server
  'test/seed.spec.ts', // the seed's statements and its advisory lock
  'test/migration-lock.spec.ts', // instances starting together migrate one at a time (an advisory lock)
];

if (failures.length === 0) {
  const units = ['@dentalmarket/contracts', '@dentalmarket/api-client', '@dentalmarket/store', '@dentalmarket/ui', '@dentalmarket/mf-config', '@dentalmarket/shell', '@dentalmarket/storefront-mfe', '@dentalmarket/checkout-mfe', '@dentalmarket/admin-mfe'];
  const { DATABASE_URL } = process.env;
  const serverUrl = process.env.TEST_DATABASE_URL || DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const withServer = process.env.CI === 'true' || (await postgresReachable(serverUrl));
  // unit suites two workspaces at a time (CPU-bound: both cores), each workspace's counts on its own line
  count('unit', await run('unit (Jest, 2 workspaces at a time)', 'npx', ['nx', 'run-many', '-t', 'test', `--projects=${units.join(',')}`, '--parallel=2', '--outputStyle=static']));

  // The backend specs spend much of their time waiting (an app's start and stop, PostgreSQL, timers):
  // the embedded run takes three workers (processes of backend/test/runner, each with a database of its
  // own, test/worker-env.ts) and the server run goes beside it in one more, so that four stay busy to
  // the end: with two and two the server run ended half-way and the two left idled a third of the
  // cores (2026-11-30: 241 s at 97 % busy against 285 s). Then the end-to-end suite, two files at a
  // time (each its own app and Chromium; e2e/run.mjs says why not three). Running the unit suites
  // beside the backend runs gained nothing (the cores were full: 7 min 48 s against 7 min 54 s one
  // after the other, 2026-11-29), and cost time once the backend ran on its own runner: 301 s against
  // 72 + 199 s (2026-11-30).
  const [embedded, server] = await Promise.all([
    run(
      'backend (embedded PostgreSQL, every spec, 3 workers)',
      'npm',
      // the embedded run never uses a server, whatever DATABASE_URL or TEST_DATABASE_URL say
      // (api-image.spec starts the image's API, which has no embedded database, on the server: CI's)
      ['test', '--workspace', 'backend', '--', '--workers=3', '--label=backend-embedded', ...(withServer ? [] : ['--ignore=api-image'])],
      { DATABASE_URL: '', TEST_DATABASE_URL: '' },
    ),
    withServer
      ? run('backend (PostgreSQL server, the specs that depend on it, 1 worker)', 'npm', ['test', '--workspace', 'backend', '--', '--workers=1', '--label=backend-server', ...SERVER_SPECS], { DATABASE_URL: serverUrl, TEST_DATABASE_URL: '' }, { buffered: true })
      : null,
  ]);
  count('backend (embedded PostgreSQL)', embedded);
  if (server) count('backend (PostgreSQL server)', server);
  else process.stdout.write(`\n(no PostgreSQL server at ${new URL(serverUrl).host}: the server-mode backend run and api-image.spec are CI's; embedded run done above)\n`);

  count('e2e', await run('e2e (Playwright + Chromium, 2 files at a time)', 'npm', ['test', '--workspace', 'e2e'], { DATABASE_URL: '', TEST_DATABASE_URL: '' }));
}

process.stdout.write(`\n=== times\n${times.map(([label, seconds]) => `${label}: ${Math.floor(seconds / 60)} min ${seconds % 60} s`).join('\n')}\n`);
process.stdout.write(`\n=== all suites${failures.length ? ` — failed: ${failures.join(', ')}` : ''}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
process.exit(failures.length ? 1 : 0);
