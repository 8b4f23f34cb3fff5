import { formatCount, isProductType, PRODUCT_SORT_LABELS, RATING_FILTERS, SEARCH_LIMITS, type ProductType } from '@dentalmarket/contracts';
import type { ProductFacetsQuery, ProductQuery, ProductQuerySort } from '@dentalmarket/store';

/**
 * The results page's state, all of it in the address bar (?search=&type=&minPrice=&maxPrice=
 * &manufacturer=A&manufacturer=B&minRating=&inStock=true&sort=), so Back, Forward and a shared link
 * restore exactly what the shopper saw.
 */
export interface SearchState {
  search: string;
  type: ProductType | null;
  minPrice: string | null;
  maxPrice: string | null;
  manufacturers: string[];
  minRating: number | null;
  inStock: boolean;
  /** null: the default order ('Best match' with a search, the name without) */
  sort: ProductQuerySort | null;
}

/** The parameters this state owns; others (product, category …) are left as they are. */
const OWN_KEYS = ['search', 'type', 'minPrice', 'maxPrice', 'manufacturer', 'minRating', 'inStock', 'sort'] as const;

/** A price as the API takes it: dollars, at most two decimals. */
export const PRICE_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

const isSort = (value: string | null): value is ProductQuerySort => value !== null && Object.prototype.hasOwnProperty.call(PRODUCT_SORT_LABELS, value);

/** Reads the state from the address bar; a value the page would not offer is ignored, as if absent. */
export function readSearchState(params: URLSearchParams): SearchState {
  const type = params.get('type');
  const price = (key: string) => {
    const value = params.get(key)?.trim() ?? '';
    return PRICE_PATTERN.test(value) ? value : null;
  };
  const rating = Number(params.get('minRating'));
  const search = params.get('search')?.trim() ?? '';
  const sort = params.get('sort');
  return {
    search,
    type: isProductType(type) ? type : null,
    minPrice: price('minPrice'),
    maxPrice: price('maxPrice'),
    manufacturers: [...new Set(params.getAll('manufacturer').filter((m) => m.trim() !== ''))].slice(0, SEARCH_LIMITS.manufacturersMax),
    minRating: (RATING_FILTERS as readonly number[]).includes(rating) ? rating : null,
    inStock: params.get('inStock') === 'true',
    sort: isSort(sort) && (sort !== 'relevance' || search !== '') ? sort : null,
  };
}

/** Writes the state into a copy of `params`, keeping the parameters it does not own. */
export function writeSearchState(state: SearchState, params: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of OWN_KEYS) next.delete(key);
  if (state.search) next.set('search', state.search);
  if (state.type) next.set('type', state.type);
  if (state.minPrice) next.set('minPrice', state.minPrice);
  if (state.maxPrice) next.set('maxPrice', state.maxPrice);
  for (const manufacturer of state.manufacturers) next.append('manufacturer', manufacturer);
  if (state.minRating) next.set('minRating', String(state.minRating));
  if (state.inStock) next.set('inStock', 'true');
  if (state.sort && state.sort !== defaultSort(state.search)) next.set('sort', state.sort);
  return next;
}

export function defaultSort(search: string): ProductQuerySort {
  return search ? 'relevance' : 'name';
}

/** The orders a shopper may pick: 'Best match' only with a search. */
export function sortOptions(search: string): ProductQuerySort[] {
  return (Object.keys(PRODUCT_SORT_LABELS) as ProductQuerySort[]).filter((sort) => sort !== 'relevance' || search !== '');
}

/** The facets' parameters of a state: the list's without order. */
export function facetsQuery(state: SearchState): ProductFacetsQuery {
  const query: ProductFacetsQuery = {};
  if (state.search) query.search = state.search;
  if (state.type) query.productType = state.type;
  if (state.minPrice) query.minPrice = state.minPrice;
  if (state.maxPrice) query.maxPrice = state.maxPrice;
  if (state.manufacturers.length > 0) query.manufacturer = state.manufacturers;
  if (state.minRating) query.minRating = state.minRating;
  if (state.inStock) query.inStock = true;
  return query;
}

/** The list's parameters of a state (the default order is left to the API). */
export function listQuery(state: SearchState): Omit<ProductQuery, 'page' | 'limit'> {
  const query: Omit<ProductQuery, 'page' | 'limit'> = facetsQuery(state);
  if (state.sort && state.sort !== defaultSort(state.search)) query.sort = state.sort;
  return query;
}

/** How many filters narrow the results (the type, the price range as one, each manufacturer, rating, stock). */
export function activeFilterCount(state: SearchState): number {
  return (state.type ? 1 : 0) + (state.minPrice || state.maxPrice ? 1 : 0) + state.manufacturers.length + (state.minRating ? 1 : 0) + (state.inStock ? 1 : 0);
}

/** The state without any filter: the search and the order stay. */
export function withoutFilters(state: SearchState): SearchState {
  return { ...state, type: null, minPrice: null, maxPrice: null, manufacturers: [], minRating: null, inStock: false };
}

/** A count as the page shows it: '1,234', or '1,000+' when the API stopped counting. */
export function countText(count: number, capped?: boolean): string {
  return `${formatCount(count)}${capped ? '+' : ''}`;
}
