/** What the partner-click and search-term specs share: user agents, a fresh client address per use, and partner products. */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CatalogueVersion } from '../src/catalog/catalogue-version.js';
import type { TestApp } from './helpers.js';

export const ROUTE = '/api/partner-clicks';
export const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export interface Products {
  partner: number;
  otherPartner: number;
  equipment: number;
}

let addressCounter = 0;
/** A client address of its own for each use (TRUST_PROXY=loopback: X-Forwarded-For names the client). */
export const newAddress = () => `198.51.100.${++addressCounter}`;

/** Written past the API, then this instance's kept catalogue version dropped, as an admin write through the API does. */
export async function insertProducts(t: TestApp): Promise<Products> {
  const dataSource = t.app.get(DataSource);
  const [{ id: categoryId }] = await dataSource.query(`SELECT id FROM categories ORDER BY id LIMIT 1`);
  const insert = async (name: string, type: string, manufacturer: string) => {
    const [row] = await dataSource.query(
      `INSERT INTO products (name, description, price, category_id, manufacturer, product_type, slug, affiliate_link)
       VALUES ($1, 'clicks test product', '0', $2, $3, $4, $5, 'partner.example/p') RETURNING id`,
      [name, categoryId, manufacturer, type, `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 8)}`],
    );
    return row.id as number;
  };
  const products = {
    partner: await insert('Clicktestium Scaler', 'affiliate', 'Partner One'),
    otherPartner: await insert('Clicktestium Lamp', 'affiliate', 'Partner Two'),
    equipment: await insert('Clicktestium Chair', 'equipment', 'Chairmaker'),
  };
  t.app.get(CatalogueVersion).invalidate();
  return products;
}

