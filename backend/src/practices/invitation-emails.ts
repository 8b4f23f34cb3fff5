import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'pg-boss';
import type { EntityManager, QueryRunner } from 'typeorm';
import { type PracticeRole } from '@dentalmarket/contracts';
import { PRACTICE_LIMITS, PRACTICE_ROLE_LABELS } from '@dentalmarket/contracts/practices';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { jobDb, JobQueue } from '../jobs/job-queue.js';
import { Mailer } from '../mail/mailer.service.js';
import { escapeHtml } from '../seo/page-head.js';
import { InvitationTokens } from './invitation-token.js';

export const PRACTICE_INVITATION_EMAIL_QUEUE = 'practice-invitation-email';
/** The same retries as the order emails: an SMTP outage up to a day delays them, loses none. */
const QUEUE_OPTIONS: Omit<Queue, 'name'> = { retryLimit: 2880, retryDelay: 1, retryBackoff: true, retryDelayMax: 30, expireInSeconds: 120 };

interface InvitationEmailJob {
  sendId: string;
  invitationId: string;
  version: number;
}

/**
 * The invitations' emails through the one job queue, as the service requests' are: an invitation
 * (and each resend) queues its job in the transaction that writes it; the worker sends with a
 * sent-marker row written in the transaction that waits for SMTP, so a retried job sends nothing
 * twice. The job holds no token: the worker derives the link's token from the invitation's id and
 * version (invitation-token.ts), and sends nothing for a link that was since resent, revoked, used or expired.
 */
@Injectable()
export class InvitationEmails implements OnApplicationBootstrap {
  private readonly shopOrigin: string;
  private readonly tokens: InvitationTokens;

  constructor(
    private readonly jobs: JobQueue,
    private readonly transactions: Transactions,
    private readonly mailer: Mailer,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.shopOrigin = config.publicUrl ?? `http://localhost:${config.port}`;
    this.tokens = new InvitationTokens(config.sessionSecret);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.ensureQueue(PRACTICE_INVITATION_EMAIL_QUEUE, QUEUE_OPTIONS);
    await this.jobs.boss.work<InvitationEmailJob>(PRACTICE_INVITATION_EMAIL_QUEUE, { batchSize: 5, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) await this.deliver(job.data);
    });
  }

  /** Queues the email of an invitation's current link inside the caller's transaction. */
  async enqueue(manager: EntityManager, invitationId: string, version: number): Promise<void> {
    const sendId = randomUUID();
    await this.jobs.boss.send(PRACTICE_INVITATION_EMAIL_QUEUE, { sendId, invitationId, version } satisfies InvitationEmailJob, { id: sendId, db: jobDb(manager.queryRunner as QueryRunner) });
  }

  private async deliver(job: InvitationEmailJob): Promise<void> {
    await this.transactions.run(async (manager) => {
      const marked = await manager.query(`INSERT INTO practice_invitation_emails_sent (send_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING send_id`, [job.sendId]);
      if (marked.length === 0) return;
      const [invitation] = (await manager.query(
        `SELECT i.email, i.role, i.expires_at, p.name AS practice_name, coalesce(nullif(btrim(u.full_name), ''), u.username) AS invited_by
           FROM practice_invitations i JOIN practices p ON p.id = i.practice_id LEFT JOIN users u ON u.id = i.invited_by
          WHERE i.id = $1 AND i.version = $2 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()`,
        [job.invitationId, job.version],
      )) as Array<{ email: string; role: PracticeRole; expires_at: Date; practice_name: string; invited_by: string | null }>;
      if (!invitation) return; // resent, revoked, used or expired since: the link would not work
      const url = `${this.shopOrigin}/invitations/${this.tokens.token(job.invitationId, job.version)}`;
      const who = invitation.invited_by ?? 'A colleague';
      const role = PRACTICE_ROLE_LABELS[invitation.role].toLowerCase();
      const subject = `${who} invited you to join ${invitation.practice_name} on DentalMarket`;
      const lines = [
        'Hello,',
        '',
        `${who} invited you to join ${invitation.practice_name} on DentalMarket as ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}.`,
        '',
        `Accept the invitation: ${url}`,
        '',
        `The link works once and for ${PRACTICE_LIMITS.invitationDays} days, until ${invitation.expires_at.toUTCString()}. If you did not expect it, ignore this email.`,
        '',
        'DentalMarket',
      ];
      const html =
        '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.4">\n' +
        lines.map((line) => (line.startsWith('Accept the invitation: ') ? `<a href="${escapeHtml(url)}">Accept the invitation</a>` : escapeHtml(line))).join('<br>\n') +
        '\n</body></html>\n';
      await this.mailer.send({
        to: invitation.email,
        subject,
        text: lines.join('\n'),
        html,
        messageId: `<${job.sendId}@dentalmarket.example>`,
        fileName: `invitation-${job.invitationId}-${job.version}`,
      });
    });
  }
}
