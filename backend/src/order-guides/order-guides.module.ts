import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { OrderGuidesController } from './order-guides.controller.js';
import { OrderGuidesService } from './order-guides.service.js';

/** Order guides (issue 36): a practice's shared lists of products with default quantities. */
@Module({
  imports: [AuthModule],
  controllers: [OrderGuidesController],
  providers: [OrderGuidesService],
})
export class OrderGuidesModule {}
