import type {
  AiStatus,
  BatchGenerationResult,
  GeneratedProduct,
  GenerationPlacement,
  AdminProductListQuery,
  AdminProductListResponse,
  Category,
  CategoryUsage,
  DeleteResult,
  ImageUploadResponse,
  Product,
  ProductType,
  Specifications,
  Subcategory,
  AdminOrderListQuery,
  Order,
  OrderListResponse,
  OrderStats,
  OrderStatusChange,
} from '@dentalmarket/contracts';
import { api } from './api.js';
import type { DmExtraOptions } from './baseQuery.js';

/** Every admin call is sent with session-expiry handling (SPEC §6). */
const admin: DmExtraOptions = { sessionHandling: true };

/** What the admin product form sends (SPEC §5); the server applies the spec's defaults. */
export interface ProductInput {
  name: string;
  description?: string;
  price?: string | null;
  image_url?: string | null;
  image_data?: string | null;
  image_type?: string | null;
  category_id: number;
  subcategory_id?: number | null;
  manufacturer: string;
  specifications?: Specifications;
  product_type: ProductType;
  external_link?: string | null;
  affiliate_link?: string | null;
  service_details?: Record<string, unknown> | null;
  features?: string[];
  is_featured?: boolean;
  is_new?: boolean;
  in_stock?: boolean;
  rating?: string | null;
  delivery_time?: string | null;
  warranty?: string | null;
  slug?: string;
}

export interface CategoryInput {
  name: string;
  description: string;
  icon: string;
  product_type: ProductType;
}

export interface SubcategoryInput {
  name: string;
  description: string;
  category_id: number;
}

export interface ReorderInput {
  id: number;
  sortOrder: number;
}

/** A change to products refreshes every catalogue list: products, featured, by-type, categories, subcategories (SPEC §4). */
const catalogueLists = [
  { type: 'Product' as const, id: 'LIST' },
  { type: 'Category' as const, id: 'LIST' },
  { type: 'Subcategory' as const, id: 'LIST' },
];

/** The grid's query plus the stock filter (`inStock=true|false`, as the storefront's list takes it). */
export type AdminProductsArgs = AdminProductListQuery & { inStock?: boolean };

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/products: one page of the admin grid, sorted and searched on the server, never cached. */
    getAdminProducts: build.query<AdminProductListResponse, AdminProductsArgs>({
      query: (params) => ({ url: '/admin/products', params }),
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: (result) => [{ type: 'Product' as const, id: 'LIST' }, ...(result?.products ?? []).map((p) => ({ type: 'Product' as const, id: p.id }))],
    }),
    createProduct: build.mutation<Product, ProductInput>({
      query: (body) => ({ url: '/admin/products', method: 'POST', body }),
      extraOptions: admin,
      invalidatesTags: catalogueLists,
    }),
    updateProduct: build.mutation<Product, { id: number; changes: Partial<ProductInput> }>({
      query: ({ id, changes }) => ({ url: `/admin/products/${id}`, method: 'PUT', body: changes }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, { id }) => [...catalogueLists, { type: 'Product' as const, id }],
    }),
    deleteProduct: build.mutation<DeleteResult, number>({
      query: (id) => ({ url: `/admin/products/${id}`, method: 'DELETE' }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, id) => [...catalogueLists, { type: 'Product' as const, id }],
    }),
    /** POST /api/admin/upload-image, multipart field `image`. */
    uploadImage: build.mutation<ImageUploadResponse, File | Blob>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file);
        return { url: '/admin/upload-image', method: 'POST', body };
      },
      extraOptions: admin,
    }),
    createCategory: build.mutation<Category, CategoryInput>({
      query: (body) => ({ url: '/admin/categories', method: 'POST', body }),
      extraOptions: admin,
      invalidatesTags: catalogueLists,
    }),
    updateCategory: build.mutation<Category, { id: number; changes: Partial<CategoryInput> }>({
      query: ({ id, changes }) => ({ url: `/admin/categories/${id}`, method: 'PUT', body: changes }),
      extraOptions: admin,
      invalidatesTags: catalogueLists,
    }),
    /** GET /api/admin/categories/{id}/usage: what a delete would touch, asked afresh each time the confirmation opens. */
    getCategoryUsage: build.query<CategoryUsage, number>({
      query: (id) => `/admin/categories/${id}/usage`,
      extraOptions: admin,
      keepUnusedDataFor: 0,
    }),
    deleteCategory: build.mutation<DeleteResult, number>({
      query: (id) => ({ url: `/admin/categories/${id}`, method: 'DELETE' }),
      extraOptions: admin,
      invalidatesTags: catalogueLists,
    }),
    /** PATCH /api/admin/categories/{id}/order: the new index among its siblings. */
    reorderCategory: build.mutation<unknown, ReorderInput>({
      query: ({ id, sortOrder }) => ({ url: `/admin/categories/${id}/order`, method: 'PATCH', body: { sortOrder } }),
      extraOptions: admin,
      invalidatesTags: [{ type: 'Category' as const, id: 'LIST' }],
    }),
    createSubcategory: build.mutation<Subcategory, SubcategoryInput>({
      query: (body) => ({ url: '/admin/subcategories', method: 'POST', body }),
      extraOptions: admin,
      invalidatesTags: catalogueLists,
    }),
    updateSubcategory: build.mutation<Subcategory, { id: number; changes: Partial<SubcategoryInput> }>({
      query: ({ id, changes }) => ({ url: `/admin/subcategories/${id}`, method: 'PUT', body: changes }),
      extraOptions: admin,
      invalidatesTags: catalogueLists,
    }),
    deleteSubcategory: build.mutation<DeleteResult, number>({
      query: (id) => ({ url: `/admin/subcategories/${id}`, method: 'DELETE' }),
      extraOptions: admin,
      invalidatesTags: catalogueLists,
    }),
    reorderSubcategory: build.mutation<unknown, ReorderInput>({
      query: ({ id, sortOrder }) => ({ url: `/admin/subcategories/${id}/order`, method: 'PATCH', body: { sortOrder } }),
      extraOptions: admin,
      invalidatesTags: [{ type: 'Subcategory' as const, id: 'LIST' }],
    }),
    /** GET /api/admin/gemini/status: whether a provider is configured, and the sentence to show when not. */
    getAiStatus: build.query<AiStatus, void>({
      query: () => '/admin/gemini/status',
      extraOptions: admin,
    }),
    /** POST /api/admin/gemini/generate-product: one product's details from the configured AI provider. */
    generateProduct: build.mutation<GeneratedProduct, GenerationPlacement & { productName: string }>({
      query: (body) => ({ url: '/admin/gemini/generate-product', method: 'POST', body }),
      extraOptions: admin,
    }),
    /** POST /api/admin/gemini/generate-batch-products: several names at once; failed names are reported, not lost. */
    generateBatchProducts: build.mutation<BatchGenerationResult, GenerationPlacement & { productNames: string[] }>({
      query: (body) => ({ url: '/admin/gemini/generate-batch-products', method: 'POST', body }),
      extraOptions: admin,
    }),
  }),
});

