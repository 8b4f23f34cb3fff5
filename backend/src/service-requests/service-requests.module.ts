import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { ServiceRequestEmails } from './service-request-emails.js';
import { AdminServiceRequestsController, ServiceRequestsController } from './service-requests.controller.js';
import { ServiceRequestsService } from './service-requests.service.js';

/** Service requests: the shopper's 'Request Service', the supplier's workflow, their emails. */
@Module({
  imports: [AuthModule, JobsModule, MailModule],
  controllers: [ServiceRequestsController, AdminServiceRequestsController],
  providers: [ServiceRequestsService, ServiceRequestEmails],
})
export class ServiceRequestsModule {}
