import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import express from 'express';
import { AnalyticsWriter } from './analytics-writer.js';
import { BeaconBodies } from './beacon-bodies.middleware.js';
import { PartnerClicksController } from './partner-clicks.controller.js';
import { PartnerClicksService } from './partner-clicks.service.js';

/**
 * What the shop records for the admin's analytics tab (issue 21): partner clicks and search terms,
 * through one buffered writer. The catalogue imports it for the search terms' interceptor.
 */
@Module({
  controllers: [PartnerClicksController],
  providers: [AnalyticsWriter, PartnerClicksService],
  exports: [AnalyticsWriter],
})
export class AnalyticsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // a beacon's text/plain and a ping's text/ping (the JSON parser is global); small: a click is a few fields
    consumer.apply(express.text({ type: ['text/plain', 'text/ping'], limit: '4kb' }), BeaconBodies).forRoutes(PartnerClicksController);
  }
}
