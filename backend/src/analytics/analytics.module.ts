import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import express from 'express';
import { AuthModule } from '../auth/auth.module.js';
import { AdminAnalyticsController } from './admin-analytics.controller.js';
import { AdminAnalyticsService } from './admin-analytics.service.js';
import { AnalyticsWriter } from './analytics-writer.js';
import { BeaconBodies } from './beacon-bodies.middleware.js';
import { ClickRateLimit } from './click-rate-limit.guard.js';
import { PartnerClicksController } from './partner-clicks.controller.js';
import { PartnerClicksService } from './partner-clicks.service.js';

/**
 * What the shop records for the admin's analytics tab (issue 21): partner clicks and search terms,
 * through one buffered writer, and the tab's figures read from the daily rollups. The catalogue imports it for the search terms' interceptor.
 */
@Module({
  imports: [AuthModule],
  controllers: [PartnerClicksController, AdminAnalyticsController],
  providers: [AnalyticsWriter, PartnerClicksService, AdminAnalyticsService, ClickRateLimit],
  exports: [AnalyticsWriter],
})
export class AnalyticsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // a beacon's text/plain and a ping's text/ping (the JSON parser is global); small: a click is a few fields
    consumer.apply(express.text({ type: ['text/plain', 'text/ping'], limit: '4kb' }), BeaconBodies).forRoutes(PartnerClicksController);
  }
}
