/**
 * The catalogue's reads as plain parameterised SQL. No Nest or TypeORM here on purpose: the API
 * runs these through TypeORM's `manager.query`, and a bare `node:http` + `pg` benchmark server
 * imports the compiled file to run the very same statements.
 *
 * Every ORDER BY below is matched column for column (direction and NULLS included) by an index of
 * migration 1764400000000-CatalogueIndexes, so a page is an index walk that stops after
 * `offset + limit` rows instead of a scan and sort of the table. Change one, change the other.
 */

// Written in four files, all re-exported here: the shared types and helpers, the filter and the lists,
// the full-text search, and the facets. They import only one another.
export { countedPage, LIST_COLUMNS, likePattern, Params, TOTAL_CAP } from './product-sql.js';
export type { CountedRows, PagedSql, PageParams, ProductSort, ProductType, Sql } from './product-sql.js';
export {
  categoriesSql,
  featuredProductsSql,
  listProductsSql,
  productsByCategorySql,
  productsByIdsSql,
  productsBySubcategorySql,
  productsByTypeSql,
} from './product-list-queries.js';
export type { FacetName, ProductFilter } from './product-list-queries.js';
export {
  correctedSearchSql,
  prefixStems,
  RANK_CANDIDATES,
  searchQuery,
  splitSearch,
  SUGGEST_CANDIDATES,
  suggestionsSql,
  WORD_SIMILARITY_THRESHOLD_SQL,
} from './product-search-queries.js';
export {
  counted,
  FACET_MANUFACTURERS,
  FACET_RATINGS,
  FACET_SAMPLE,
  productFacetSecondSql,
  productFacets,
  productFacetsSql,
} from './product-facet-queries.js';
export type { FacetCountRow, FacetsFilter, FacetValue, ProductFacets } from './product-facet-queries.js';
