import { ConflictException } from '@nestjs/common';
import request from 'supertest';
import { DataSource, QueryFailedError } from 'typeorm';
import { User } from '../src/auth/user.entity.js';
import { CategoriesService } from '../src/catalog/categories.service.js';
import { Category } from '../src/catalog/category.entity.js';
import { Product } from '../src/catalog/product.entity.js';
import { Subcategory } from '../src/catalog/subcategory.entity.js';
import { SubcategoriesService } from '../src/catalog/subcategories.service.js';
import { insertUser } from '../src/auth/users.service.js';
import { DEMO_ACCOUNTS, runSeed } from '../src/database/seed/seed.js';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let dataSource: DataSource;
let seq = 0;

beforeAll(async () => {
  t = await startTestApp();
  dataSource = t.app.get(DataSource);
});

afterAll(async () => {
  await t?.close();
});

function unique(prefix: string): string {
  return `${prefix}-${Date.now()}-${++seq}`;
}

async function makeCategory(): Promise<Category> {
  return dataSource.getRepository(Category).save({ name: unique('Test Category'), slug: unique('test-cat'), product_type: 'equipment' });
}

async function makeSubcategory(category: Category): Promise<Subcategory> {
  return dataSource.getRepository(Subcategory).save({ name: unique('Test Sub'), slug: unique('test-sub'), category_id: category.id });
}

async function makeProduct(category: Category, subcategory: Subcategory | null, price = '1234.50'): Promise<Product> {
  return dataSource.getRepository(Product).save({
    name: unique('Test Product'),
    slug: unique('test-product'),
    description: 'A product made by a test',
    price,
    manufacturer: 'Testco',
    product_type: 'equipment',
    category_id: category.id,
    subcategory_id: subcategory?.id ?? null,
  });
}

describe('schema (migrations)', () => {
  it('applies the SPEC defaults', async () => {
    const category = await makeCategory();
    expect(category.icon).toBe('fa-folder');
    expect(category.sort_order).toBe(999);
    expect(category.created_at).toBeInstanceOf(Date);
    const product = await dataSource.getRepository(Product).findOneByOrFail({ id: (await makeProduct(category, null)).id });
    expect(product).toMatchObject({
      price: '1234.50',
      in_stock: true,
      is_featured: false,
      is_new: false,
      reviews_count: 0,
      features: [],
      specifications: {},
      subcategory_id: null,
    });
  });

  it('keeps slugs unique (PostgreSQL unique violation 23505)', async () => {
    const category = await makeCategory();
    const duplicate = dataSource.getRepository(Category).insert({ name: 'Copy', slug: category.slug, product_type: 'service' });
    await expect(duplicate).rejects.toBeInstanceOf(QueryFailedError);
    await expect(duplicate).rejects.toMatchObject({ driverError: { code: '23505', constraint: 'UQ_categories_slug' } });
  });

  it('rejects a product type outside the enum', async () => {
    await expect(
      dataSource.query(`INSERT INTO categories (name, slug, product_type) VALUES ('x', $1, 'gadget')`, [unique('bad')]),
    ).rejects.toMatchObject({ driverError: { code: '22P02' } });
  });

  it('stores users with argon2id hashes', async () => {
    const admin = await dataSource.getRepository(User).findOneByOrFail({ username: 'admin' });
    expect(admin.role).toBe('admin');
    expect(admin.password).toMatch(/^\$argon2id\$/);
  });
});

describe('deleting categories and subcategories', () => {
  it('deleting a subcategory leaves its products in the category without a subcategory', async () => {
    const category = await makeCategory();
    const subcategory = await makeSubcategory(category);
    const product = await makeProduct(category, subcategory);
    await t.app.get(SubcategoriesService).remove(subcategory.id);
    const after = await dataSource.getRepository(Product).findOneByOrFail({ id: product.id });
    expect(after.subcategory_id).toBeNull();
    expect(after.category_id).toBe(category.id);
  });

  it('refuses to delete a category with products (409 with the count) and keeps its subcategories', async () => {
    const category = await makeCategory();
    const subcategory = await makeSubcategory(category);
    await makeProduct(category, subcategory);
    await makeProduct(category, null);
    await makeProduct(category, subcategory);
    const attempt = t.app.get(CategoriesService).remove(category.id);
    await expect(attempt).rejects.toBeInstanceOf(ConflictException);
    await expect(attempt).rejects.toThrow('Category has 3 products; move or delete them first');
    expect(await dataSource.getRepository(Subcategory).existsBy({ id: subcategory.id })).toBe(true);
    expect(await dataSource.getRepository(Category).existsBy({ id: category.id })).toBe(true);
  });

  it('the database itself refuses it too (FK RESTRICT, restrict_violation)', async () => {
    const category = await makeCategory();
    await makeProduct(category, null);
    const error = await dataSource
      .getRepository(Category)
      .delete({ id: category.id })
      .then(() => null, (e: QueryFailedError & { driverError: { code: string } }) => e);
    // PostgreSQL reports foreign_key_violation or restrict_violation depending on the constraint's action
    expect(['23503', '23001']).toContain(error?.driverError.code);
    expect(await dataSource.getRepository(Category).existsBy({ id: category.id })).toBe(true);
  });

  it('deletes an empty category together with its subcategories', async () => {
    const category = await makeCategory();
    const subcategory = await makeSubcategory(category);
    await t.app.get(CategoriesService).remove(category.id);
    expect(await dataSource.getRepository(Category).existsBy({ id: category.id })).toBe(false);
    expect(await dataSource.getRepository(Subcategory).existsBy({ id: subcategory.id })).toBe(false);
  });
});

describe('seed', () => {
  it('is idempotent: a second run inserts nothing', async () => {
    const counts = async () => ({
      categories: await dataSource.getRepository(Category).count(),
      subcategories: await dataSource.getRepository(Subcategory).count(),
      products: await dataSource.getRepository(Product).count(),
      users: await dataSource.getRepository(User).count(),
    });
    const before = await counts();
    const first = await runSeed(dataSource);
    const second = await runSeed(dataSource);
    expect(first).toMatchObject({ catalogueInserted: false, usersCreated: [] });
    expect(second).toMatchObject({ catalogueInserted: false, usersCreated: [] });
    expect(await counts()).toEqual(before);
  });

  it('does not bring back a deleted demo account (each seed step runs once per database)', async () => {
    await dataSource.getRepository(User).delete({ username: 'dr.smith' });
    const result = await runSeed(dataSource);
    expect(result.usersCreated).toEqual([]);
    await request(t.http).post('/api/login').send({ username: 'dr.smith', password: 'DentalDemo!2026' }).expect(401);
    // other suites of this run sign in as the demo customer
    await insertUser(dataSource.manager, DEMO_ACCOUNTS[1]);
  });
});
