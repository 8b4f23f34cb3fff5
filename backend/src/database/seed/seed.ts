import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { User } from '../../auth/user.entity.js';
import { insertUser, type NewUser } from '../../auth/users.service.js';
import { Category } from '../../catalog/category.entity.js';
import { Product } from '../../catalog/product.entity.js';
import { Subcategory } from '../../catalog/subcategory.entity.js';
import { demoCatalogue, type SeedCategory } from './catalogue.js';
import argon2 from 'argon2';
import { isLoopbackHost } from '../../config/listen-address.js';

/** The documented demo accounts (README). Never created in production (see `seedPlan`). */
export const DEMO_ACCOUNTS: NewUser[] = [
  {
    username: 'admin',
    password: 'DentalAdmin!2026',
    email: 'admin@dentalmarket.example',
    full_name: 'DentalMarket Admin',
    role: 'admin',
  },
  {
    username: 'dr.smith',
    password: 'DentalDemo!2026',
    email: 'dr.smith@dentalmarket.example',
    full_name: 'Dr. Jane Smith',
    role: 'customer',
  },
];

export const SEED_IMAGE_URL_PREFIX = '/media/seed/';

export interface SeedResult {
  /** false when the catalogue step had run before, was not planned, or found categories */
  catalogueInserted: boolean;
  categories: number;
  subcategories: number;
  products: number;
  usersCreated: string[];
}

async function insertCatalogue(manager: EntityManager, catalogue: SeedCategory[]): Promise<Omit<SeedResult, 'catalogueInserted' | 'usersCreated'>> {
  let subcategories = 0;
  let products = 0;
  for (const seedCategory of catalogue) {
    const category = await manager.save(
      manager.create(Category, {
        name: seedCategory.name,
        slug: seedCategory.slug,
        description: seedCategory.description,
        icon: seedCategory.icon,
        product_type: seedCategory.product_type,
        sort_order: seedCategory.sort_order,
      }),
    );
    for (const seedSubcategory of seedCategory.subcategories) {
      const subcategory = await manager.save(
        manager.create(Subcategory, {
          name: seedSubcategory.name,
          slug: seedSubcategory.slug,
          description: seedSubcategory.description,
          sort_order: seedSubcategory.sort_order,
          category_id: category.id,
        }),
      );
      subcategories++;
      const rows = seedSubcategory.products.map((p) =>
        manager.create(Product, {
          // the file may leave out what the admin form may: the same defaults as a create there
          name: p.name,
          slug: p.slug,
          description: p.description?.trim() || 'Product description',
          price: p.price || '0',
          manufacturer: p.manufacturer,
          specifications: p.specifications ?? {},
          features: p.features ?? [],
          image_url: `${SEED_IMAGE_URL_PREFIX}${p.image}`,
          is_featured: p.is_featured ?? false,
          is_new: p.is_new ?? false,
          rating: p.rating || null,
          reviews_count: p.reviews_count ?? 0,
          in_stock: p.in_stock ?? true,
          delivery_time: p.delivery_time ?? null,
          warranty: p.warranty ?? null,
          external_link: p.external_link ?? null,
          affiliate_link: p.affiliate_link ?? null,
          service_details: p.service_details ?? null,
          product_type: seedCategory.product_type,
          category_id: category.id,
          subcategory_id: subcategory.id,
        }),
      );
      if (rows.length > 0) await manager.save(Product, rows);
      products += rows.length;
    }
  }
  return { categories: catalogue.length, subcategories, products };
}

/** What a start (or `npm run seed`) may seed; see `seedPlan`. */
export interface SeedPlan {
  /** the demo catalogue, into a database that has never had it */
  catalogue: boolean;
  /** the demo accounts of the README; never in production */
  demoAccounts: boolean;
  /**
   * the database serves production: recorded, so that no later seed (a CLI run without
   * NODE_ENV=production, say) ever adds the demo accounts to it
   */
  production?: boolean;
}

/**
 * Outside production: the demo catalogue and the demo accounts (SEED_DEMO=false turns both off);
 * the accounts, whose passwords the README prints, only while the API listens on loopback (HOST),
 * unless SEED_DEMO=true asks for them explicitly. In production: never the demo accounts, and the
 * demo catalogue only when SEED_DEMO=true.
 */
