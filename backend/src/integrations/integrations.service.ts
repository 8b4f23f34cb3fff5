import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { IntegrationsState, IntegrationTestResult, JobQueueState } from '@dentalmarket/contracts';
import type { User } from '../auth/user.entity.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { JOB_SCHEMA, JobQueue } from '../jobs/job-queue.js';
import { Mailer } from '../mail/mailer.service.js';
import { IntegrationLog } from './integration-log.js';

/** The queues whose jobs are emails (the email card's depth). */
const EMAIL_QUEUES = new Set(['order-email', 'service-request-email']);

/** host:port of an SMTP URL, and whether it carries a user: never the password or the user itself. */
function smtpTarget(url: string): { target: string; credentials: boolean } {
  const parsed = new URL(url);
  const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
  return { target: `${parsed.protocol}//${parsed.hostname}:${port}`, credentials: parsed.username !== '' || parsed.password !== '' };
}

/**
 * The Integrations tab: what the API knows of the AI provider, email and the job queue, from its
 * configuration (secrets only as set / not set), the last calls recorded in `integration_status`,
 * and pg-boss's own queue figures.
 */
@Injectable()
export class IntegrationsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly calls: IntegrationLog,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly dataSource: DataSource,
  ) {}

  async state(): Promise<IntegrationsState> {
    const [calls, jobs] = await Promise.all([this.calls.read(), this.jobQueues()]);
    const provider = this.config.ai.provider;
    const smtp = this.config.mail.smtpUrl ? smtpTarget(this.config.mail.smtpUrl) : null;
    return {
      ai: {
        configured: provider !== null,
        provider: provider?.name ?? null,
        model: provider?.model ?? null,
        base_url: provider?.baseUrl ?? null,
        api_key_set: Boolean(provider?.apiKey),
        last_call: calls.ai ?? null,
      },
      email: {
        transport: smtp ? 'smtp' : 'file',
        target: smtp?.target ?? this.config.mail.dir,
        credentials_set: smtp?.credentials ?? false,
        from: this.config.mail.from,
        queue_depth: jobs.filter((queue) => EMAIL_QUEUES.has(queue.name)).reduce((sum, queue) => sum + queue.waiting + queue.active, 0),
        last_error: calls.email_error ?? null,
        last_send: calls.email_send ?? null,
      },
      jobs,
    };
  }

  /** Each queue's waiting, active and failed jobs (pg-boss's counts) and those waiting for a retry. */
  private async jobQueues(): Promise<JobQueueState[]> {
    const [queues, retries] = await Promise.all([
      this.jobs.boss.getQueues(),
      this.dataSource.query(`SELECT name, count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE state = 'retry' GROUP BY name`) as Promise<Array<{ name: string; n: number }>>,
    ]);
    const retrying = new Map(retries.map((row) => [row.name, row.n]));
    return queues
      .map((queue) => ({ name: queue.name, waiting: queue.queuedCount, active: queue.activeCount, failed: queue.failedCount, retrying: retrying.get(queue.name) ?? 0 }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Sends a test email to the admin's own address now (not through the queue): the outcome, whatever it is. */
  async testEmail(admin: User): Promise<IntegrationTestResult> {
    const started = performance.now();
    const at = new Date();
    try {
      await this.mailer.send({
        to: admin.email,
        subject: 'DentalMarket test email',
        text: `Hello ${admin.full_name ?? admin.username},\n\nThis is the test email you sent from the admin's Integrations tab at ${at.toISOString()}.\nIf you can read it, the shop's email works.\n\nDentalMarket`,
        fileName: `test-${at.getTime()}`,
      });
      return { at: at.toISOString(), ok: true, message: `Sent to ${admin.email}`, ms: Math.round(performance.now() - started) };
    } catch (error) {
      return { at: at.toISOString(), ok: false, message: (error as Error).message, ms: Math.round(performance.now() - started) };
    }
  }
}
