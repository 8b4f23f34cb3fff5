import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { User } from '../../auth/user.entity.js';
import { insertUser, type NewUser } from '../../auth/users.service.js';
import { Category } from '../../catalog/category.entity.js';
import { Product } from '../../catalog/product.entity.js';
import { Subcategory } from '../../catalog/subcategory.entity.js';
import { CATALOGUE, type SeedCategory } from './catalogue.js';

/** The documented demo accounts (README); change their passwords in production. */
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
  /** false when the database already had categories */
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
          name: p.name,
          slug: p.slug,
          description: p.description,
          price: p.price,
          manufacturer: p.manufacturer,
          specifications: p.specifications,
          features: p.features,
          image_url: `${SEED_IMAGE_URL_PREFIX}${p.image}`,
          is_featured: p.is_featured,
          is_new: p.is_new,
          rating: p.rating,
          reviews_count: p.reviews_count,
          in_stock: p.in_stock,
          delivery_time: p.delivery_time,
          warranty: p.warranty,
          external_link: p.external_link,
          affiliate_link: p.affiliate_link,
          service_details: p.service_details,
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

/**
 * Idempotent seed, in ONE transaction through that transaction's manager (anything else would
 * deadlock on PGlite): the demo catalogue only when there are no categories; the demo accounts
 * whenever they are missing (existing accounts are left as they are).
 */
export async function runSeed(dataSource: DataSource, catalogue: SeedCategory[] = CATALOGUE): Promise<SeedResult> {
  const result = await dataSource.transaction(async (manager) => {
    // Serialises concurrent seeds (two API instances starting on one server).
    await manager.query('LOCK TABLE "categories" IN SHARE ROW EXCLUSIVE MODE');
    const usersCreated: string[] = [];
    for (const account of DEMO_ACCOUNTS) {
      const exists = await manager.existsBy(User, { username: account.username });
      if (!exists) {
        await insertUser(manager, account);
        usersCreated.push(account.username);
      }
    }
    if ((await manager.count(Category)) > 0) {
      return { catalogueInserted: false, categories: 0, subcategories: 0, products: 0, usersCreated };
    }
    return { catalogueInserted: true, ...(await insertCatalogue(manager, catalogue)), usersCreated };
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
