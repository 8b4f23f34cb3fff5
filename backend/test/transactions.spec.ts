import request from 'supertest';
import { DataSource } from 'typeorm';
import { User } from '../src/auth/user.entity.js';
import { UsersService } from '../src/auth/users.service.js';
import { CategoriesService } from '../src/catalog/categories.service.js';
import { Category } from '../src/catalog/category.entity.js';
import { Product } from '../src/catalog/product.entity.js';
import { Transactions } from '../src/database/transactions.js';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('services inside a caller\'s transaction', () => {
  it('roll back together: two services\' writes in one run leave nothing when it fails', async () => {
    const transactions = t.app.get(Transactions);
    const users = t.app.get(UsersService);
    const categories = t.app.get(CategoriesService);
    const dataSource = t.app.get(DataSource);
    const emptyCategory = await dataSource.getRepository(Category).save({ name: 'Temporary', slug: `tx-${Date.now()}`, product_type: 'equipment' });

    await expect(
      transactions.run(async () => {
        await users.registerCustomer({ username: 'tx_rollback', email: 'tx_rollback@example.com', password: 'Rollback!42' });
        await categories.remove(emptyCategory.id); // its own run joins this transaction
        // both writes are visible inside the transaction...
        expect(await users.verifyCredentials('tx_rollback', 'Rollback!42')).not.toBeNull();
        expect(await transactions.repository(Category).existsBy({ id: emptyCategory.id })).toBe(false);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');

    // ...and neither survives it
    expect(await dataSource.getRepository(User).existsBy({ username: 'tx_rollback' })).toBe(false);
    expect(await dataSource.getRepository(Category).existsBy({ id: emptyCategory.id })).toBe(true);
  });

  it('commit together when the run succeeds', async () => {
    const transactions = t.app.get(Transactions);
    const users = t.app.get(UsersService);
    await transactions.run(async () => {
      await users.registerCustomer({ username: 'tx_commit_a', email: 'tx_commit_a@example.com', password: 'Commit!42' });
      await users.registerCustomer({ username: 'tx_commit_b', email: 'tx_commit_b@example.com', password: 'Commit!42' });
    });
    expect(await t.app.get(DataSource).getRepository(User).countBy([{ username: 'tx_commit_a' }, { username: 'tx_commit_b' }])).toBe(2);
  });

  it('send their queries one at a time on the transaction\'s connection, even when its work sends them at once', async () => {
    const transactions = t.app.get(Transactions);
    const answers = await transactions.run(async (manager) => {
      // the transaction's one pg client: counts the queries it was handed while another was still running
      const client = (manager.queryRunner as unknown as { databaseConnection: { query(...args: unknown[]): Promise<unknown> } }).databaseConnection;
      const query = client.query;
      let running = 0;
      let most = 0;
      client.query = async (...args: unknown[]) => {
        running += 1;
        most = Math.max(most, running);
        try {
          return await query.apply(client, args);
        } finally {
          running -= 1;
        }
      };
      try {
        const rows = await Promise.all([
          manager.query('SELECT pg_sleep(0.05), 1 AS n'),
          manager.query('SELECT 2 AS n'),
          transactions.repository(User).countBy({ username: 'nobody_at_all' }),
        ]);
        return { rows, most };
      } finally {
        client.query = query;
      }
    });
    expect(answers.most).toBe(1); // pg's own queue for a second query is deprecated, and gone in pg 9
    expect(answers.rows).toEqual([[{ pg_sleep: '', n: 1 }], [{ n: 2 }], 0]);
  });
});

describe('product lists and image bytes', () => {
  it('never carry image_data: lists give image_url only', async () => {
    const dataSource = t.app.get(DataSource);
    const product = await dataSource.getRepository(Product).findOneByOrFail({ is_featured: true });
    const bytes = Buffer.alloc(300_000, 7).toString('base64');
    await dataSource.getRepository(Product).update({ id: product.id }, { image_data: bytes, image_type: 'image/png' });

    const lists = await Promise.all([
      request(t.http).get('/api/products?limit=1000'),
      request(t.http).get('/api/featured-products'),
      request(t.http).get(`/api/products/by-type/${product.product_type}`),
    ]);
    for (const res of lists) {
      expect(res.status).toBe(200);
      const items: Array<{ id: number; image_data: unknown; image_url: unknown }> = Array.isArray(res.body) ? res.body : res.body.products;
      const item = items.find((p) => p.id === product.id)!;
      expect(item).toBeDefined();
      expect(item.image_data).toBeNull();
      expect(item).toHaveProperty('image_url');
      expect(JSON.stringify(res.body).length).toBeLessThan(bytes.length);
    }
    // the bytes are still stored
    const stored = await dataSource.getRepository(Product).findOne({ where: { id: product.id }, select: { id: true, image_data: true } });
    expect(stored?.image_data).toBe(bytes);
  });
});
