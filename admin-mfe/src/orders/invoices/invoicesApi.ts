import type { OrderPaymentCreate, OrderPayments } from '@dentalmarket/contracts';
import { api, type DmExtraOptions, getApiBaseUrl } from '@dentalmarket/store';

/** Every admin call is sent with session-expiry handling (SPEC §6). */
const admin: DmExtraOptions = { sessionHandling: true };

/**
 * An invoice's payments in the order drawer (issue 36). Recording one refreshes the order (its paid
 * amount), the grid (the overdue filter) and the dashboard's figures, on a refusal too (409: it
 * changed elsewhere, so everything shows it as it is now).
 */
export const invoicesApi = api.enhanceEndpoints({ addTagTypes: ['Order', 'OrderPayments'] }).injectEndpoints({
  endpoints: (build) => ({
    getOrderPayments: build.query<OrderPayments, string>({
      query: (number) => `/admin/orders/${encodeURIComponent(number)}/payments`,
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, number) => [{ type: 'OrderPayments' as const, id: number }],
    }),
    recordPayment: build.mutation<OrderPayments, OrderPaymentCreate & { number: string }>({
      query: ({ number, ...body }) => ({ url: `/admin/orders/${encodeURIComponent(number)}/payments`, method: 'POST', body }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, { number }) => [
        { type: 'OrderPayments' as const, id: number },
        { type: 'Order' as const, id: number },
        { type: 'Order' as const, id: 'LIST' },
        { type: 'Order' as const, id: 'STATS' },
      ],
    }),
  }),
});

export const { useGetOrderPaymentsQuery, useRecordPaymentMutation } = invoicesApi;

/** The admin's PDF of an order's invoice (a download: the session cookie goes with it). */
export const adminInvoiceUrl = (number: string) => `${getApiBaseUrl()}/admin/orders/${encodeURIComponent(number)}/invoice.pdf`;
