import type { Category, Product, ProductType, User } from '@dentalmarket/contracts';
import { api } from './api.js';

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], { productType?: ProductType } | void>({
      query: (arg) => ({ url: '/categories', params: arg?.productType ? { productType: arg.productType } : undefined }),
      providesTags: (result) => [
        { type: 'Category' as const, id: 'LIST' },
        ...(result ?? []).map((category) => ({ type: 'Category' as const, id: category.id })),
      ],
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
  }),
});

export const { useGetCategoriesQuery, useGetProductsByTypeQuery } = catalogApi;
export const { useGetMeQuery } = sessionApi;
