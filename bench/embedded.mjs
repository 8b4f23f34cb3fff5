// The embedded default (`--only embedded`, part of `api`; started too for size, lighthouse and
// first-tap): the API on its embedded PostgreSQL with the demo catalogue, the scale cells on it,
// its RSS and PSS, and the time from spawn to ready on a fresh and on an existing data directory.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, probe } from './load.mjs';
import { opts } from './options.mjs';
import { f0, f1, out, table, yes } from './report.mjs';
import { CELLS } from './scale.mjs';
import { startApi } from './servers.mjs';

/** The embedded default's figures; with `keepRunning`, the API (on its demo catalogue) left running: { url, stop }. */
export async function embeddedDefault(keepRunning) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dm-bench-'));
  chmodSync(dataDir, 0o755); // as root the embedded PostgreSQL runs as the user postgres
  const env = { DATABASE_URL: '', DATA_DIR: dataDir, SEED_DEMO: 'true' };
  let app = await startApi(env);
  const firstMs = app.readyMs;
  try {
    if (opts.only.has('embedded')) {
      out(`## Embedded default (embedded PostgreSQL, demo catalogue), ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.seconds} s measured`);
      out();
      const rows = [];
      for (const cell of CELLS) {
        const { total, capped } = await probe(`${app.url}${cell.route}`);
        const result = await measure(app, cell.route);
        rows.push([`${cell.name} (${total}${capped ? '+' : ''} matching)`, f0(result.rps), f1(result.p50), f1(result.p95), f1(result.p99), result.errors, `${f0(result.rss.mb)} / ${f0(result.rss.pssMb)} (${result.rss.processes} proc)`]);
        console.error(`  embedded ${cell.name}: ${f0(result.rps)} req/s p95 ${f1(result.p95)} ms`);
      }
      table(['cell', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'RSS / PSS MB, API + PostgreSQL'], rows);
      out('RSS sums VmRSS over the API and its PostgreSQL processes, so shared buffers count once per process that touched them; PSS (proportional set size) shares each such page among the processes using it: the memory the product really takes.');
      out();
    }
    await app.stop();
    app = await startApi(env); // second start: the data directory exists, migrations and seed already done
    if (opts.only.has('embedded')) {
      out('## Start to healthy /api/health/ready (spawn of `node backend/dist/main.js`, embedded default)');
      out();
      table(['start', 'ms', 'goal ≤ 5 s'], [
        ['first (fresh DATA_DIR: initdb, migrations, demo seed)', f0(firstMs), '–'],
        ['second (existing DATA_DIR)', f0(app.readyMs), yes(app.readyMs <= 5000)],
      ]);
    }
    if (keepRunning) return { url: app.url, stop: async () => (await app.stop(), rmSync(dataDir, { recursive: true, force: true })) };
  } catch (error) {
    console.error(`embedded default failed; the API's last output:\n${app.log()}`);
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return null;
}
