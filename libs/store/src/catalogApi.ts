import type {
  Category,
  Product,
  PRODUCT_SORT_LABELS,
  ProductFacetsResponse,
  ProductListResponse,
  ProductSearchFilter,
  ProductType,
  SearchSuggestionsResponse,
  Subcategory,
  User,
} from '@dentalmarket/contracts';
import { api, suspendingOnServer } from './api.js';

/** Every order a listing offers; 'relevance' ('Best match') only with a search. */
export type ProductQuerySort = keyof typeof PRODUCT_SORT_LABELS;

/** GET /api/products' parameters: the list filter, the results page's filters and every sort. */
export type ProductQuery = Omit<ProductSearchFilter, 'sort'> & { sort?: ProductQuerySort };

/** GET /api/products/facets' parameters: the list's, without paging and order, plus a search among manufacturers. */
export type ProductFacetsQuery = Omit<ProductQuery, 'page' | 'limit' | 'sort'> & { manufacturerSearch?: string };

/**
 * A query string of the catalogue's parameters: arrays (manufacturers, whose names may hold commas)
 * as repeated parameters, empty values and `false` left out, so equal filters give equal URLs.
 */
export function productQueryString(query: Record<string, string | number | boolean | readonly string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || value === false) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.append(key, String(value));
  }
  return params.toString();
}

const withQuery = (path: string, query: Record<string, string | number | boolean | readonly string[] | undefined>) => {
  const search = productQueryString(query);
  return search ? `${path}?${search}` : path;
};

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], { productType?: ProductType } | void>({
      query: (arg) => ({ url: '/categories', params: arg?.productType ? { productType: arg.productType } : undefined }),
      providesTags: (result) => [
        { type: 'Category' as const, id: 'LIST' },
        ...(result ?? []).map((category) => ({ type: 'Category' as const, id: category.id })),
      ],
    }),
    /**
     * GET /api/products a page at a time (`fetchNextPage` loads the next one), so a listing never
     * downloads a whole type: the answer's `total` says how many match. With `facets: true` the
     * first page's request alone asks for the filters' counts too (`pages[0].facets`: the results
     * page's one request per state); later pages never do.
     */
    getProductPages: build.infiniteQuery<ProductListResponse, Omit<ProductQuery, 'page'>, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        // a capped total means "at least": keep paging while pages come back full
        getNextPageParam: (last) =>
          last.page * last.limit < last.total || (last.totalCapped && last.products.length === last.limit) ? last.page + 1 : undefined,
      },
      query: ({ queryArg: { facets, ...filter }, pageParam }) => withQuery('/products', { ...filter, page: pageParam, facets: facets === true && pageParam === 1 }),
      providesTags: [{ type: 'Product' as const, id: 'LIST' }],
    }),
    /**
     * GET /api/products/facets: how many results each filter would leave. The results page reads its
     * counts from the list's first page (`facets: true` above); this is for the manufacturer
     * filter's search among the rest (`manufacturerSearch`), which the list does not take.
     */
    getProductFacets: build.query<ProductFacetsResponse, ProductFacetsQuery>({
      query: (query) => withQuery('/products/facets', query),
      providesTags: [{ type: 'Product' as const, id: 'LIST' }],
    }),
    /**
     * GET /api/search/suggestions?q=: the header's suggestions while the shopper types. Each query
     * is cached for a minute, so typing back to an earlier prefix asks nothing again.
     */
    getSearchSuggestions: build.query<SearchSuggestionsResponse, string>({
      query: (q) => withQuery('/search/suggestions', { q }),
      keepUnusedDataFor: 60,
      providesTags: [{ type: 'Product' as const, id: 'LIST' }],
    }),
    /** GET /api/featured-products: one page of featured products (SPEC §7 answers an array). */
    getFeaturedProducts: build.query<Product[], { limit: number }>({
      query: ({ limit }) => ({ url: '/featured-products', params: { limit } }),
      providesTags: [{ type: 'Product' as const, id: 'LIST' }],
    }),
    /** GET /api/subcategories?categoryId=: a category's subcategories, in their order. */
    getSubcategories: build.query<Subcategory[], number>({
      query: (categoryId) => ({ url: '/subcategories', params: { categoryId } }),
      providesTags: (result) => [{ type: 'Subcategory' as const, id: 'LIST' }, ...(result ?? []).map((s) => ({ type: 'Subcategory' as const, id: s.id }))],
    }),
    /** GET /api/products/{id or slug}: one product (a shareable product URL). */
    getProduct: build.query<Product, string>({
      query: (idOrSlug) => `/products/${encodeURIComponent(idOrSlug)}`,
      providesTags: (result) => (result ? [{ type: 'Product' as const, id: result.id }] : []),
    }),
    /**
     * GET /api/products?ids=1,2,3: the products of up to 100 ids in one answer (the cart's re-check);
     * an id without a product is simply absent. Ids are asked for as given, so callers sort them
     * to share the cache.
     */
    getProductsByIds: build.query<Product[], number[]>({
      query: (ids) => `/products?ids=${ids.join(',')}`,
      transformResponse: (response: ProductListResponse) => response.products,
      providesTags: (result) => [{ type: 'Product' as const, id: 'LIST' }, ...(result ?? []).map((product) => ({ type: 'Product' as const, id: product.id }))],
    }),
    getProductsByType: build.query<Product[], ProductType>({
      query: (type) => `/products/by-type/${encodeURIComponent(type)}`,
      providesTags: (result) => [
        { type: 'Product' as const, id: 'LIST' },
        ...(result ?? []).map((product) => ({ type: 'Product' as const, id: product.id })),
      ],
    }),
  }),
});

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/me: the signed-in user, or null when the server answers 401 (SPEC §4 Session). */
    getMe: build.query<User | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('/me');
        if (result.error) {
          if (result.error.status === 401) return { data: null };
          return { error: result.error };
        }
        return { data: result.data as User };
      },
      providesTags: ['Me'],
    }),
    /** GET /api/admin/session: the admin area's server-side check; a 401 expires the session (SPEC §4). */
    getAdminSession: build.query<User, void>({
      query: () => '/admin/session',
      extraOptions: { sessionHandling: true },
    }),
    /** POST /api/login; the cached user (and the session slice) follow at once, no reload. */
    login: build.mutation<User, LoginCredentials>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    /** POST /api/register (a customer account, signed in at once); confirm_password never leaves the browser. */
    register: build.mutation<User, Registration>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
    }),
    /** POST /api/logout; the cached user becomes null. */
    logout: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
    }),
  }),
});

