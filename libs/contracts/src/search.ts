/**
 * The shop-wide search (issue 19): the results page's filters and their counts, and the header's
 * suggestions. Shared by the API (backend/src/catalog) and the frontends (libs/store's catalogApi,
 * the shell's header combobox and the storefront's results page).
 */
import type { ProductListFilter } from './entities.js';
import type { ProductType } from './enums.js';

/** What each sort is called where a shopper picks one; 'relevance' is only offered (and the default) with a search. */
export const PRODUCT_SORT_LABELS = {
  relevance: 'Best match',
  name: 'Name',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
  rating: 'Top rated',
} as const;

/** Minimum ratings a shopper can filter by ('4 stars & up' …). */
export const RATING_FILTERS = [4, 3, 2, 1] as const;

/** Caps of the search's answers. */
export const SEARCH_LIMITS = {
  /** `manufacturer` values one request may name */
  manufacturersMax: 20,
  /** manufacturers a facets answer lists (the most frequent first); the rest are found with `manufacturerSearch` */
  facetManufacturers: 20,
  /** products and categories one suggestions answer holds */
  suggestProducts: 5,
  suggestCategories: 3,
  /** the suggestions' query: at least this many characters (trimmed) */
  suggestMinLength: 2,
  /** and at most */
  queryMax: 200,
} as const;

/**
 * GET /api/products and GET /api/products/facets: the list filter plus the results page's filters.
 * `minPrice`/`maxPrice` are decimal strings of dollars ("100", "99.99"), inclusive; `manufacturer`
 * is repeated in the query string (`manufacturer=A&manufacturer=B`, names are free text and may
 * hold commas), matched exactly; `minRating` is 1 to 5. With `search`, `sort` defaults to
 * 'relevance'; without, to the name order.
 */
export interface ProductSearchFilter extends ProductListFilter {
  minPrice?: string;
  maxPrice?: string;
  manufacturer?: string[];
  minRating?: number;
}

/**
 * One value of a filter and how many results it would leave. Counts are exact up to TOTAL_CAP (1000);
 * beyond, `count` is 1000 and `capped` is true (the UI says '1,000+').
 */
export interface FacetCount<Value = string> {
  value: Value;
  count: number;
  capped?: boolean;
}

/**
 * GET /api/products/facets?…same parameters as the list…: the counts of the current result set.
 * Each filter's counts are taken with every other filter applied but itself (so picking a second
 * manufacturer shows how many it would add), the way shops' faceted search works.
 */
export interface ProductFacetsResponse {
  /** the results as filtered now: the number the results page states */
  total: number;
  totalCapped: boolean;
  /** the search word the counts are for when the search was corrected (as on the list) */
  correctedSearch?: string;
  productTypes: FacetCount<ProductType>[];
  /** the most frequent first (ties by name), at most SEARCH_LIMITS.facetManufacturers; selected ones always included */
  manufacturers: FacetCount[];
  /** true when more manufacturers match than listed: the UI offers a search among them (`manufacturerSearch`) */
  manufacturersMore: boolean;
  /** results left with 'In stock only' */
  inStock: FacetCount<true>;
  /** results left with each minimum rating of RATING_FILTERS */
  ratings: FacetCount<number>[];
  /** the lowest and highest price among the results without the price filter (decimal strings), or null when none has a price */
  price: { min: string; max: string } | null;
}

/** GET /api/search/suggestions?q=…: what the header's combobox offers while the shopper types. */
export interface SearchSuggestionsResponse {
  /** the query as searched (trimmed) */
  q: string;
  /** at most SEARCH_LIMITS.suggestProducts, best match first */
  products: { id: number; name: string; slug: string; product_type: ProductType; manufacturer: string; price: string; image_url: string | null }[];
  /** at most SEARCH_LIMITS.suggestCategories, by name */
  categories: { id: number; name: string; slug: string; product_type: ProductType }[];
}
