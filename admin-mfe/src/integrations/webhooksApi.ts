import type { CreateWebhookEndpointRequest, RotateWebhookSecretRequest, UpdateWebhookEndpointRequest, WebhookDeliveryAttemptPage, WebhookEndpoint, WebhookEndpointWithSecret } from '@dentalmarket/contracts';
import { api, type DmExtraOptions } from '@dentalmarket/store';

/** Every admin call is sent with session-expiry handling (SPEC §6). */
const admin: DmExtraOptions = { sessionHandling: true };

/** The attempts one page of the delivery log asks for: 'Load more' asks for the next ones, never the whole log. */
export const DELIVERY_PAGE_SIZE = 20;

/** The endpoints and each endpoint's delivery log are tags of their own, added here so this feature's endpoints stay in one file. */
const webhooksTagged = api.enhanceEndpoints({ addTagTypes: ['Webhook', 'WebhookDelivery'] });
const webhookList = { type: 'Webhook' as const, id: 'LIST' };
const endpointTag = (id: string) => ({ type: 'Webhook' as const, id });
const deliveriesTag = (id: string) => ({ type: 'WebhookDelivery' as const, id });
const path = (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`;

/**
 * Webhooks (issue 35, libs/contracts/src/webhooks.ts): the endpoints the shop sends its events to,
 * and each one's delivery log. A change to an endpoint invalidates that endpoint, which the list
 * provides, so the list is asked again; a resend or a test event invalidates the endpoint's log.
 */
export const webhooksApi = webhooksTagged.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/webhooks: every endpoint, never a secret. */
    getWebhooks: build.query<WebhookEndpoint[], void>({
      query: () => '/admin/webhooks',
      extraOptions: admin,
      providesTags: (endpoints = []) => [webhookList, ...endpoints.map(({ id }) => endpointTag(id))],
    }),
    /**
     * POST /api/admin/webhooks: 201 with the endpoint and its `whsec_` secret, the only time the
     * secret is sent. Sent untracked (useSecretIssuingCalls), so the answer does not stay in the store.
     */
    createWebhook: build.mutation<WebhookEndpointWithSecret, CreateWebhookEndpointRequest>({
      query: (body) => ({ url: '/admin/webhooks', method: 'POST', body }),
      extraOptions: admin,
      invalidatesTags: [webhookList],
    }),
    /** PATCH /api/admin/webhooks/:id: the fields sent change, the others keep their values. */
    updateWebhook: build.mutation<WebhookEndpoint, { id: string } & UpdateWebhookEndpointRequest>({
      query: ({ id, ...body }) => ({ url: path(id), method: 'PATCH', body }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, { id }) => [endpointTag(id)],
    }),
    /** DELETE /api/admin/webhooks/:id: 204; no more events go to it. */
    deleteWebhook: build.mutation<void, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, id) => [webhookList, endpointTag(id)],
    }),
    /** POST /api/admin/webhooks/:id/rotate-secret: a new secret (sent this once); the previous one also signs for `grace_hours`. */
    rotateWebhookSecret: build.mutation<WebhookEndpointWithSecret, { id: string } & RotateWebhookSecretRequest>({
      query: ({ id, grace_hours }) => ({ url: `${path(id)}/rotate-secret`, method: 'POST', body: { grace_hours } }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, { id }) => [endpointTag(id)],
    }),
    /**
     * GET /api/admin/webhooks/:id/deliveries: the log, newest first, a page at a time (`fetchNextPage`
     * asks for the page after `next_cursor`). Dropped once the log is closed, so opening it again
     * starts from the newest attempts.
     */
    getWebhookDeliveries: build.infiniteQuery<WebhookDeliveryAttemptPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next_cursor ?? undefined,
      },
      query: ({ queryArg: id, pageParam: cursor }) => `${path(id)}/deliveries?${new URLSearchParams({ ...(cursor ? { cursor } : {}), limit: String(DELIVERY_PAGE_SIZE) })}`,
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: (_pages, _error, id) => [deliveriesTag(id)],
    }),
    /** POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend: 202, the delivery is queued again (a new attempt in the log). */
    resendWebhookDelivery: build.mutation<void, { id: string; deliveryId: string }>({
      query: ({ id, deliveryId }) => ({ url: `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, method: 'POST' }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, { id }) => [deliveriesTag(id)],
    }),
    /** POST /api/admin/webhooks/:id/test: 202, a `webhook.test` event is queued for this endpoint alone. */
    sendWebhookTest: build.mutation<void, string>({
      query: (id) => ({ url: `${path(id)}/test`, method: 'POST' }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, id) => [deliveriesTag(id)],
    }),
  }),
});

export const { useGetWebhooksQuery, useUpdateWebhookMutation, useDeleteWebhookMutation, useGetWebhookDeliveriesInfiniteQuery, useResendWebhookDeliveryMutation, useSendWebhookTestMutation } = webhooksApi;
