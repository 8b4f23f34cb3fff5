import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'pg-boss';
import type { QueryRunner } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { jobDb, JobQueue } from '../jobs/job-queue.js';
import { Mailer } from '../mail/mailer.service.js';
import { REMINDER_BATCH, REMINDER_TO_SEND } from './invoice-reminder-sql.js';
import { reminderEmail, type ReminderRow } from './invoice-reminder-email.js';

export const INVOICE_REMINDERS_QUEUE = 'invoice-reminders';
export const INVOICE_REMINDER_EMAIL_QUEUE = 'invoice-reminder-email';
/** Daily at 08:00 UTC (pg-boss's cron; one instance's timekeeper sends each occurrence once). */
export const INVOICE_REMINDERS_CRON = '0 8 * * *';
/** Invoices per keyset batch: one statement and one transaction each, so memory and locks stay bounded. */
export const REMINDER_BATCH_SIZE = 2000;
/**
 * Reminder emails per job: a run queues tens of jobs for thousands of reminders, not a job each (at
 * 1,000,000 orders a first run owes about 25,000). The same retries as the order emails: an SMTP
 * outage up to a day delays them, loses none; ten minutes for a job's fifty sends.
 */
const EMAILS_PER_JOB = 50;
const EMAIL_QUEUE_OPTIONS: Omit<Queue, 'name'> = { retryLimit: 2880, retryDelay: 1, retryBackoff: true, retryDelayMax: 30, expireInSeconds: 600 };

export interface ReminderRun {
  /** open invoices walked (due within the reminder window) */
  checked: number;
  /** reminders written (and their emails queued) by this run */
  reminders: number;
  batches: number;
  ms: number;
}

interface ReminderJob {
  reminderIds: string[];
}

/**
 * The daily invoice reminders (issue 36). The scheduled run walks the open invoices due within the
 * reminder window in keyset batches (invoice-reminder-sql.ts): each batch writes the reminders owed
 * and queues their emails in one transaction, so memory stays one batch whatever the number of
 * orders, and a run that stops half way leaves nothing half done. Each reminder is written once
 * (unique per invoice and stage), so a re-run, an overlapping run or a second instance sends nothing
 * twice. The email worker sends to the practice's owners with the sent mark written in the
 * transaction that waits for SMTP (as the order emails do), and sends nothing for an invoice paid
 * or cancelled since.
 */
@Injectable()
export class InvoiceReminders implements OnApplicationBootstrap {
  private readonly logger = new Logger('InvoiceReminders');
  private readonly shopOrigin: string;

  constructor(
    private readonly transactions: Transactions,
    private readonly mailer: Mailer,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.shopOrigin = config.publicUrl ?? `http://localhost:${config.port}`;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.ensureQueue(INVOICE_REMINDERS_QUEUE, { retryLimit: 3, retryDelay: 300, expireInSeconds: 900, policy: 'singleton' });
    await this.jobs.ensureQueue(INVOICE_REMINDER_EMAIL_QUEUE, EMAIL_QUEUE_OPTIONS);
    await this.jobs.boss.schedule(INVOICE_REMINDERS_QUEUE, INVOICE_REMINDERS_CRON, {}, { tz: 'UTC' });
    // a job may name the moment to run as of (`at`, ISO): a drill or the bench's "next day"; the cron's has none
    await this.jobs.boss.work<{ at?: string }>(INVOICE_REMINDERS_QUEUE, { pollingIntervalSeconds: 30 }, async ([job]) => {
      const at = job?.data?.at && !Number.isNaN(Date.parse(job.data.at)) ? new Date(job.data.at) : undefined;
      const run = await this.run(at);
      this.logger.log(`invoice reminders: ${run.reminders} queued, ${run.checked} open invoices checked in ${run.ms.toFixed(0)} ms`);
      return run;
    });
    // a failed send fails its job; the retry finds the ones sent by their marks and sends the rest
    await this.jobs.boss.work<ReminderJob>(INVOICE_REMINDER_EMAIL_QUEUE, { batchSize: 2, pollingIntervalSeconds: 0.5, localConcurrency: 2 }, async (jobs) => {
      for (const job of jobs) for (const id of job.data.reminderIds) await this.deliver(id);
    });
  }

  /** One run at `at` (default: now): every reminder owed then is written and its email queued. */
  async run(at?: Date, batchSize = REMINDER_BATCH_SIZE): Promise<ReminderRun> {
    const started = performance.now();
    const now = at ? at.toISOString() : ((await this.transactions.manager.query(`SELECT now()::text AS now`)) as Array<{ now: string }>)[0]!.now;
    let cursor: [string, string] = ['-infinity', '0'];
    const result: ReminderRun = { checked: 0, reminders: 0, batches: 0, ms: 0 };
    for (;;) {
      const batch = await this.transactions.run(async (manager) => {
        const runner = manager.queryRunner as QueryRunner;
        const [row] = (await manager.query(REMINDER_BATCH, [now, cursor[0], cursor[1], batchSize])) as Array<{ taken: number; due: string | null; id: string | null; made: string[] }>;
        if (row!.made.length) {
          // a job per EMAILS_PER_JOB reminders, named by its first (each reminder is in one job only)
          const jobs = [];
          for (let i = 0; i < row!.made.length; i += EMAILS_PER_JOB) {
            const ids = row!.made.slice(i, i + EMAILS_PER_JOB);
            jobs.push({ id: ids[0]!, data: { reminderIds: ids } satisfies ReminderJob });
          }
          await this.jobs.boss.insert(INVOICE_REMINDER_EMAIL_QUEUE, jobs, { db: jobDb(runner) });
        }
        return row!;
      });
      result.batches++;
      result.checked += batch.taken;
      result.reminders += batch.made.length;
      if (batch.taken < batchSize || batch.due === null) break;
      cursor = [batch.due, batch.id!];
    }
    result.ms = performance.now() - started;
    return result;
  }

  /** Sends one reminder unless sent (or its invoice paid or cancelled) since; throws (→ retry) when SMTP fails. */
  async deliver(reminderId: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      const [reminder] = (await manager.query(REMINDER_TO_SEND, [reminderId])) as ReminderRow[];
      if (!reminder) return; // sent before, or the order is gone
      await manager.query(`UPDATE invoice_reminders SET sent_at = now() WHERE id = $1`, [reminderId]);
      if (reminder.paid_at || reminder.status === 'cancelled' || reminder.practice_id === null) return; // nothing to remind of
      const owners = (await manager.query(`SELECT email FROM users WHERE practice_id = $1 AND practice_role = 'owner' AND role = 'customer' AND disabled_at IS NULL ORDER BY id`, [
        reminder.practice_id,
      ])) as Array<{ email: string }>;
      if (owners.length === 0) return;
      const mail = reminderEmail(reminder, this.shopOrigin);
      await this.mailer.send({ to: owners.map((owner) => owner.email), ...mail, messageId: `<${reminderId}@dentalmarket.example>`, fileName: `${reminder.number}-reminder-${reminder.stage}` });
    });
  }
}
