import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AdminPracticesController } from './admin-practices.controller.js';
import { AdminPracticesService } from './admin-practices.service.js';

/** The admin's practices (issue 36): the Customers tab's Practices list and drawer, disabling a practice with its people. */
@Module({
  imports: [AuthModule],
  controllers: [AdminPracticesController],
  providers: [AdminPracticesService],
})
export class AdminPracticesModule {}
