import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WebhookRelay } from './webhook-relay.js';
import { WebhookWorker } from './webhook-worker.js';
import { WebhooksController } from './webhooks.controller.js';

/**
 * Signed webhooks (issue 35): the admin's endpoints, the outbox relay and the delivery worker. Other
 * modules write events with webhook-events.ts (plain functions in their own transactions); the
 * checkout, whose one statement writes its event outside TypeORM, asks WebhookRelay to relay soon.
 */
@Module({
  imports: [JobsModule, MailModule],
  controllers: [WebhooksController],
  providers: [WebhookEndpointsService, WebhookRelay, WebhookWorker],
  exports: [WebhookRelay],
})
export class WebhooksModule {}
