import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import pg from 'pg';
import { createApp, type CreateAppOptions } from '../src/app.factory.js';
import type { AppConfig } from '../src/config/app-config.js';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: Server;
  close(): Promise<void>;
}

/** The real application on the run's database (see global-setup), with optional env overrides. */
export async function startTestApp(env: NodeJS.ProcessEnv = {}, options: Omit<CreateAppOptions, 'env'> = {}): Promise<TestApp> {
  const { app, config } = await createApp({ env: { ...process.env, ...env }, logger: ['error'], ...options });
  return { app, config, http: app.getHttpServer() as Server, close: () => app.close() };
}

/** A fresh directory under the run's temporary root. */
export function tempDir(name: string): string {
  const dir = path.join(process.env.DM_TEST_TMP!, `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Environment for an app on a database of its own: a new database on the run's PostgreSQL server, or
 * a new embedded data directory. Empty: the app's start migrates and seeds it. `seeded` (embedded
 * only): a copy of the directory an app's first start left with the run's settings (migrated, the
 * demo catalogue and accounts seeded), made once per run; the app then starts as after a restart,
 * without initdb, the migrations and the seed (seconds a start). Only for an app started with the
 * run's settings: one whose first start differs (production, SEED_DEMO, HOST) needs it empty.
 * `drop()` removes a server database afterwards.
 */
export async function freshDatabase(name: string, { seeded = false } = {}): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  const serverUrl = process.env.DM_TEST_SERVER_URL;
  if (!serverUrl) {
    const dataDir = tempDir(name);
    // -a: the embedded server's files keep their owner (postgres, when run as root) and 0700 modes
    if (seeded) execFileSync('cp', ['-a', `${await firstStartData()}/.`, dataDir]);
    return { env: { DATABASE_URL: '', DATA_DIR: dataDir }, drop: async () => undefined };
  }
  const database = `${process.env.DM_TEST_DATABASE}_${name.replace(/\W/g, '_')}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`).finally(() => admin.end());
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).finally(() => client.end());
    },
  };
}

/** Settings that change what an app's first start writes (the seed, the listening address, the session secret it stores): an app given one starts on an empty database. */
const FIRST_START_SETTINGS = ['NODE_ENV', 'SEED_DEMO', 'HOST', 'DATABASE_URL', 'DATA_DIR', 'SESSION_SECRET'];

/** Whether an app started with `env` finds, on the seeded copy, the state its own first start would leave. */
export function startsLikeTheRun(env: NodeJS.ProcessEnv): boolean {
  return !FIRST_START_SETTINGS.some((name) => name in env);
}

/** The embedded data directory of a first start with the run's settings (made by a worker's first caller; a worker runs its spec files one at a time). */
async function firstStartData(): Promise<string> {
  const dir = path.join(process.env.DM_TEST_TMP!, `first-start-${process.env.DM_TEST_WORKER ?? '1'}`);
  if (fs.existsSync(path.join(dir, 'ready'))) return path.join(dir, 'data');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'data'), { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(path.join(dir, 'data'), 0o755);
  const { app } = await createApp({ env: { ...process.env, DATABASE_URL: '', DATA_DIR: path.join(dir, 'data') }, logger: ['error'] });
  await app.close();
  fs.writeFileSync(path.join(dir, 'ready'), '');
  return path.join(dir, 'data');
}
