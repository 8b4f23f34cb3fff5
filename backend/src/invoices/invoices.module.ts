import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { AdminInvoiceController, InvoiceDocuments, PracticeInvoiceController } from './invoice-documents.js';
import { InvoicePaymentsController, InvoicePaymentsService } from './invoice-payments.js';
import { InvoiceReminders } from './invoice-reminders.js';

/** Issue 36's invoices: the admin's payments, the PDF invoice, and the daily reminders. */
@Module({
  imports: [AuthModule, JobsModule, MailModule],
  controllers: [InvoicePaymentsController, AdminInvoiceController, PracticeInvoiceController],
  providers: [InvoicePaymentsService, InvoiceDocuments, InvoiceReminders],
})
export class InvoicesModule {}