export const {
  useGetAiStatusQuery,
  useGetCategoryUsageQuery,
  useGenerateProductMutation,
  useGenerateBatchProductsMutation,
  useGetAdminProductsQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useUploadImageMutation,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useReorderCategoryMutation,
  useCreateSubcategoryMutation,
  useUpdateSubcategoryMutation,
  useDeleteSubcategoryMutation,
  useReorderSubcategoryMutation,
} = adminApi;

/** Orders are a tag of their own (issue 18): added here so the admin's order endpoints carry it without touching the base api. */
const ordersTagged = api.enhanceEndpoints({ addTagTypes: ['Order'] });
const orderList = { type: 'Order' as const, id: 'LIST' };
const orderStats = { type: 'Order' as const, id: 'STATS' };

export const adminOrdersApi = ordersTagged.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/orders: one page of the admin grid, searched, filtered and sorted by the server, never cached. */
    getAdminOrders: build.query<OrderListResponse, AdminOrderListQuery>({
      query: (params) => ({ url: '/admin/orders', params }),
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: (result) => [orderList, ...(result?.orders ?? []).map((o) => ({ type: 'Order' as const, id: o.number }))],
    }),
    /** GET /api/admin/orders/{number}: the drawer's order with its lines and history. */
    getAdminOrder: build.query<Order, string>({
      query: (number) => `/admin/orders/${encodeURIComponent(number)}`,
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, number) => [{ type: 'Order' as const, id: number }],
    }),
    /** GET /api/admin/orders/stats: the dashboard's three figures. */
    getOrderStats: build.query<OrderStats, void>({
      query: () => '/admin/orders/stats',
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: [orderStats],
    }),
    /**
     * POST /api/admin/orders/{number}/status. Invalidates on a 409 as well (RTK Query invalidates on a
     * rejected-with-value mutation): the order changed elsewhere, so the drawer and grid show it as it is now.
     */
    changeOrderStatus: build.mutation<Order, OrderStatusChange & { number: string }>({
      query: ({ number, ...body }) => ({ url: `/admin/orders/${encodeURIComponent(number)}/status`, method: 'POST', body }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, { number }) => [orderList, orderStats, { type: 'Order' as const, id: number }],
    }),
  }),
});

export const { useGetAdminOrdersQuery, useGetAdminOrderQuery, useGetOrderStatsQuery, useChangeOrderStatusMutation } = adminOrdersApi;
