import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { PgBoss, type Queue } from 'pg-boss';
import type { QueryRunner } from 'typeorm';
import { Database } from '../database/database.js';
import { isUnreachable } from '../database/database-status.js';

/** pg-boss keeps its tables in a schema of its own (not backed up: a restore starts with an empty queue). */
export const JOB_SCHEMA = 'pgboss';
const LOST_DATABASE = /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH)\b|terminating connection|the database system is (starting up|shutting down)/;
/** How long a stop waits for running jobs (a send, an import's batch) before pg-boss fails them for a retry. */
export const STOP_GRACE_MS = 10_000;
/** pg-boss's pool (it also holds one connection of its own for LISTEN/NOTIFY): part of the connection budget (docs/deploy.md). */
export const JOB_POOL_SIZE = 3;

/** pg-boss's statements on a transaction's own connection (so a job commits or rolls back with it). */
export function jobDb(runner: QueryRunner) {
  return { executeSql: async (text: string, values?: unknown[]) => ({ rows: (await runner.query(text, values, true)).records as unknown[] }) };
}

/**
 * The API's one durable job queue: one pg-boss per process in PostgreSQL (schema `pgboss`), shared by
 * the order emails and the catalogue imports. Started before any module's bootstrap (so a worker can
 * register then); at shutdown the users' own stop steps run first (the email relay's last pass, an
 * import stopping at a batch boundary), then pg-boss stops, letting running jobs finish for up to
 * ten seconds before it fails them for a retry, and closes its pool, all before the database closes.
 */
@Injectable()
export class JobQueue implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  readonly boss: PgBoss;
  private readonly stopSteps: Array<() => void | Promise<void>> = [];

  constructor(@Inject(Database) private readonly database: Database) {
    const url = (database.dataSource.options as { url?: string }).url;
    this.boss = new PgBoss({
      connectionString: url,
      schema: JOB_SCHEMA,
      max: JOB_POOL_SIZE,
      // the cron of the scheduled jobs (issue 36: orders awaiting approval expire); one instance's timekeeper sends each occurrence once
      schedule: true,
      application_name: 'dentalmarket-jobs',
      // a job whose instance died (no heartbeat, or past its expiry) is found within half a minute
      superviseIntervalSeconds: 30,
      monitorIntervalSeconds: 30,
      // one listening connection: a queue made with `notify` (the webhooks') wakes its workers the
      // moment a job is made, instead of at their next poll; without it (e.g. behind PgBouncer) they poll
      useListenNotify: true,
    });
    this.boss.on('error', (error: Error) => this.report('job queue', error));
  }

  async onModuleInit(): Promise<void> {
    await this.boss.start();
  }

  /** Makes the queue unless it exists (another instance may make it between the check and here). */
  async ensureQueue(name: string, options: Omit<Queue, 'name'>): Promise<void> {
    if (await this.boss.getQueue(name)) return;
    await this.boss.createQueue(name, options).catch(async (error: unknown) => {
      if (!(await this.boss.getQueue(name))) throw error;
    });
  }

  /** A step to run when the API stops, before pg-boss does (in the order registered). */
  onStop(step: () => void | Promise<void>): void {
    this.stopSteps.push(step);
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const step of this.stopSteps.splice(0)) await step();
    await this.boss.stop({ graceful: true, timeout: STOP_GRACE_MS, close: true });
  }

  /**
   * An unreachable database is the outage the database status logs once (and once back): not a line
   * per poll or relay. pg-boss appends the queue and worker to a worker's message; the code may not survive.
   */
  report(what: string, error: Error): void {
    if (isUnreachable(error) || LOST_DATABASE.test(error.message ?? '')) this.database.status.suspect(error);
    else this.logger.error(`${what}: ${error.message}`);
  }
}
