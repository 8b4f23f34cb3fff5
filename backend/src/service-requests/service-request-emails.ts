import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'pg-boss';
import type { EntityManager, QueryRunner } from 'typeorm';
import { SERVICE_REQUEST_STATUS_LABELS, type ServiceRequestStatus } from '@dentalmarket/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { jobDb, JobQueue } from '../jobs/job-queue.js';
import { Mailer } from '../mail/mailer.service.js';
import { readServiceRequest } from './service-request-reads.js';

export const SERVICE_REQUEST_EMAIL_QUEUE = 'service-request-email';
/** The same retries as the order emails: an SMTP outage up to a day delays them, loses none. */
const QUEUE_OPTIONS: Omit<Queue, 'name'> = { retryLimit: 2880, retryDelay: 1, retryBackoff: true, retryDelayMax: 30, expireInSeconds: 120 };

/** Who an email of an event goes to: the requester (every event), the supplier (a new request). */
type Recipient = 'requester' | 'supplier';

interface ServiceRequestEmailJob {
  eventId: string;
  recipient: Recipient;
}

const SUBJECTS: Record<ServiceRequestStatus, (number: string, service: string) => string> = {
  new: (n, s) => `We received your request ${n} for ${s}`,
  contacted: (n) => `About your service request ${n}`,
  quoted: (n, s) => `Your quote for ${s} (${n})`,
  won: (n) => `Your service request ${n} is confirmed`,
  lost: (n) => `Your service request ${n} was closed`,
};

const HEADLINES: Record<ServiceRequestStatus, string> = {
  new: 'Thank you for your request. Our team will contact you shortly.',
  contacted: 'Our team has been in touch about your request.',
  quoted: 'Here is our quote for your request.',
  won: 'Thank you: your request is confirmed and scheduled.',
  lost: 'Your request was closed.',
};

/**
 * The service requests' emails through the one job queue: each event (a new request, each status
 * change) queues its jobs in the transaction that writes it, under ids made from the event's, so an
 * event never emails twice; the worker sends with a sent-marker row per event and recipient written
 * in the transaction that waits for SMTP (a retried job finds it and sends nothing).
 * The supplier's address is SUPPLIER_EMAIL, or else the enabled admins' addresses.
 */
@Injectable()
export class ServiceRequestEmails implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly transactions: Transactions,
    private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.ensureQueue(SERVICE_REQUEST_EMAIL_QUEUE, QUEUE_OPTIONS);
    await this.jobs.boss.work<ServiceRequestEmailJob>(SERVICE_REQUEST_EMAIL_QUEUE, { batchSize: 5, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) await this.deliver(job.data.eventId, job.data.recipient);
    });
  }

  /** Queues the emails of an event inside the caller's transaction. */
  async enqueue(manager: EntityManager, eventId: string, recipients: Recipient[]): Promise<void> {
    const db = jobDb(manager.queryRunner as QueryRunner);
    for (const recipient of recipients) {
      await this.jobs.boss.send(SERVICE_REQUEST_EMAIL_QUEUE, { eventId, recipient } satisfies ServiceRequestEmailJob, { id: recipient === 'requester' ? eventId : supplierJobId(eventId), db });
    }
  }

  private async deliver(eventId: string, recipient: Recipient): Promise<void> {
    await this.transactions.run(async (manager) => {
      const marked = await manager.query(`INSERT INTO service_request_emails_sent (event_id, recipient) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`, [eventId, recipient]);
      if (marked.length === 0) return;
      const [event] = (await manager.query(`SELECT request_id, to_status, note FROM service_request_events WHERE id = $1`, [eventId])) as Array<{ request_id: string; to_status: ServiceRequestStatus; note: string | null }>;
      const request = event && (await readServiceRequest(manager, 'r.id = $1', [event.request_id]));
      if (!request) return; // deleted since: nothing to tell
      const details = [
        `Request number: ${request.number}`,
        `Service: ${request.product_name}`,
        `Practice: ${request.practice_name}`,
        `Contact: ${request.contact_name}, ${request.email}, ${request.phone}`,
        `Preferred date: ${request.preferred_date ?? 'not given'}`,
        `Status: ${SERVICE_REQUEST_STATUS_LABELS[event.to_status]}`,
      ];
      if (recipient === 'supplier') {
        const to = this.config.mail.supplier ?? (await this.adminAddresses(manager));
        if (to.length === 0) return; // nobody to tell: no supplier address and no enabled admin
        await this.mailer.send({
          to,
          replyTo: request.email,
          subject: `New service request ${request.number}: ${request.product_name}`,
          text: ['A practice has requested a service.', '', ...details, '', 'Message:', request.message ?? '(none)', '', 'Answer it in the admin: Orders → Service requests.'].join('\n'),
          messageId: `<${eventId}.supplier@dentalmarket.example>`,
          fileName: `${request.number}-supplier-${eventId}`,
        });
        return;
      }
      const quote = event.to_status === 'quoted' && request.quote_amount !== null ? [`Quote: $${request.quote_amount}`, ...(event.note ? [`Note: ${event.note}`] : []), ''] : [];
      const note = event.to_status !== 'quoted' && event.note ? [`Note: ${event.note}`, ''] : [];
      // Nothing the requester typed: anyone may send a request naming any address, and the shop's
      // email must not carry a stranger's words to it. Only our own words, the number and the service.
      const ours = [`Request number: ${request.number}`, `Service: ${request.product_name}`, `Status: ${SERVICE_REQUEST_STATUS_LABELS[event.to_status]}`];
      const contact = this.supplierContact();
      await this.mailer.send({
        to: request.email,
        ...(this.config.mail.supplier ? { replyTo: this.config.mail.supplier } : {}),
        subject: SUBJECTS[event.to_status](request.number, request.product_name),
        text: ['Hello,', '', HEADLINES[event.to_status], '', ...quote, ...note, ...ours, '', `To reach us about this request, reply to this email or write to ${contact}.`, '', 'DentalMarket'].join('\n'),
        messageId: `<${eventId}@dentalmarket.example>`,
        fileName: `${request.number}-${event.to_status}-${eventId}`,
      });
    });
  }

  /** The supplier's address for the requester: SUPPLIER_EMAIL's first, or the sender's. */
  private supplierContact(): string {
    const first = this.config.mail.supplier?.[0];
    if (first) return first;
    return /<([^>]+)>/.exec(this.config.mail.from)?.[1] ?? this.config.mail.from;
  }

  private async adminAddresses(manager: EntityManager): Promise<string[]> {
    const rows = (await manager.query(`SELECT email FROM users WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id LIMIT 20`)) as { email: string }[];
    return rows.map((row) => row.email);
  }
}

/** The supplier's job of an event: another uuid derived from the event's (pg-boss ids are uuids). */
function supplierJobId(eventId: string): string {
  // flip the last hex digit's high bit: distinct from the event id, and the same every time
  const last = parseInt(eventId.slice(-1), 16) ^ 8;
  return `${eventId.slice(0, -1)}${last.toString(16)}`;
}
