#!/usr/bin/env node
// `npm test`: builds, type-checks and runs every suite — unit (contracts, store, frontends),
// backend (the embedded PostgreSQL, and the PostgreSQL server when one is reachable or CI is set), and the
// Playwright end-to-end suite against the app started as `npm start` starts it. Ends with one
// plain "N passed, N failed" line summing all suites.
import { spawn } from 'node:child_process';
import net from 'node:net';

const root = new URL('..', import.meta.url).pathname;
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, command, args, env = {}) {
  return new Promise((resolve) => {
    process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
    // the closing counts are read from the child's stdout alone: a failing test's message on stderr can be
    // longer than any tail (CI once lost the backend's counts under one), and the sum then missed that suite
    let tail = '';
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-20000);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, tail }));
  });
}

/** Reads the suite's own closing counts: our Jest reporter's line, or node:test's "# pass/# fail". */
function count(label, { code, tail }) {
  const jest = [...tail.matchAll(/^\S+: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/gm)].at(-1);
  const nodePass = [...tail.matchAll(/^(?:#|ℹ) pass (\d+)$/gm)].at(-1);
  const nodeFail = [...tail.matchAll(/^(?:#|ℹ) fail (\d+)$/gm)].at(-1);
  const nodeSkip = [...tail.matchAll(/^(?:#|ℹ) skipped (\d+)$/gm)].at(-1);
  if (jest) {
    totals.passed += Number(jest[1]);
    totals.failed += Number(jest[2]);
    totals.skipped += Number(jest[3] ?? 0);
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

if (failures.length === 0) {
  for (const ws of ['libs/contracts', 'libs/store', 'libs/ui', 'shell', 'storefront-mfe', 'checkout-mfe', 'admin-mfe']) {
    count(ws, await run(ws, 'npm', ['test', '--workspace', ws]));
  }

  const { DATABASE_URL } = process.env;
  // the embedded run never uses a server, whatever DATABASE_URL or TEST_DATABASE_URL say
  count('backend (embedded PostgreSQL)', await run('backend (embedded PostgreSQL)', 'npm', ['test', '--workspace', 'backend'], { DATABASE_URL: '', TEST_DATABASE_URL: '' }));

  const serverUrl = process.env.TEST_DATABASE_URL || DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  if (process.env.CI === 'true' || (await postgresReachable(serverUrl))) {
    count('backend (PostgreSQL server)', await run('backend (PostgreSQL server)', 'npm', ['test', '--workspace', 'backend'], { DATABASE_URL: serverUrl, TEST_DATABASE_URL: '' }));
  } else {
    process.stdout.write(`\n(no PostgreSQL server at ${new URL(serverUrl).host}: the server-mode backend run is CI's; embedded run done above)\n`);
  }

  count('e2e', await run('e2e (Playwright + Chromium)', 'npm', ['test', '--workspace', 'e2e'], { DATABASE_URL: '', TEST_DATABASE_URL: '' }));
}

process.stdout.write(`\n=== all suites${failures.length ? ` — failed: ${failures.join(', ')}` : ''}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
process.exit(failures.length ? 1 : 0);