export interface LoginCredentials {
  username: string;
  password: string;
}

export interface Registration {
  username: string;
  email: string;
  full_name?: string;
  /** issue 36: the practice the account creates and owns (the API names it after the person without one) */
  practice_name?: string;
  password: string;
}

export const { useGetSearchSuggestionsQuery } = catalogApi;
// the queries of the server-rendered pages: on the server their components wait for their data
export const useGetProductFacetsQuery = suspendingOnServer(catalogApi.endpoints.getProductFacets, catalogApi.useGetProductFacetsQuery);
export const useGetCategoriesQuery = suspendingOnServer(catalogApi.endpoints.getCategories, catalogApi.useGetCategoriesQuery);
export const useGetProductsByTypeQuery = suspendingOnServer(catalogApi.endpoints.getProductsByType, catalogApi.useGetProductsByTypeQuery);
export const useGetProductsByIdsQuery = suspendingOnServer(catalogApi.endpoints.getProductsByIds, catalogApi.useGetProductsByIdsQuery);
export const useGetProductPagesInfiniteQuery = suspendingOnServer(catalogApi.endpoints.getProductPages, catalogApi.useGetProductPagesInfiniteQuery);
export const useGetProductQuery = suspendingOnServer(catalogApi.endpoints.getProduct, catalogApi.useGetProductQuery);
export const useGetSubcategoriesQuery = suspendingOnServer(catalogApi.endpoints.getSubcategories, catalogApi.useGetSubcategoriesQuery);
export const useGetFeaturedProductsQuery = suspendingOnServer(catalogApi.endpoints.getFeaturedProducts, catalogApi.useGetFeaturedProductsQuery);
export const { useGetMeQuery, useGetAdminSessionQuery, useLoginMutation, useRegisterMutation, useLogoutMutation } = sessionApi;
