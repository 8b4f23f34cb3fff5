import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { IntegrationLog } from '../integrations/integration-log.js';

/** SMTP connections kept open at most (as many as the email queue sends at once). */
export const SMTP_CONNECTIONS = 4;

/**
 * Sends a message through nodemailer: to SMTP_URL when it is set; otherwise (the development
 * default) each message is written as an .eml file under DATA_DIR/mail/ and its path logged, so a
 * developer can open what a shopper would get without any mail server.
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger('Mailer');
  /** Made at the first message: nodemailer is loaded then rather than at the API's start. */
  private transport: Promise<Transporter> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly calls: IntegrationLog,
  ) {}

  private connect(): Promise<Transporter> {
    const { smtpUrl } = this.config.mail;
    // pooled: a few SMTP connections kept open and reused (settings in SMTP_URL win); a connection per
    // message held the queue to about 18 emails a second against a local server
    return (this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS, maxMessages: 500 })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  }

  /** Resolves once the SMTP server accepted the message (or the file is written); throws otherwise. */
  async send(message: SendMailOptions & { fileName: string }): Promise<void> {
    const { fileName, ...mail } = message;
    const started = performance.now();
    const transport = await this.connect();
    let info: unknown;
    try {
      info = await transport.sendMail({ from: this.config.mail.from, ...mail });
    } catch (error) {
      // for the Integrations tab: what went wrong last (the SMTP server's answer; never the credentials)
      this.calls.record('email_error', { ok: false, message: (error as Error).message, ms: performance.now() - started });
      throw error;
    }
    this.calls.record('email_send', { ok: true, message: 'OK', ms: performance.now() - started });
    if (this.config.mail.smtpUrl) return;
    await fs.mkdir(this.config.mail.dir, { recursive: true });
    const file = path.join(this.config.mail.dir, `${fileName}.eml`);
    // written under a hidden name, then renamed: whoever reads the folder (a mail viewer, a test) never
    // finds a file half written (a rename within one folder is atomic)
    const partial = path.join(this.config.mail.dir, `.${fileName}.eml.partial`);
    await fs.writeFile(partial, (info as { message: Buffer }).message);
    await fs.rename(partial, file);
    this.logger.log(`SMTP_URL is not set: the email "${String(mail.subject)}" was written to ${file}`);
  }

  async onModuleDestroy(): Promise<void> {
    (await this.transport)?.close();
  }
}
