import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { ConfigError, REPO_ROOT } from './config/app-config.js';
import { DataDirLockedError } from './database/data-dir-lock.js';
import { Database } from './database/database.js';
import { EmbeddedPostgresError } from './database/embedded-postgres.js';
import { GracefulShutdown } from './health/graceful-shutdown.js';

async function bootstrap(): Promise<void> {
  // An optional .env at the repository root; variables already in the environment win.
  const envFile = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  const { app, config } = await createApp();
  const { status } = app.get(Database);
  const shutdown = new GracefulShutdown(app, app.getHttpServer(), status, config.shutdownGraceMs);
  shutdown.listen();
  // the embedded server could not be restarted: stop, so a process manager can take over
  status.onFatal((message) => void shutdown.run(message, 1));
  await app.listen(config.port);
  // the port really bound (PORT=0 picks a free one: tests and the bench read it from this line)
  const { port } = app.getHttpServer().address() as AddressInfo;
  const database = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  new Logger('DentalMarket').log(`Listening on http://localhost:${port} (database: ${database})`);
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('DentalMarket failed to start:', error);
  }
  process.exit(1);
});
