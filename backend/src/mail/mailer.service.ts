import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/**
 * Sends a message through nodemailer: to SMTP_URL when it is set; otherwise (the development
 * default) each message is written as an .eml file under DATA_DIR/mail/ and its path logged, so a
 * developer can open what a shopper would get without any mail server.
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.mail.smtpUrl
      ? nodemailer.createTransport(config.mail.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Resolves once the SMTP server accepted the message (or the file is written); throws otherwise. */
  async send(message: SendMailOptions & { fileName: string }): Promise<void> {
    const { fileName, ...mail } = message;
    const info = await this.transport.sendMail({ from: this.config.mail.from, ...mail });
    if (this.config.mail.smtpUrl) return;
    await fs.mkdir(this.config.mail.dir, { recursive: true });
    const file = path.join(this.config.mail.dir, `${fileName}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    this.logger.log(`SMTP_URL is not set: the email "${String(mail.subject)}" was written to ${file}`);
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
