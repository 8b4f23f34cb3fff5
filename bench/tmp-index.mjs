import pg from 'pg';
import { SearchIndex } from '../backend/dist/catalog/search/search-index.js';
import { parseTsQuery } from '../backend/dist/catalog/search/tsquery.js';
import { searchQuery, Params } from '../backend/dist/catalog/product-queries.js';
import { traffic, vocabulary } from './search.mjs';
const url = process.env.DATABASE_URL;
const client = new pg.Client({ connectionString: url }); await client.connect();
const t0 = performance.now();
const index = new SearchIndex();
let after = 0;
for (;;) {
  const { rows } = await client.query(`SELECT p.id, p.name, p.manufacturer, p.product_type, p.category_id, p.subcategory_id, p.is_featured, p.is_new, p.in_stock, (p.price * 100)::float8 AS price_cents, p.rating::float8 AS rating, p.reviews_count, (extract(epoch FROM p.created_at) * 1000000)::float8 AS created_us, p.search_document::text AS document FROM products p WHERE p.id > $1 ORDER BY p.id LIMIT 5000`, [after]);
  index.upsert(rows); if (rows.length < 5000) break; after = rows.at(-1).id;
}
index.prepare();
console.log('load ms', (performance.now() - t0).toFixed(0), 'heap MB', (process.memoryUsage().heapUsed / 1e6).toFixed(0), 'rss', (process.memoryUsage().rss/1e6).toFixed(0));
const vocab = await vocabulary(url);
const stream = traffic(vocab, 42);
async function parsed(term) { const p = new Params(); const e = searchQuery(term, p); const { rows } = await client.query(`SELECT (${e})::text AS q`, p.values); return parseTsQuery(rows[0].q); }
for (const kind of ['search', 'suggest']) {
  const items = [];
  for (let i = 0; i < 400; i++) {
    if (kind === 'search') { const qs = new URLSearchParams(stream.search().qs); const f = {}; for (const [k, v] of qs) { if (k === 'manufacturer') (f.manufacturer ??= []).push(v); else if (k !== 'search' && k !== 'sort') f[k] = k === 'minRating' ? Number(v) : k === 'inStock' ? v === 'true' : v; } items.push({ q: await parsed(qs.get('search')), f, sort: qs.get('sort'), term: qs.get('search') }); }
    else { const term = stream.prefix(); items.push({ q: await parsed(term), f: {}, sort: 'relevance', term }); }
  }
  const times = [];
  for (let round = 0; round < 3; round++) for (const it of items) {
    const s = performance.now();
    index.search({ query: it.q, filter: it.f, sort: it.sort, page: 1, limit: kind === 'search' ? 24 : 5, facets: kind === 'search' ? { manufacturersListed: 20, ratings: [4, 3, 2, 1] } : undefined });
    times.push([performance.now() - s, it.term]);
  }
  times.sort((a, b) => a[0] - b[0]);
  const p = (x) => times[Math.floor(x * (times.length - 1))][0].toFixed(3);
  console.log(kind, 'mean', (times.reduce((a, b) => a + b[0], 0) / times.length).toFixed(3), 'p50', p(0.5), 'p90', p(0.9), 'p99', p(0.99), 'max', times.at(-1)[0].toFixed(2), 'slowest', times.slice(-4).map((x) => x[1]).join(' | '));
}
await client.end();
