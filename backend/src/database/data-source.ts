import { Logger } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';
import { ApiKey } from '../api-keys/api-key.entity.js';
import { User } from '../auth/user.entity.js';
import { Category } from '../catalog/category.entity.js';
import { Product } from '../catalog/product.entity.js';
import { Subcategory } from '../catalog/subcategory.entity.js';
import { OrderEmailSent } from '../orders/order-email.entity.js';
import { OrderEvent } from '../orders/order-event.entity.js';
import { OrderLine } from '../orders/order-line.entity.js';
import { Order } from '../orders/order.entity.js';
import { DEFAULT_DB_POOL_SIZE } from './embedded-postgres.js';
import { InitialSchema1763800000000 } from './migrations/1763800000000-InitialSchema.js';
import { SeedHistory1764000000000 } from './migrations/1764000000000-SeedHistory.js';
import { AccountsHardening1764100000000 } from './migrations/1764100000000-AccountsHardening.js';
import { UploadedImages1764200000000 } from './migrations/1764200000000-UploadedImages.js';
import { ProductSearchIndexes1764300000000 } from './migrations/1764300000000-ProductSearchIndexes.js';
import { CatalogueIndexes1764400000000 } from './migrations/1764400000000-CatalogueIndexes.js';
import { AdminGridIndexes1764500000000 } from './migrations/1764500000000-AdminGridIndexes.js';
import { Orders1764600000000 } from './migrations/1764600000000-Orders.js';
import { OrderEmailSearch1764650000000 } from './migrations/1764650000000-OrderEmailSearch.js';
import { OrderEmailOutbox1764660000000 } from './migrations/1764660000000-OrderEmailOutbox.js';
import { ProductSearchDocument1764700000000 } from './migrations/1764700000000-ProductSearchDocument.js';
import { CatalogueImports1764800000000 } from './migrations/1764800000000-CatalogueImports.js';
import { PartnerClicks1764830000000 } from './migrations/1764830000000-PartnerClicks.js';
import { OrderRevenueDays1764840000000 } from './migrations/1764840000000-OrderRevenueDays.js';
import { ServiceRequests1764850000000 } from './migrations/1764850000000-ServiceRequests.js';
import { IntegrationStatus1764860000000 } from './migrations/1764860000000-IntegrationStatus.js';
import { Customers1764900000000 } from './migrations/1764900000000-Customers.js';
import { ProductChanges1765000000000 } from './migrations/1765000000000-ProductChanges.js';
import { RateLimits1765100000000 } from './migrations/1765100000000-RateLimits.js';
import { CustomerNameSearch1765200000000 } from './migrations/1765200000000-CustomerNameSearch.js';
import { ImportExampleRows1765300000000 } from './migrations/1765300000000-ImportExampleRows.js';
import { ApiKeys1765400000000 } from './migrations/1765400000000-ApiKeys.js';
import { Webhooks1765500000000 } from './migrations/1765500000000-Webhooks.js';
import { WebhookDeliveryResource1765550000000 } from './migrations/1765550000000-WebhookDeliveryResource.js';
import { Practices1765600000000 } from './migrations/1765600000000-Practices.js';
import { OrderGuides1765620000000 } from './migrations/1765620000000-OrderGuides.js';
import { OrderApprovals1765720000000 } from './migrations/1765720000000-OrderApprovals.js';
import { InvoiceTerms1765730000000 } from './migrations/1765730000000-InvoiceTerms.js';
import { InvoicePayments1765800000000 } from './migrations/1765800000000-InvoicePayments.js';
import { AddressBookTaxExemption1765810000000 } from './migrations/1765810000000-AddressBookTaxExemption.js';
import { AdminPractices1765820000000 } from './migrations/1765820000000-AdminPractices.js';
import { Practice } from '../practices/practice.entity.js';
import { PracticeAddress } from '../practices/practice-address.entity.js';
import { OrderGuide, OrderGuideLine } from '../order-guides/order-guide.entity.js';

