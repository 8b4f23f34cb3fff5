import { DataSource } from 'typeorm';
import { User } from '../auth/user.entity.js';
import { Category } from '../catalog/category.entity.js';
import { Product } from '../catalog/product.entity.js';
import { Subcategory } from '../catalog/subcategory.entity.js';
import { TYPEORM_POOL_SIZE } from './embedded-postgres.js';
import { InitialSchema1763800000000 } from './migrations/1763800000000-InitialSchema.js';
import { SeedHistory1764000000000 } from './migrations/1764000000000-SeedHistory.js';
import { AccountsHardening1764100000000 } from './migrations/1764100000000-AccountsHardening.js';
import { UploadedImages1764200000000 } from './migrations/1764200000000-UploadedImages.js';
import { ProductSearchIndexes1764300000000 } from './migrations/1764300000000-ProductSearchIndexes.js';

export const ENTITIES = [User, Category, Subcategory, Product];
export const MIGRATIONS = [InitialSchema1763800000000, SeedHistory1764000000000, AccountsHardening1764100000000, UploadedImages1764200000000, ProductSearchIndexes1764300000000];

/** The one DataSource shape for the API, the seed CLI and tests: schema only by migrations. */
export function createDataSource(url: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    poolSize: TYPEORM_POOL_SIZE,
    logging: ['warn', 'migration'],
  });
}

/** Opens the DataSource and applies pending migrations. */
export async function openDatabase(url: string): Promise<DataSource> {
  const dataSource = createDataSource(url);
  await dataSource.initialize();
  try {
    await dataSource.runMigrations();
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}
