// The bare server's search statements (bench/bare-server.mjs): the list, the facets, the header's
// suggestions and one product, each answered with plain pg and no Nest. `q` is the compiled
// backend/dist/catalog/product-queries.js; where it does not export a builder for a statement
// (before the search API of issue 19 lands), the simplest SQL returning the same kind of rows is
// used instead, and `source` says so.

/** Search statements over `pool`, from the backend's builders where it has them. */
export function searchStatements(q) {
  const fallbacks = [];
  const countedPage = (sql, page, pool) => q.countedPage(sql, page, async (statement) => (await pool.query(statement)).rows);

  /** As ProductsService.withCorrection: a search that found nothing is run again with the word it most likely meant. */
  async function withCorrection(term, search, pool) {
    const trimmed = term?.trim();
    const result = await search(trimmed);
    if (result.total > 0 || !trimmed) return { result };
    const correctedSearch = await corrected(trimmed, pool);
    return correctedSearch ? { result: await search(correctedSearch), correctedSearch } : { result };
  }

  // the list: the API's listProductsSql; one without 'Best match' (before issue 19) reads it as the name order
  const knowsRelevance = typeof q.RANK_CANDIDATES === 'number';
  if (!knowsRelevance) fallbacks.push('sort=relevance read as the name order');
  async function list(filter, pool) {
    const f = { ...filter };
    if (!knowsRelevance && f.sort === 'relevance') delete f.sort;
    const { result, correctedSearch } = await withCorrection(f.search, (search) => countedPage(q.listProductsSql({ ...f, search }), f, pool), pool);
    return {
      products: result.rows,
      total: result.total,
      page: f.page,
      limit: f.limit,
      ...(result.totalCapped ? { totalCapped: true } : {}),
      ...(correctedSearch ? { correctedSearch } : {}),
    };
  }

  /** As ProductsService.correction: the threshold and the lookup in one transaction. */
  async function corrected(term, pool) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(q.WORD_SIMILARITY_THRESHOLD_SQL);
      const { rows } = await client.query(q.correctedSearchSql(term));
      await client.query('COMMIT');
      return rows[0] && rows[0].word !== term.toLowerCase() ? rows[0].word : undefined;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  // the facets: the simplest statements over the rows the search's filter leaves (no per-facet exclusion, no cap)
  if (!q.productFacets) fallbacks.push('facets by plain GROUP BYs over the filtered rows');
  async function facets(filter, pool) {
    if (q.productFacets) {
      const { result, correctedSearch } = await withCorrection(filter.search, (search) => q.productFacets({ ...filter, search }, async (statement) => (await pool.query(statement)).rows), pool);
      return { ...result, ...(correctedSearch ? { correctedSearch } : {}) };
    }
    const f = { ...filter, limit: 1, page: 1 };
    delete f.sort;
    const { text, values } = q.listProductsSql(f).count; // "… FROM (SELECT 1 FROM products p WHERE … LIMIT 1001) t"
    const where = text.match(/FROM products p (.*) LIMIT \d+\) t$/)?.[1] ?? '';
    const { rows: [row] } = await pool.query(
      `WITH r AS MATERIALIZED (SELECT p.product_type, p.manufacturer, p.in_stock, p.rating, p.price FROM products p ${where}),
            counts AS (SELECT count(*)::int AS total, count(*) FILTER (WHERE in_stock)::int AS in_stock,
                              count(*) FILTER (WHERE rating >= 4)::int AS r4, count(*) FILTER (WHERE rating >= 3)::int AS r3,
                              count(*) FILTER (WHERE rating >= 2)::int AS r2, count(*) FILTER (WHERE rating >= 1)::int AS r1,
                              min(price)::text AS min, max(price)::text AS max FROM r)
       SELECT c.*,
              (SELECT json_agg(t) FROM (SELECT product_type AS value, count(*)::int AS count FROM r GROUP BY 1 ORDER BY 1) t) AS "productTypes",
              (SELECT json_agg(t) FROM (SELECT manufacturer AS value, count(*)::int AS count FROM r GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20) t) AS manufacturers
       FROM counts c`,
      values,
    );
    return {
      total: row.total,
      totalCapped: false,
      productTypes: row.productTypes ?? [],
      manufacturers: row.manufacturers ?? [],
      manufacturersMore: false,
      inStock: { value: true, count: row.in_stock },
      ratings: [4, 3, 2, 1].map((v) => ({ value: v, count: row[`r${v}`] })),
      price: row.min === null ? null : { min: row.min, max: row.max },
    };
  }

  // the header's suggestions: 5 products and 3 categories whose name holds the query
  if (!q.suggestionsSql) fallbacks.push('suggestions by name ILIKE (5 products by name, 3 categories by name)');
  async function suggestions(text, pool) {
    if (q.suggestionsSql) {
      const { rows: [row] } = await pool.query(q.suggestionsSql(text));
      return { q: text, products: row.products, categories: row.categories };
    }
    const pattern = q.likePattern(text);
    const [products, categories] = await Promise.all([
      pool.query('SELECT id, name, slug, product_type, manufacturer, price, image_url FROM products WHERE name ILIKE $1 ORDER BY name, id LIMIT 5', [pattern]),
      pool.query('SELECT id, name, slug, product_type FROM categories WHERE name ILIKE $1 ORDER BY name, id LIMIT 3', [pattern]),
    ]);
    return { q: text, products: products.rows, categories: categories.rows };
  }

  // one product by id or slug, image bytes included: what ProductsService.findOne selects
  async function product(idOrSlug, pool) {
    const byId = /^\d{1,10}$/.test(idOrSlug) && Number(idOrSlug) <= 2_147_483_647;
    const { rows } = await pool.query(
      `SELECT ${q.LIST_COLUMNS}, p.image_data FROM products p WHERE ${byId ? 'p.id = $2 OR ' : ''}p.slug = $1 ORDER BY p.id LIMIT 1`,
      byId ? [idOrSlug, Number(idOrSlug)] : [idOrSlug],
    );
    return rows[0] ?? null;
  }

  const source = fallbacks.length
    ? `backend/dist/catalog/product-queries.js where it has a builder; bench fallbacks: ${fallbacks.join('; ')}`
    : 'backend/dist/catalog/product-queries.js for every statement';
  return { source, list, facets, suggestions, product };
}
