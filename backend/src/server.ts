import fs from 'node:fs';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { ConfigError, REPO_ROOT } from './config/app-config.js';
import { DataDirLockedError } from './database/data-dir-lock.js';
import { EmbeddedPostgresError } from './database/embedded-postgres.js';

async function bootstrap(): Promise<void> {
  // An optional .env at the repository root; variables already in the environment win.
  const envFile = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  const { app, config } = await createApp();
  await app.listen(config.port);
  const database = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  new Logger('DentalMarket').log(`Listening on http://localhost:${config.port} (database: ${database})`);
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('DentalMarket failed to start:', error);
  }
  process.exit(1);
});
