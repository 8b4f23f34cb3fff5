import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eventually } from './eventually.js';

/** One message as a real SMTP server received it: the envelope's recipients, the parsed subject and text. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * A local SMTP server (smtp-server, the protocol as a mail server speaks it; mailparser for the
 * message) that keeps every message: the app sends through it (SMTP_URL) as through a real one.
 */
export class MailCatcher {
  readonly received: CaughtMail[] = [];
  private readonly server = new SMTPServer({
    closeTimeout: 200, // the mailer's pooled connections are cut at once when the test server closes (default: 30 s)
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });

  /** Listens on a free local port: the SMTP_URL to give the app. */
  start(): Promise<string> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve(`smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`)));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The first message to `to` whose subject matches, once the app's queue has sent it (at most 60 s). */
  async waitFor(to: string, subject: RegExp): Promise<CaughtMail> {
    const matching = () => this.received.find((mail) => mail.to.includes(to) && subject.test(mail.subject));
    await eventually(async () => matching(), Boolean, {
      timeout: 60_000,
      what: `an email to ${to} with a subject like ${subject} (received: ${this.received.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'none'})`,
    });
    return matching()!;
  }
}
