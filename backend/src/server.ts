import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { ConfigError, OWASP_ARGON2_MIN_KIB, REPO_ROOT } from './config/app-config.js';
import { isLoopbackHost, listeningUrl, ownUrl } from './config/listen-address.js';
import { DataDirLockedError } from './database/data-dir-lock.js';
import { Database } from './database/database.js';
import { EmbeddedPostgresError } from './database/embedded-postgres.js';
import { exposedDemoAccounts } from './database/seed/seed.js';
import { GracefulShutdown } from './health/graceful-shutdown.js';
import { WarmUp } from './health/warm-up.js';

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
  // HOST: loopback by default outside production, every interface (no host given) in production
  await (config.host === undefined ? app.listen(config.port) : app.listen(config.port, config.host));
  // the address and port really bound (PORT=0 picks a free one: tests and the bench read it from this line)
  const { address, port } = app.getHttpServer().address() as AddressInfo;
  const database = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  const logger = new Logger('DentalMarket');
  logger.log(`Listening on ${listeningUrl(address, port)} (database: ${database})`);
  // readiness waits for it: a load balancer sends traffic once the request paths are compiled
  void app.get(WarmUp).start(ownUrl(address, port));
  if (config.nodeEnv === 'production' && config.passwordHashMemoryKib < OWASP_ARGON2_MIN_KIB) {
    logger.warn(`PASSWORD_HASH_MEMORY_KIB=${config.passwordHashMemoryKib} is below OWASP's minimum for argon2id (${OWASP_ARGON2_MIN_KIB}): new passwords are hashed more cheaply than a guessing attack should face.`);
  }
  if (!isLoopbackHost(address)) {
    const exposed = await exposedDemoAccounts(app.get(Database).dataSource);
    if (exposed.length > 0) {
      logger.warn(
        `The demo accounts ${exposed.join(', ')} still have the passwords printed in the README, and the API listens beyond this machine (${address}): ` +
          'anyone who can reach it can sign in as them. Change their passwords or delete them, or listen on 127.0.0.1 (HOST).',
      );
    }
  }
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('DentalMarket failed to start:', error);
  }
  process.exit(1);
});
