import { PassThrough } from 'node:stream';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory.js';
import { freshDatabase, startsLikeTheRun, type TestApp } from './helpers.js';

export interface OrdersTestApp extends TestApp {
  dataSource: DataSource;
  /** every log line the app wrote (JSON), to prove what was never logged */
  logs(): string;
  drop(): Promise<void>;
}

/**
 * The real app on a database of its own (so its email jobs are its own), logging at info into a capture.
 * Embedded, the database is a copy of the run's migrated and seeded first start unless `env` changes what
 * a first start writes (initdb, the migrations and the seed took most of each start).
 */
export async function startOrdersApp(name: string, env: NodeJS.ProcessEnv = {}): Promise<OrdersTestApp> {
  const database = await freshDatabase(name, { seeded: startsLikeTheRun(env) });
  const capture = new PassThrough();
  let text = '';
  capture.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const { app, config } = await createApp({ env: { ...process.env, LOG_LEVEL: 'info', ...database.env, ...env }, logCapture: capture });
  return {
    app,
    config,
    http: app.getHttpServer(),
    dataSource: app.get(DataSource),
    logs: () => text,
    close: () => app.close(),
    drop: () => database.drop(),
  };
}

export interface TestProducts {
  chair: { id: number; price: string };
  cheap: { id: number; price: string };
  outOfStock: { id: number; price: string };
  service: { id: number; price: string };
}

/** Four products of our own: two orderable, one out of stock, one service. */
export async function insertTestProducts(dataSource: DataSource): Promise<TestProducts> {
  const [{ id: categoryId }] = await dataSource.query(`SELECT id FROM categories ORDER BY id LIMIT 1`);
  const insert = async (name: string, price: string, type: string, inStock: boolean) => {
    const [row] = await dataSource.query(
      `INSERT INTO products (name, description, price, category_id, manufacturer, product_type, slug, in_stock, image_url)
       VALUES ($1, 'test product', $2, $3, 'Testmaker', $4, $5, $6, '/media/test.webp') RETURNING id`,
      [name, price, categoryId, type, `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`, inStock],
    );
    return { id: row.id as number, price };
  };
  return {
    chair: await insert('Order Test Chair', '1299.99', 'equipment', true),
    cheap: await insert('Order Test Bur', '10.19', 'equipment', true),
    outOfStock: await insert('Order Test Lamp', '50.00', 'equipment', false),
    service: await insert('Order Test Service', '200.00', 'service', true),
  };
}

export const SHIPPING = { fullName: 'Dr. Jane Smith', email: 'jane.smith@example.com', address: '12 Harbour Street', city: 'Portland', state: 'OR', zipCode: '97201' };

export async function signIn(http: TestApp['http'], username: string, password: string): Promise<TestAgent> {
  const agent = request.agent(http);
  await agent.post('/api/login').send({ username, password }).expect(200);
  return agent;
}
