import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from './eventually.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningApp {
  url: string;
  /** the app's DATA_DIR: without SMTP_URL its emails are written under mail/ here */
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}`);
        // false while it is not listening yet
        return fetch(`${url}/api/health/ready`).then((response) => response.ok, () => false);
      },
      Boolean,
      { timeout: 90_000, what: `the app at ${url} ready` },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}:\n${output()}`);
  }
}

/**
 * For an app whose server-rendered HTML a test reads: each render waits for a remote's server container
 * as long as the setting allows (10 s) rather than production's 300 ms, which a busy machine can miss on
 * an app's first pages (the page then leaves that remote's part to the browser). What such a test proves
 * is the render; the budget's own fallback is tested on apps that keep it.
 */
export const RENDER_WAITS_FOR_REMOTES = { REMOTE_RENDER_BUDGET_MS: '10000' } as const;

/** Settings that change what an app's first start writes: such an app starts on an empty directory of its own. */
const FIRST_START_SETTINGS = ['NODE_ENV', 'SEED_DEMO', 'HOST', 'DATABASE_URL', 'DATA_DIR', 'SESSION_SECRET'];

/**
 * Starts the product the way `npm start` does after its build step (the built backend serving the
 * built frontends), on a free port with the embedded database in a data directory of its own: a copy
 * of the directory the run's first app left (migrated, the demo catalogue and accounts seeded), made
 * once per test run and build. An empty directory costs each app initdb, every migration and the seed
 * (about 3 s of each start on this machine); the copy is the same state, as a restart finds it.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dm-e2e-'));
  chmodSync(dataDir, 0o755); // run as root, the embedded PostgreSQL runs as the user postgres
  const template = FIRST_START_SETTINGS.some((name) => name in env) ? undefined : await firstStartData();
  // -a: the embedded server's files keep their owner and their 0700 modes
  if (template) execFileSync('cp', ['-a', `${template}/.`, dataDir]);
  return launch(env, dataDir);
}

/**
 * The data directory of a first start, made by the first caller of a test run (`node --test` runs each
 * file as a child of one runner: its pid names the run) for the backend build at hand; a caller that
 * finds it being made waits for it. Directories of runs that have ended are removed.
 */
async function firstStartData(): Promise<string> {
  const build = Math.round(statSync(path.join(repoRoot, 'backend', 'dist', 'main.js')).mtimeMs);
  const dir = path.join(os.tmpdir(), `dm-e2e-first-start-${process.ppid}-${build}`);
  const data = path.join(dir, 'data');
  const ready = path.join(dir, 'ready');
  try {
    mkdirSync(dir);
  } catch {
    await eventually(async () => existsSync(ready), Boolean, { timeout: 120_000, what: `${dir} made by another file` });
    return data;
  }
  for (const name of readdirSync(os.tmpdir())) {
    const owner = /^dm-e2e-first-start-(\d+)-/.exec(name)?.[1];
    if (owner && Number(owner) !== process.ppid && !alive(Number(owner))) rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
  try {
    chmodSync(dir, 0o755);
    mkdirSync(data, { mode: 0o755 });
    chmodSync(data, 0o755);
    await (await launch({}, data, { keepData: true })).stop();
    writeFileSync(ready, '');
  } catch (error) {
    // the next app of the run tries again rather than waiting for a directory nobody is making
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return data;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function launch(env: Record<string, string>, dataDir: string, { keepData = false } = {}): Promise<RunningApp> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: '', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(url, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
