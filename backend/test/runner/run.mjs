#!/usr/bin/env node
/**
 * The backend's test runner (`npm test` in backend/): the spec files on node:test, in a few worker
 * processes, each of which loads the app's modules once and runs its share of the files one after the
 * other (./worker.mjs). Jest loaded the module graph again for every file, in a VM context of its own:
 * about 2.5 CPU-s a file before its first test, against 0.4 here (docs/testing.md has the figures).
 *
 *   node test/runner/run.mjs [--workers N] [--label NAME] [--ignore TEXT]... [--update-times] [FILE|PATTERN]...
 *
 * No file or pattern: every `*.spec.ts` under test/ and src/. A pattern that is not a file selects
 * the spec files whose path contains it, as Jest's did. The run's setup (test/global-setup.ts) gives
 * each worker a database of its own (test/worker-env.ts), as it did Jest's workers. The files are
 * shared out longest first by their last recorded times (./times.json; `--update-times` rewrites it
 * from this run). Prints `NAME: N passed, N failed[, N skipped]` at the end; exits 1 on any failure.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import * as nodeModule from 'node:module';
import * as hooks from './hooks.mjs';

if (!nodeModule.registerHooks) {
  process.stderr.write(`The backend's test runner needs Node 22.15 or later (module.registerHooks); this is Node ${process.versions.node}. Run it through npm (\`npm test\`), which uses the Node that \`npm install\` put in node_modules/.bin.\n`);
  process.exit(1);
}
nodeModule.registerHooks(hooks);
const here = import.meta.dirname;
const backend = path.resolve(here, '../..');
const timesFile = path.join(here, 'times.json');

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    workers: { type: 'string', default: '2' },
    label: { type: 'string', default: 'backend' },
    ignore: { type: 'string', multiple: true, default: [] },
    'update-times': { type: 'boolean', default: false },
  },
});

const all = fs
  .globSync(['test/**/*.spec.ts', 'src/**/*.spec.ts'], { cwd: backend, exclude: (name) => name === 'node_modules' || name === 'dist' })
  .map((file) => file.split(path.sep).join('/'))
  .sort();
/** A file named on the command line (relative to where it was given), or the specs whose path contains the text. */
const select = (arg) => {
  const named = path.resolve(arg);
  return fs.existsSync(named) && fs.statSync(named).isFile() ? [path.relative(backend, named)] : all.filter((file) => file.includes(arg));
};
const chosen = positionals.length === 0 ? all : [...new Set(positionals.flatMap(select))];
const files = chosen.filter((file) => !options.ignore.some((text) => file.includes(text)));
if (files.length === 0) {
  process.stderr.write(`no spec file matches ${positionals.join(' ') || '(all)'}\n`);
  process.exit(1);
}

// longest first onto the least loaded worker (a file never seen before counts as the median file)
const recorded = fs.existsSync(timesFile) ? JSON.parse(fs.readFileSync(timesFile, 'utf8')) : {};
const known = Object.values(recorded).sort((a, b) => a - b);
const median = known[Math.floor(known.length / 2)] ?? 1;
const weight = (file) => recorded[file] ?? median;
const workers = Array.from({ length: Math.max(1, Math.min(Number(options.workers) || 1, files.length)) }, () => ({ files: [], load: 0 }));
for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
  const least = workers.reduce((a, b) => (b.load < a.load ? b : a));
  least.files.push(file);
  least.load += weight(file);
}

const { default: globalSetup } = await import('../global-setup.ts');
const { default: globalTeardown } = await import('../global-teardown.ts');
await globalSetup({ maxWorkers: workers.length });
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-backend-reports-'));

/** One worker process; its lines are prefixed with its number when there are several. */
function runWorker({ files: share }, index) {
  const id = String(index + 1);
  const report = path.join(reports, `${id}.json`);
  const args = [
    '--enable-source-maps',
    '--import', path.join(here, 'register.mjs'),
    // a handle a file left open (a timer, a socket) must not keep the worker from ending
    '--test-force-exit',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    `--test-reporter=${path.join(here, 'report.mjs')}`, `--test-reporter-destination=${report}`,
    path.join(here, 'worker.mjs'),
    ...share.map((file) => path.join(backend, file)),
  ];
  const child = spawn(process.execPath, args, { cwd: backend, env: { ...process.env, DM_TEST_WORKER: id, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = workers.length > 1 ? `[${id}] ` : '';
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    readline.createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      let result = null;
      try {
        result = JSON.parse(fs.readFileSync(report, 'utf8'));
      } catch {
        // no report: the worker died before its run ended
      }
      resolve({ id, code: code ?? 1, signal, result });
    });
  });
}

// Ctrl-C reaches the workers too (one process group): this process waits for them, then tears down
const waitForWorkers = () => undefined;
process.on('SIGINT', waitForWorkers);
let results;
try {
  process.stdout.write(`${options.label}: ${files.length} spec files in ${workers.length} worker${workers.length > 1 ? 's' : ''} (DATABASE_URL ${process.env.DM_TEST_SERVER_URL ? 'the PostgreSQL server' : 'empty: the embedded PostgreSQL'})\n`);
  results = await Promise.all(workers.map(runWorker));
} finally {
  process.off('SIGINT', waitForWorkers);
  await globalTeardown();
  fs.rmSync(reports, { recursive: true, force: true });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const times = {};
for (const { id, code, signal, result } of results) {
  if (!result) {
    process.stdout.write(`worker ${id} ended (${signal ?? `exit ${code}`}) without its results: counted as one failure\n`);
    totals.failed += 1;
    continue;
  }
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
  Object.assign(times, result.files);
  // a worker that failed with every test passed (e.g. an error outside any test) must not pass the run
  if (code !== 0 && result.failed === 0) totals.failed += 1;
}
if (options['update-times']) {
  fs.writeFileSync(timesFile, `${JSON.stringify(Object.fromEntries(Object.entries({ ...recorded, ...times }).filter(([file]) => all.includes(file)).sort()), null, 2)}\n`);
}
process.stdout.write(`\n${options.label}: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
process.exit(totals.failed > 0 ? 1 : 0);
