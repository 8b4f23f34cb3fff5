import { Global, Injectable, Logger, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { IntegrationCall } from '@dentalmarket/contracts';

export type IntegrationKey = 'ai' | 'email_send' | 'email_error';

/** A busy key (emails at hundreds a second) is written at most this often; an outcome that differs from the last written one always is. */
const MIN_INTERVAL_MS = 1000;

/**
 * The last call to each outside service, kept in `integration_status` for the Integrations tab (so
 * every instance shows the same). Writing it never fails or slows the call it records: it runs on
 * the pool outside any transaction, after the fact, and an error is only logged.
 */
@Injectable()
export class IntegrationLog {
  private readonly logger = new Logger('Integrations');
  private readonly written = new Map<IntegrationKey, { at: number; ok: boolean }>();

  constructor(private readonly dataSource: DataSource) {}

  record(key: IntegrationKey, call: Omit<IntegrationCall, 'at'>, at = new Date()): void {
    const last = this.written.get(key);
    if (last && last.ok === call.ok && at.getTime() - last.at < MIN_INTERVAL_MS) return;
    this.written.set(key, { at: at.getTime(), ok: call.ok });
    this.dataSource
      .query(
        `INSERT INTO integration_status (key, at, ok, message, ms) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key) DO UPDATE SET at = excluded.at, ok = excluded.ok, message = excluded.message, ms = excluded.ms WHERE integration_status.at <= excluded.at`,
        [key, at, call.ok, call.message.slice(0, 1000), Math.round(call.ms)],
      )
      .catch((error: Error) => this.logger.warn(`could not record the ${key} call: ${error.message}`));
  }

  async read(): Promise<Partial<Record<IntegrationKey, IntegrationCall>>> {
    const rows = (await this.dataSource.query(`SELECT key, at, ok, message, ms FROM integration_status`)) as Array<{ key: IntegrationKey; at: Date; ok: boolean; message: string; ms: number }>;
    return Object.fromEntries(rows.map((row) => [row.key, { at: row.at.toISOString(), ok: row.ok, message: row.message, ms: row.ms }]));
  }
}

/** Global: the AI service and the mailer record their calls without importing a feature module. */
@Global()
@Module({ providers: [IntegrationLog], exports: [IntegrationLog] })
export class IntegrationLogModule {}
