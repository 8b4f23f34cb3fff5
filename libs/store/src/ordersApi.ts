import { ORDER_ROUTES, type CreateOrderRequest, type Order, type OrderListResponse, type OrderLookupRequest } from '@dentalmarket/contracts';
import { api } from './api.js';
import type { DmExtraOptions } from './baseQuery.js';

/** A signed-in shopper's own orders: a 401 there means the session ended (SPEC §4 Session). */
const signedIn: DmExtraOptions = { sessionHandling: true };

/** The API's paths below its base URL (ORDER_ROUTES names them from the site's root). */
const path = (route: string) => route.replace(/^\/api/, '');

export interface CreateOrderArgs {
  order: CreateOrderRequest;
  /** a UUID made once per checkout attempt: a retried or double-clicked submit returns the same order */
  idempotencyKey: string;
}

/**
 * The shopper's side of the orders API (issue 18, libs/contracts/src/orders.ts). The order tag is
 * added here, not in api.ts, so that this feature's endpoints stay in one file.
 */
export const ordersApi = api.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/orders: the cart lines and the shipping fields only; 409 names the lines to update. */
    createOrder: build.mutation<Order, CreateOrderArgs>({
      query: ({ order, idempotencyKey }) => ({ url: path(ORDER_ROUTES.create), method: 'POST', body: order, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    /** GET /api/orders?page&limit: the signed-in shopper's orders, newest first. */
    getMyOrders: build.query<OrderListResponse, { page: number; limit: number }>({
      query: (params) => ({ url: path(ORDER_ROUTES.mine), params }),
      extraOptions: signedIn,
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    /** GET /api/orders/:number: one of the shopper's own orders (another's answers 404). */
    getOrder: build.query<Order, string>({
      query: (number) => `${path(ORDER_ROUTES.mine)}/${encodeURIComponent(number)}`,
      extraOptions: signedIn,
      providesTags: (result) => (result ? [{ type: 'Order', id: result.number }] : []),
    }),
    /** POST /api/orders/lookup: a guest's order by number and email (404 when they don't match). A POST keeps the email out of URLs and logs. */
    lookupOrder: build.mutation<Order, OrderLookupRequest>({
      query: (body) => ({ url: path(ORDER_ROUTES.lookup), method: 'POST', body }),
    }),
  }),
});

export const { useCreateOrderMutation, useGetMyOrdersQuery, useGetOrderQuery, useLookupOrderMutation } = ordersApi;
