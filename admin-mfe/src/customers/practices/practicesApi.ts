import type {
  AdminPracticeDetail,
  AdminPracticeInvoices,
  AdminPracticeListQuery,
  AdminPracticeListResponse,
  AdminPracticeOrders,
  AdminPracticePageQuery,
} from '@dentalmarket/contracts/admin-practices';
import type { DmExtraOptions } from '@dentalmarket/store';
import { customersApi } from '../customersApi.js';

/** Every admin call is sent with session-expiry handling (SPEC §6). */
const admin: DmExtraOptions = { sessionHandling: true };

const practiceList = { type: 'AdminPractice' as const, id: 'LIST' };
type PageArgs = { id: number } & AdminPracticePageQuery;

/**
 * The Customers tab's practices (issue 36): built on the customers' endpoints so that disabling or
 * enabling a practice also refreshes the people grid and the people's drawers (its people changed).
 */
export const practicesApi = customersApi.enhanceEndpoints({ addTagTypes: ['AdminPractice'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/practices: one page, searched and sorted by the server, never cached. */
    getAdminPractices: build.query<AdminPracticeListResponse, AdminPracticeListQuery>({
      query: (params) => ({ url: '/admin/practices', params }),
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: (result) => [practiceList, ...(result?.practices ?? []).map((p) => ({ type: 'AdminPractice' as const, id: p.id }))],
    }),
    /** GET /api/admin/practices/{id}: the drawer's practice with its people. */
    getAdminPractice: build.query<AdminPracticeDetail, number>({
      query: (id) => `/admin/practices/${id}`,
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => [{ type: 'AdminPractice' as const, id }],
    }),
    getAdminPracticeOrders: build.query<AdminPracticeOrders, PageArgs>({
      query: ({ id, ...params }) => ({ url: `/admin/practices/${id}/orders`, params }),
      extraOptions: admin,
      keepUnusedDataFor: 0,
    }),
    getAdminPracticeInvoices: build.query<AdminPracticeInvoices, PageArgs>({
      query: ({ id, ...params }) => ({ url: `/admin/practices/${id}/invoices`, params }),
      extraOptions: admin,
      keepUnusedDataFor: 0,
    }),
    /** POST /api/admin/practices/{id}/disable: its people are disabled and signed out at once. */
    disablePractice: build.mutation<AdminPracticeDetail, number>({
      query: (id) => ({ url: `/admin/practices/${id}/disable`, method: 'POST' }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, id) => [practiceList, { type: 'AdminPractice' as const, id }, 'Customer'],
    }),
    /** POST /api/admin/practices/{id}/enable: the practice and the people its disabling turned off. */
    enablePractice: build.mutation<AdminPracticeDetail, number>({
      query: (id) => ({ url: `/admin/practices/${id}/enable`, method: 'POST' }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, id) => [practiceList, { type: 'AdminPractice' as const, id }, 'Customer'],
    }),
  }),
});

export const {
  useGetAdminPracticesQuery,
  useGetAdminPracticeQuery,
  useGetAdminPracticeOrdersQuery,
  useGetAdminPracticeInvoicesQuery,
  useDisablePracticeMutation,
  useEnablePracticeMutation,
} = practicesApi;
