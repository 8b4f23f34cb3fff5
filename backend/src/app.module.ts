import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AiModule } from './ai/ai.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { ApiKeysModule } from './api-keys/api-keys.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BackupModule } from './backup/backup.module.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { InputSafetyGuard } from './common/input-safety.guard.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import type { Database } from './database/database.js';
import { DatabaseModule } from './database/database.module.js';
import { FrontendModule } from './frontend/frontend.module.js';
import { HealthModule } from './health/health.module.js';
import { AdminPracticesModule } from './admin-practices/admin-practices.module.js';
import { CustomersModule } from './customers/customers.module.js';
import { ImportsModule } from './imports/imports.module.js';
import { IntegrationLogModule } from './integrations/integration-log.js';
import { IntegrationsModule } from './integrations/integrations.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { ServiceRequestsModule } from './service-requests/service-requests.module.js';
import { PracticesModule } from './practices/practices.module.js';
import { OrderGuidesModule } from './order-guides/order-guides.module.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { SeoModule } from './seo/seo.module.js';
import { ObservabilityModule } from './observability/observability.module.js';
import { RateLimitsModule } from './rate-limits/rate-limits.module.js';
import { UploadModule } from './upload/upload.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/** Makes the validated configuration injectable everywhere as APP_CONFIG. */
@Global()
@Module({})
class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, database: Database): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule.forRoot(database), RateLimitsModule, ApiKeysModule, HealthModule, AuthModule, CatalogModule, UploadModule, AiModule, FrontendModule, ObservabilityModule.forRoot(), BackupModule, OrdersModule, ImportsModule, SeoModule, IntegrationLogModule, IntegrationsModule, AnalyticsModule, CustomersModule, ServiceRequestsModule, WebhooksModule, PracticesModule, OrderGuidesModule, AdminPracticesModule, InvoicesModule],
      // the first global guard: every string of every request is checked before anything reads it
      providers: [{ provide: APP_GUARD, useClass: InputSafetyGuard }],
    };
  }
}
