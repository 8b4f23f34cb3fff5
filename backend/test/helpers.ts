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
 * Environment for an app on a database of its own, empty: a new database on the run's PostgreSQL
 * server, or a new embedded data directory. `drop()` removes a server database afterwards.
 */
export async function freshDatabase(name: string): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  const serverUrl = process.env.DM_TEST_SERVER_URL;
  if (!serverUrl) return { env: { DATABASE_URL: '', DATA_DIR: tempDir(name) }, drop: async () => undefined };
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
