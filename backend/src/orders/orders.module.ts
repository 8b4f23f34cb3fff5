import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { AdminOrdersController } from './admin-orders.controller.js';
import { AdminOrdersService } from './admin-orders.service.js';
import { OrderApprovalsController, PracticeApprovalsController } from './order-approvals.controller.js';
import { OrderApprovalsService } from './order-approvals.service.js';
import { OrdersController } from './orders.controller.js';
import { OrdersService } from './orders.service.js';

/** Checkout orders, the shopper's and the admin's views of them, their status workflow, and a practice's approvals (issue 36). */
@Module({
  imports: [AuthModule, JobsModule, MailModule, WebhooksModule],
  controllers: [OrdersController, OrderApprovalsController, PracticeApprovalsController, AdminOrdersController],
  providers: [OrdersService, OrderApprovalsService, AdminOrdersService],
})
export class OrdersModule {}
