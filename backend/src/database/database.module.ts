import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Database } from './database.js';

/** Closes the database after Nest has stopped serving (Nest, then the pools, then the embedded server). */
@Injectable()
export class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(Database) private readonly database: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.database.close();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: Database,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => Database.open(config),
    },
    {
      provide: DataSource,
      inject: [Database],
      useFactory: (database: Database) => database.dataSource,
    },
    DatabaseLifecycle,
  ],
  exports: [Database, DataSource],
})
export class DatabaseModule {}
