import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { InvitationEmails } from './invitation-emails.js';
import { InvitationsService } from './invitations.service.js';
import { PracticeTermsController, PracticeTermsService } from './practice-terms.js';
import { InvitationsController, PracticeController } from './practices.controller.js';
import { PracticesService } from './practices.service.js';

/** Practices (issue 36): the shopper's practice, its people and roles, invitations and their emails. */
@Module({
  imports: [AuthModule, JobsModule, MailModule],
  controllers: [PracticeController, InvitationsController, PracticeTermsController],
  providers: [PracticesService, InvitationsService, InvitationEmails, PracticeTermsService],
})
export class PracticesModule {}
