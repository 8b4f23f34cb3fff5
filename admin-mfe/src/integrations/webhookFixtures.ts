import type { WebhookDeliveryAttempt, WebhookDeliveryAttemptPage, WebhookEndpoint, WebhookEndpointWithSecret } from '@dentalmarket/contracts';
import { WEBHOOK_EVENT_TYPES } from '@dentalmarket/contracts/webhooks';

/** The moment the webhook specs hold the clock at: the supplier's previous secret still signs as of it. */
export const WEBHOOKS_NOW = '2026-11-25T18:10:00.000Z';

const endpoint = (fields: Pick<WebhookEndpoint, 'id' | 'url' | 'events' | 'created_at'> & Partial<WebhookEndpoint>): WebhookEndpoint => ({
  description: '',
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_by: 'maria',
  updated_at: fields.created_at,
  ...fields,
});

/** Healthy, its secret rotated this morning: the previous one still signs until tomorrow. */
export const supplierEndpoint = () =>
  endpoint({
    id: 'wh-3',
    url: 'https://erp.supplier.example/hooks/dentalmarket',
    description: 'Stock sync at the supplier',
    events: ['product.created', 'product.updated', 'product.deleted', 'import.finished'],
    created_at: '2026-11-20T09:30:00.000Z',
    previous_secret_expires_at: '2026-11-26T09:00:00.000Z',
  });

/** Enabled, but its deliveries fail since yesterday. */
export const practiceEndpoint = () =>
  endpoint({
    id: 'wh-2',
    url: 'https://practice.example/webhooks',
    description: 'Smile Dental practice system',
    events: ['order.placed', 'order.status_changed'],
    created_at: '2026-10-02T14:00:00.000Z',
    failing_since: '2026-11-24T07:15:00.000Z',
  });

/** Every event; disabled by the shop after failing for days; the admin who made it is gone. */
export const oldEndpoint = () =>
  endpoint({
    id: 'wh-1',
    url: 'https://old.example.net/wh',
    events: [...WEBHOOK_EVENT_TYPES],
    created_by: null,
    created_at: '2026-06-01T08:00:00.000Z',
    enabled: false,
    disabled_reason: 'Failing for 3 days: every delivery since Nov 20 was refused',
  });

/** GET /api/admin/webhooks: newest first. */
export const webhookEndpoints = (): WebhookEndpoint[] => [supplierEndpoint(), practiceEndpoint(), oldEndpoint()];

/** A signing secret as the API sends it once. */
export const withWebhookSecret = (endpoint: WebhookEndpoint, secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'): WebhookEndpointWithSecret => ({ endpoint, secret });

const attempt = (fields: Pick<WebhookDeliveryAttempt, 'id' | 'delivery_id' | 'event_type' | 'attempt' | 'created_at'> & Partial<WebhookDeliveryAttempt>): WebhookDeliveryAttempt => ({
  event_id: `evt-${fields.delivery_id}`,
  status_code: 200,
  duration_ms: 87,
  response_excerpt: null,
  error: null,
  delivery_status: 'succeeded',
  ...fields,
});

/**
 * The practice endpoint's log, newest first, in two pages: an order's status change on its third
 * try (the receiver answered 500, then timed out), then an order that went through at once.
 */
export const practiceDeliveryPages = (): WebhookDeliveryAttemptPage[] => [
  {
    attempts: [
      attempt({
        id: 'att-5',
        delivery_id: 'dlv-3',
        event_type: 'order.status_changed',
        attempt: 3,
        status_code: 500,
        duration_ms: 1234,
        response_excerpt: '{"error":"database is locked"}',
        delivery_status: 'pending',
        created_at: '2026-11-25T18:05:00.000Z',
      }),
      attempt({
        id: 'att-4',
        delivery_id: 'dlv-3',
        event_type: 'order.status_changed',
        attempt: 2,
        status_code: null,
        duration_ms: 15000,
        error: 'Timed out after 15 s',
        delivery_status: 'pending',
        created_at: '2026-11-25T17:50:00.000Z',
      }),
    ],
    next_cursor: 'cur-att-4',
  },
  {
    attempts: [attempt({ id: 'att-1', delivery_id: 'dlv-1', event_type: 'order.placed', attempt: 1, response_excerpt: 'ok', created_at: '2026-11-24T06:00:00.000Z' })],
    next_cursor: null,
  },
];
