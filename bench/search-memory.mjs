#!/usr/bin/env node
// Where the search index's memory goes (issue 37): `node --expose-gc bench/search-memory.mjs [--products 1000000] [--dist backend/dist]`
// builds a SearchIndex from dm_bench_<products> in this process, as the API's index thread does
// (the service's columns, 5,000 rows a statement by id), and prints process.memoryUsage() before,
// once loaded and after a full GC: the JS heap (objects, strings) against array buffers (typed
// arrays), per product. `--dist` points at another build's backend/dist (a before/after comparison).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import pg from 'pg';
import { databaseUrl, DEFAULT_SERVER } from './generate-catalogue.mjs';
import { option, root } from './options.mjs';

const products = Number(option('products', 1_000_000));
const dist = path.resolve(root, option('dist', 'backend/dist'));
const { SearchIndex } = await import(pathToFileURL(path.join(dist, 'catalog/search/search-index.js')).href);
const { INDEX_COLUMNS } = await import(pathToFileURL(path.join(dist, 'catalog/search/search-index.service.js')).href).catch(() => ({}));
const columns =
  INDEX_COLUMNS ??
  'p.id, p.name, p.slug, p.image_url, p.manufacturer, p.product_type, p.category_id, p.subcategory_id, p.is_featured, p.is_new, p.in_stock, ' +
    '(p.price * 100)::float8 AS price_cents, p.rating::float8 AS rating, p.reviews_count, ' +
    '(extract(epoch FROM p.created_at) * 1000000)::float8 AS created_us, p.search_document::text AS document';

const mb = (n) => `${(n / 2 ** 20).toFixed(0)} MB`;
const usage = (label, n) => {
  globalThis.gc?.();
  const u = process.memoryUsage();
  const per = (x) => (n ? ` (${((x / n) | 0).toLocaleString('en')} B a product)` : '');
  console.log(`${label}: rss ${mb(u.rss)}${per(u.rss)}, JS heap used ${mb(u.heapUsed)}${per(u.heapUsed)} of ${mb(u.heapTotal)}, array buffers ${mb(u.arrayBuffers)}${per(u.arrayBuffers)}, external ${mb(u.external)}`);
  const spaces = v8.getHeapSpaceStatistics().filter((space) => space.space_size > 4 * 2 ** 20);
  console.log(`  heap spaces over 4 MB (size / used): ${spaces.map((space) => `${space.space_name} ${mb(space.space_size)} / ${mb(space.space_used_size)}`).join(', ')}`);
  return u;
};

const client = new pg.Client({ connectionString: databaseUrl(products, option('pg', DEFAULT_SERVER)) });
await client.connect();
const before = usage('before');
const index = new SearchIndex();
const { rows: categories } = await client.query('SELECT id, name, slug, product_type FROM categories');
const { rows: subcategories } = await client.query('SELECT id, slug FROM subcategories');
index.setCategories(categories, subcategories);
const started = performance.now();
let after = 0;
let n = 0;
let sqlMs = 0;
for (;;) {
  const t = performance.now();
  const { rows } = await client.query(`SELECT ${columns} FROM products p WHERE p.id > $1 ORDER BY p.id LIMIT 5000`, [after]);
  sqlMs += performance.now() - t;
  index.upsert(rows);
  n += rows.length;
  if (rows.length < 5000) break;
  after = rows[rows.length - 1].id;
}
const addedMs = performance.now() - started;
index.prepare();
console.log(`${n} products: read and added in ${(addedMs / 1000).toFixed(1)} s (of which the statements ${(sqlMs / 1000).toFixed(1)} s), prepared in ${((performance.now() - started - addedMs) / 1000).toFixed(1)} s`);
await client.end();
const loaded = usage('loaded, after a full GC', n);
console.log(`the index: JS heap ${mb(loaded.heapUsed - before.heapUsed)} (${(((loaded.heapUsed - before.heapUsed) / n) | 0)} B a product), array buffers ${mb(loaded.arrayBuffers - before.arrayBuffers)} (${(((loaded.arrayBuffers - before.arrayBuffers) / n) | 0)} B a product)`);
const t = performance.now();
const result = index.search({ query: { kind: 'term', lexeme: 'dental', prefix: false, weights: 0 }, filter: {}, sort: 'relevance', page: 1, limit: 24, facets: { manufacturersListed: 10, ratings: [4, 3] } });
console.log(`'dental' with facets: ${result.total} matches in ${(performance.now() - t).toFixed(1)} ms`);
usage('after one search', n);