export function seedPlan(config: { nodeEnv: string; seedDemo: boolean; seedDemoExplicit?: boolean; host?: string }): SeedPlan {
  const production = config.nodeEnv === 'production';
  const onlyThisMachine = isLoopbackHost(config.host) || config.seedDemoExplicit === true;
  return { catalogue: config.seedDemo, demoAccounts: config.seedDemo && !production && onlyThisMachine, production };
}

const DEMO_ACCOUNTS_STEP = 'demo-accounts';
const DEMO_CATALOGUE_STEP = 'demo-catalogue';
const PRODUCTION_MARK = 'production';

/**
 * The seed, in ONE transaction through that transaction's own manager. The catalogue comes from
 * assets/seed-catalogue.json (catalogue.ts validates it; an invalid file stops the start naming the entry). Each step runs at most once
 * per database (recorded in `seed_history`), so a demo account or catalogue that an admin deleted
 * stays deleted; the catalogue step also only fills a database that has no categories.
 */
export async function runSeed(
  dataSource: DataSource,
  plan: SeedPlan = { catalogue: true, demoAccounts: true },
  // read only when the catalogue step runs: a start that seeds nothing never reads the file
  catalogue: () => SeedCategory[] = demoCatalogue,
): Promise<SeedResult> {
  const result = await dataSource.transaction(async (manager) => {
    // Serialises concurrent seeds (two API instances starting on one server).
    await manager.query('LOCK TABLE "seed_history" IN SHARE ROW EXCLUSIVE MODE');
    const done = new Set<string>((await manager.query('SELECT "name" FROM "seed_history"')).map((row: { name: string }) => row.name));
    const markDone = (step: string) => manager.query('INSERT INTO "seed_history" ("name") VALUES ($1)', [step]);

    if (plan.production && !done.has(PRODUCTION_MARK)) {
      await markDone(PRODUCTION_MARK);
      done.add(PRODUCTION_MARK);
    }
    const usersCreated: string[] = [];
    if (plan.demoAccounts && !done.has(DEMO_ACCOUNTS_STEP) && !done.has(PRODUCTION_MARK)) {
      for (const account of DEMO_ACCOUNTS) {
        const taken = await manager.existsBy(User, [{ username: account.username }, { email: account.email }]);
        if (!taken) {
          await insertUser(manager, account);
          usersCreated.push(account.username);
        }
      }
      await markDone(DEMO_ACCOUNTS_STEP);
    }
    if (!plan.catalogue || done.has(DEMO_CATALOGUE_STEP)) {
      return { catalogueInserted: false, categories: 0, subcategories: 0, products: 0, usersCreated };
    }
    await markDone(DEMO_CATALOGUE_STEP);
    if ((await manager.count(Category)) > 0) {
      return { catalogueInserted: false, categories: 0, subcategories: 0, products: 0, usersCreated };
    }
    return { catalogueInserted: true, ...(await insertCatalogue(manager, catalogue())), usersCreated };
  });
  const logger = new Logger('Seed');
  if (result.catalogueInserted) {
    logger.log(
      `Inserted the demo catalogue: ${result.categories} categories, ${result.subcategories} subcategories, ${result.products} products`,
    );
  }
  if (result.usersCreated.length > 0) logger.log(`Created demo accounts: ${result.usersCreated.join(', ')}`);
  return result;
}

/**
 * The demo accounts that still sign in with the password the README prints: the start warns about
 * them when the API listens beyond loopback (anyone on the network could sign in as the admin).
 */
export async function exposedDemoAccounts(dataSource: DataSource): Promise<string[]> {
  const usernames = DEMO_ACCOUNTS.map((account) => account.username);
  const rows: Array<{ username: string; password: string }> = await dataSource.query(`SELECT username, password FROM users WHERE username = ANY($1) AND disabled_at IS NULL`, [usernames]);
  const exposed: string[] = [];
  for (const row of rows) {
    const documented = DEMO_ACCOUNTS.find((account) => account.username === row.username)!.password;
    if (await argon2.verify(row.password, documented).catch(() => false)) exposed.push(row.username);
  }
  return exposed;
}
