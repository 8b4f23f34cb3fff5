import fs from 'node:fs';
import { Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Database } from '../database/database.js';
import { createBackup, defaultBackupFile, listBackups, pruneBackups } from './backup.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const RETRY_MS = 60 * 60 * 1000;
/** A backup younger than this in BACKUP_DIR means another instance sharing the directory made today's. */
const FRESH_MS = DAY_MS - RETRY_MS;

/** Age of the newest backup in `dir` (Infinity when there is none). */
function newestAge(dir: string): number {
  const newest = listBackups(dir).at(-1);
  return newest ? Date.now() - fs.statSync(newest).mtimeMs : Infinity;
}

/**
 * BACKUP_SCHEDULE=daily: a backup in BACKUP_DIR when the newest there is a day old (at start too, so
 * restarts never postpone it), then every 24 h, keeping the newest BACKUP_KEEP. Instances on one
 * database take a PostgreSQL advisory lock for it, so two never back up at once.
 */
@Injectable()
export class BackupScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Backup');
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** the backup under way (tests and shutdown wait for it) */
  running: Promise<void> = Promise.resolve();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Database) private readonly database: Database,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.backup.schedule !== 'daily') return;
    this.logger.log(`Daily backups to ${this.config.backup.dir}, keeping the newest ${this.config.backup.keep}`);
    this.schedule(Math.max(0, DAY_MS - newestAge(this.config.backup.dir)));
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (delay === 0) {
      this.running = this.runOnce().then((next) => this.schedule(next));
      return;
    }
    // unref'd: a pending backup never keeps the process alive
    this.timer = setTimeout(() => this.schedule(0), delay).unref();
  }

  /** One scheduled backup (unless another instance holds the lock); resolves to the delay before the next. */
  async runOnce(): Promise<number> {
    const { dir, keep } = this.config.backup;
    const client = new pg.Client({ connectionString: (this.database.dataSource.options as { url: string }).url, application_name: 'dentalmarket-backup-lock' });
    // held idle while the backup runs: should the server end it (a restart), its 'error' with nobody
    // listening would end the API; the backup fails instead and is tried again in an hour
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(hashtext('dentalmarket:backup')) AS locked`);
      if (!rows[0].locked) {
        this.logger.log('Another instance is writing a backup; skipping this one');
        return DAY_MS;
      }
      if (newestAge(dir) < FRESH_MS) return DAY_MS - newestAge(dir);
      const file = defaultBackupFile(dir);
      const manifest = await createBackup((this.database.dataSource.options as { url: string }).url, file);
      const deleted = pruneBackups(dir, keep);
      this.logger.log(`Wrote ${file} (${manifest.tables.reduce((sum, t) => sum + t.rows, 0)} rows); deleted ${deleted.length} older backup(s)`);
      return DAY_MS;
    } catch (error) {
      this.logger.error(`Scheduled backup failed, trying again in an hour: ${(error as Error).message}`);
      return RETRY_MS;
    } finally {
      // ending the session releases the advisory lock
      await client.end().catch(() => undefined);
    }
  }
}

@Module({ providers: [BackupScheduler], exports: [BackupScheduler] })
export class BackupModule {}
