import { Module } from '@nestjs/common';
import { JobQueue } from './job-queue.js';

/** The one pg-boss of the process (order emails, catalogue imports). */
@Module({
  providers: [JobQueue],
  exports: [JobQueue],
})
export class JobsModule {}
