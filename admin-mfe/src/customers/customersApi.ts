import type { CustomerDetail, CustomerListQuery, CustomerListResponse, PracticeTerms, PracticeTermsUpdate } from '@dentalmarket/contracts';
import { api, type DmExtraOptions } from '@dentalmarket/store';

/** Every admin call is sent with session-expiry handling (SPEC §6). */
const admin: DmExtraOptions = { sessionHandling: true };

const customerList = { type: 'Customer' as const, id: 'LIST' };

/**
 * The admin's Customers tab (issue 21, libs/contracts/src/customers.ts). The tag is added here, not
 * in api.ts, so that this feature's endpoints stay in one file.
 */
export const customersApi = api.enhanceEndpoints({ addTagTypes: ['Customer', 'PracticeTerms', 'AdminPractice'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/customers: one page of the grid, searched, filtered and sorted by the server, never cached. */
    getAdminCustomers: build.query<CustomerListResponse, CustomerListQuery>({
      query: (params) => ({ url: '/admin/customers', params }),
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: (result) => [customerList, ...(result?.customers ?? []).map((c) => ({ type: 'Customer' as const, id: c.id }))],
    }),
    /** GET /api/admin/customers/{id}: the drawer's account with its 10 newest orders. */
    getAdminCustomer: build.query<CustomerDetail, number>({
      query: (id) => `/admin/customers/${id}`,
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => [{ type: 'Customer' as const, id }],
    }),
    /**
     * POST /api/admin/customers/{id}/disable: the account's sessions end at once. Invalidates on a
     * 409 as well (RTK Query invalidates on a rejected-with-value mutation), so the drawer and the
     * grid show the account as it is now.
     */
    disableCustomer: build.mutation<CustomerDetail, number>({
      query: (id) => ({ url: `/admin/customers/${id}/disable`, method: 'POST' }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, id) => [customerList, { type: 'Customer' as const, id }],
    }),
    /** POST /api/admin/customers/{id}/enable: the account may sign in again. */
    enableCustomer: build.mutation<CustomerDetail, number>({
      query: (id) => ({ url: `/admin/customers/${id}/enable`, method: 'POST' }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, id) => [customerList, { type: 'Customer' as const, id }],
    }),
    /** GET /api/admin/practices/{id}/terms (issue 36): the practice's payment terms and open balance. */
    getPracticeTerms: build.query<PracticeTerms, number>({
      query: (id) => `/admin/practices/${id}/terms`,
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => [{ type: 'PracticeTerms' as const, id }],
    }),
    setPracticeTerms: build.mutation<PracticeTerms, { id: number } & PracticeTermsUpdate>({
      query: ({ id, ...body }) => ({ url: `/admin/practices/${id}/terms`, method: 'PUT', body }),
      extraOptions: admin,
      // the practices grid's row shows the terms and credit limit too
      invalidatesTags: (_result, _error, { id }) => [{ type: 'PracticeTerms' as const, id }, { type: 'AdminPractice' as const, id }],
    }),
  }),
});

export const { useGetAdminCustomersQuery, useGetAdminCustomerQuery, useDisableCustomerMutation, useEnableCustomerMutation, useGetPracticeTermsQuery, useSetPracticeTermsMutation } =
  customersApi;
