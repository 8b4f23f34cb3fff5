import fs from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
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
