#!/usr/bin/env node
// The ceiling for the catalogue endpoints: node:http + one pg.Pool running the very SQL the API
// runs (backend/dist/catalog/product-queries.js). No validation, sessions or middleware.
//   DATABASE_URL=postgres://... PORT=3100 node bench/bare-server.mjs
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const module = path.join(here, '../backend/dist/catalog/product-queries.js');
if (!existsSync(module)) throw new Error(`${module} is missing: build the backend first (npm run build)`);
const q = await import(pathToFileURL(module).href);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BARE_POOL_SIZE ?? process.env.DB_POOL_SIZE ?? 10) });

/** As the API's ProductsService: the page, then the capped count only when the page cannot tell. */
const paged = (sql, page) => q.countedPage(sql, page, async (statement) => (await pool.query(statement)).rows);
const NUMBERS = new Set(['categoryId', 'subcategoryId', 'limit', 'page', 'minRating']);
const BOOLEANS = new Set(['featured', 'new', 'inStock']);
const ARRAYS = new Set(['manufacturer']); // repeated in the query string (libs/contracts search.ts)
function filterOf(params) {
  const filter = {};
  for (const [key, value] of params) {
    if (ARRAYS.has(key)) (filter[key] ??= []).push(value);
    else filter[key] = NUMBERS.has(key) ? Number(value) : BOOLEANS.has(key) ? value === 'true' || value === '1' : value;
  }
  return filter;
}

// The search's statements (issue 19): the API's own builders when the compiled backend exports
// them, else the simplest SQL returning the same kind of rows (named in the start line, so the
// bench's table says which ran).
const search = await import('./bare-search-sql.mjs').then((m) => m.searchStatements(q));
function send(res, status, body, headers = {}) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), ...headers });
  res.end(json);
}
async function array(res, built, page) {
  const { rows, total, totalCapped } = await paged(built, page);
  send(res, 200, rows, { 'x-total-count': String(total), ...(totalCapped ? { 'x-total-count-capped': 'true' } : {}) });
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://bare');
  const params = url.searchParams;
  const page = { page: Number(params.get('page') ?? 1), limit: Number(params.get('limit') ?? 100) };
  let m;
  if (url.pathname === '/api/health' || url.pathname === '/api/health/ready') return send(res, 200, { status: 'ok' });
  if (url.pathname === '/api/products') {
    const { facets: withFacets, ...rest } = filterOf(params);
    const filter = { page: 1, limit: 50, ...rest };
    const list = await search.list(filter, pool);
    if (withFacets !== 'true') return send(res, 200, list);
    // facets=true: the filters' counts in the same answer, for the word the list searched
    const { correctedSearch: _, ...counts } = await search.facets({ ...rest, search: list.correctedSearch ?? rest.search }, pool);
    return send(res, 200, { ...list, facets: counts });
  }
  if (url.pathname === '/api/products/facets') return send(res, 200, await search.facets(filterOf(params), pool));
  if (url.pathname === '/api/search/suggestions') return send(res, 200, await search.suggestions((params.get('q') ?? '').trim(), pool));
  if ((m = url.pathname.match(/^\/api\/products\/([^/]+)$/))) {
    const product = await search.product(decodeURIComponent(m[1]), pool);
    return product ? send(res, 200, product) : send(res, 404, { message: 'not found' });
  }
  if ((m = url.pathname.match(/^\/api\/products\/by-type\/([a-z]+)$/))) return array(res, q.productsByTypeSql(m[1], page), page);
  if (url.pathname === '/api/featured-products') return array(res, q.featuredProductsSql(page), page);
  if (url.pathname === '/api/categories') return send(res, 200, (await pool.query(q.categoriesSql(params.get('productType') ?? undefined))).rows);
  if ((m = url.pathname.match(/^\/api\/(categories|subcategories)\/([^/]+)\/products$/))) {
    const table = m[1];
    const { rows } = await pool.query(`SELECT id FROM ${table} WHERE slug = $1`, [decodeURIComponent(m[2])]);
    if (rows.length === 0) return send(res, 404, { message: 'not found' });
    const build = table === 'categories' ? q.productsByCategorySql : q.productsBySubcategorySql;
    return array(res, build(rows[0].id, page), page);
  }
  return send(res, 404, { message: 'not found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => send(res, 500, { message: error.message }));
});
server.listen(Number(process.env.PORT ?? 3100), '127.0.0.1', () => {
  console.log(`bare server on ${server.address().port}, SQL from backend/dist/catalog/product-queries.js`);
  console.log(`search SQL: ${search.source}`);
});
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
