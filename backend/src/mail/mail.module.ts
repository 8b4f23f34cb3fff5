import { Module } from '@nestjs/common';
import { Mailer } from './mailer.service.js';
import { OrderEmailQueue } from './order-email.queue.js';

/** Order emails: the pg-boss outbox and its worker, and nodemailer (SMTP_URL, or .eml files). */
@Module({
  providers: [Mailer, OrderEmailQueue],
  exports: [OrderEmailQueue],
})
export class MailModule {}