export const ENTITIES = [User, Category, Subcategory, Product, Order, OrderLine, OrderEvent, OrderEmailSent, ApiKey, Practice, OrderGuide, OrderGuideLine, PracticeAddress];
export const MIGRATIONS = [InitialSchema1763800000000, SeedHistory1764000000000, AccountsHardening1764100000000, UploadedImages1764200000000, ProductSearchIndexes1764300000000, CatalogueIndexes1764400000000, AdminGridIndexes1764500000000, Orders1764600000000, OrderEmailSearch1764650000000, OrderEmailOutbox1764660000000, ProductSearchDocument1764700000000, CatalogueImports1764800000000, PartnerClicks1764830000000, OrderRevenueDays1764840000000, ServiceRequests1764850000000, IntegrationStatus1764860000000, Customers1764900000000, ProductChanges1765000000000, RateLimits1765100000000, CustomerNameSearch1765200000000, ImportExampleRows1765300000000, ApiKeys1765400000000, Webhooks1765500000000, WebhookDeliveryResource1765550000000, Practices1765600000000, OrderGuides1765620000000, OrderApprovals1765720000000, InvoiceTerms1765730000000, InvoicePayments1765800000000, AddressBookTaxExemption1765810000000, AdminPractices1765820000000];

/** What the API's pool adds: bounded waits, and pool errors reported rather than logged one by one. */
export interface ServingOptions {
  /** pg client class bounding a connection's set-up */
  client: typeof pg.Client;
  /** the longest wait for a free pooled connection */
  poolWaitMs: number;
  statementTimeoutMs: number;
  queryTimeoutMs: number;
  onPoolError: (error: Error) => void;
}

function servingOptions(serving: ServingOptions | undefined): Pick<PostgresDataSourceOptions, 'connectTimeoutMS' | 'poolErrorHandler' | 'extra'> {
  if (!serving) return {};
  return {
    connectTimeoutMS: serving.poolWaitMs,
    poolErrorHandler: serving.onPoolError,
    extra: { Client: serving.client, statement_timeout: serving.statementTimeoutMs, query_timeout: serving.queryTimeoutMs, keepAlive: true },
  };
}

/**
 * The one DataSource shape for the API, the seed CLI and tests: schema only by migrations.
 * `poolSize`: connections of its pool (the API passes DB_POOL_SIZE); `serving`: the API's timeouts.
 */
export function createDataSource(url: string, poolSize = DEFAULT_DB_POOL_SIZE, serving?: ServingOptions): DataSource {
  return new DataSource({
    ...servingOptions(serving),
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    poolSize,
    logging: ['warn', 'migration'],
  });
}

/**
 * Opens the DataSource and applies pending migrations. With `serving` (the API), the migrations run
 * first on a connection of their own without the statement timeout: an index build on a large
 * catalogue may well take longer than a request may.
 */
export async function openDatabase(url: string, poolSize?: number, serving?: ServingOptions): Promise<DataSource> {
  if (serving) await (await openDatabase(url, 1)).destroy();
  const dataSource = createDataSource(url, poolSize, serving);
  await dataSource.initialize();
  try {
    await migrateUnderLock(url, dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

/** The session-level advisory lock every migrating process holds while it migrates. */
export const MIGRATION_LOCK_KEY = 'dentalmarket:migrations';

/**
 * Applies pending migrations while holding MIGRATION_LOCK_KEY on a connection of its own, so that API
 * instances started together (a rollout's new pods, docker-compose's replicas) and the CLIs migrate
 * one at a time: the first applies what is pending, the others wait for it and then find nothing to
 * do. Without it two instances both ran the same migration and the second failed on what the first
 * had created. The lock is the session's: a process that dies while migrating releases it with its
 * connection (its transaction, one per migration, rolls back).
 */
async function migrateUnderLock(url: string, dataSource: DataSource): Promise<void> {
  const lock = new pg.Client({ connectionString: url, application_name: 'dentalmarket-migrations' });
  await lock.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [MIGRATION_LOCK_KEY]);
    if (!rows[0]!.locked) {
      new Logger('Migrations').log('Another process is migrating the database: waiting for it to finish');
      await lock.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK_KEY]);
    }
    await dataSource.runMigrations();
  } finally {
    // ending the session releases the lock
    await lock.end();
  }
}
