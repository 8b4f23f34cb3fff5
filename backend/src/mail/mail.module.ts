import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { Mailer } from './mailer.service.js';
import { OrderEmailQueue } from './order-email.queue.js';

/** Order emails: the outbox relay into the job queue and its worker, and nodemailer (SMTP_URL, or .eml files). */
@Module({
  imports: [JobsModule],
  providers: [Mailer, OrderEmailQueue],
  exports: [OrderEmailQueue, Mailer],
})
export class MailModule {}
