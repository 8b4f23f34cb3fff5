import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { AddressBookController } from './address-book.controller.js';
import { AddressBookService } from './address-book.service.js';
import { TaxExemptionController, TaxExemptionService } from './tax-exemption.js';
import { InvitationEmails } from './invitation-emails.js';
import { InvitationsService } from './invitations.service.js';
import { PracticeTermsController, PracticeTermsService } from './practice-terms.js';
import { InvitationsController, PracticeController } from './practices.controller.js';
import { PracticesService } from './practices.service.js';

/** Practices (issue 36): the shopper's practice, its people and roles, invitations and their emails. */
@Module({
  imports: [AuthModule, JobsModule, MailModule],
  controllers: [PracticeController, InvitationsController, PracticeTermsController, AddressBookController, TaxExemptionController],
  providers: [PracticesService, InvitationsService, InvitationEmails, PracticeTermsService, AddressBookService, TaxExemptionService],
})
export class PracticesModule {}
