import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { Database } from './database.js';
import { ReadRoutes } from './read-routes.js';
import { ReadYourWritesInterceptor } from './read-your-writes.interceptor.js';
import { Transactions } from './transactions.js';

/** Closes the database after Nest has stopped serving (Nest, then the pools, then the embedded server). */
@Injectable()
export class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(Database) private readonly database: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.database.close();
  }
}

/**
 * The opened database as a module. It is opened before Nest starts (createApp), so a start that
 * cannot open it fails with one clear message instead of a stack trace from Nest's injector.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(database: Database): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: Database, useValue: database },
        { provide: DataSource, useValue: database.dataSource },
        Transactions,
        ReadRoutes,
        { provide: APP_INTERCEPTOR, useClass: ReadYourWritesInterceptor },
        DatabaseLifecycle,
      ],
      exports: [Database, DataSource, Transactions, ReadRoutes],
    };
  }
}
