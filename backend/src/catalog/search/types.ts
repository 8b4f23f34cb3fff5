/**
 * The shapes the search index takes and gives: the rows it loads (products, categories), and a
 * search's request and answer. Re-exported by search-index.ts, which the other modules import.
 */
import type { ProductFacets, ProductFilter, ProductSort, ProductType } from '../product-queries.js';
import type { TsQuery } from './tsquery.js';

/** A products row as the index loads it (search-index.service.ts INDEX_COLUMNS). */
export interface IndexedProduct {
  id: number;
  name: string;
  slug: string;
  image_url: string | null;
  manufacturer: string;
  product_type: ProductType;
  category_id: number;
  subcategory_id: number | null;
  is_featured: boolean;
  is_new: boolean;
  in_stock: boolean;
  /** price in cents */
  price_cents: number;
  /** null when unrated */
  rating: number | null;
  reviews_count: number;
  /** microseconds since the epoch */
  created_us: number;
  /** `search_document::text`: 'lexeme':1A,5 'other':3B … */
  document: string;
}

export interface IndexedCategory {
  id: number;
  name: string;
  slug: string;
  product_type: ProductType;
}

/** The filter of GET /api/products as the index takes it (the list's DTO, slugs not yet resolved). */
export type IndexFilter = Pick<
  ProductFilter,
  'categorySlug' | 'subcategorySlug' | 'categoryId' | 'subcategoryId' | 'productType' | 'featured' | 'new' | 'inStock' | 'minPrice' | 'maxPrice' | 'manufacturer' | 'minRating'
>;

/** GET /api/products/facets' answer, as the SQL facets give it. */
export type IndexFacets = ProductFacets;

export interface IndexSearch {
  /** the parsed query; undefined = no search (every product) */
  query?: TsQuery | null;
  filter: IndexFilter;
  sort: ProductSort;
  /** 1-based */
  page: number;
  limit: number;
  facets?: { manufacturerSearch?: string; manufacturersListed: number; ratings: readonly number[] };
  /** true: the caller needs the page only, not the number of matches (`total` is then a lower bound) */
  pageOnly?: boolean;
}

export interface IndexResult {
  /** the page's product ids, in order */
  ids: number[];
  /** every match (not capped: the caller caps what it reports) */
  total: number;
  facets?: IndexFacets;
}
