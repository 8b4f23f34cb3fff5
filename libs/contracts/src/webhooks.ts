// Webhooks (issue 35): the events a supplier's or a practice's software is told about, signed per the
// Standard Webhooks specification (https://www.standardwebhooks.com): headers `webhook-id`,
// `webhook-timestamp` and `webhook-signature`, a `whsec_` secret per endpoint. Imported as
// '@dentalmarket/contracts/webhooks' (the main entry re-exports the types only): the events' texts stay out
// of the shared contracts every shopper's page downloads.

/** The events an endpoint may subscribe to. An import sends one `import.finished`, never an event per row. */
export const WEBHOOK_EVENT_TYPES = [
  'order.placed',
  'order.status_changed',
  'product.created',
  'product.updated',
  'product.deleted',
  'import.finished',
  'service_request.created',
  'service_request.status_changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** "Send test event" sends this type to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What each event announces, for the admin choosing them (and the OpenAPI document's `webhooks`). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.placed': 'An order was placed (data: the order)',
  'order.status_changed': "An order's status changed (data: the order, its history ending with the change)",
  'product.created': 'A product was created (data: the product)',
  'product.updated': 'A product was changed (data: the product)',
  'product.deleted': 'A product was deleted (data: the product as it was)',
  'import.finished': 'A catalogue import finished (data: the import, with its counts); no event per imported row',
  'service_request.created': 'A service request was sent (data: the request)',
  'service_request.status_changed': "A service request's status changed (data: the request)",
};

export const WEBHOOK_LIMITS = {
  urlMax: 2048,
  descriptionMax: 200,
  /** endpoints one shop may have */
  endpointsMax: 50,
  /** the longest time a rotated secret's previous value still signs deliveries */
  rotateGraceHoursMax: 168,
  /** the characters of a receiver's answer kept in the delivery log */
  responseExcerptMax: 1024,
} as const;

/** An endpoint as the admin's list shows it: never its secret. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** why it is disabled when the shop disabled it (e.g. failing for three days), else null */
  disabled_reason: string | null;
  /** since when its deliveries fail (cleared by the next success), else null */
  failing_since: string | null;
  /** after a rotation: until when the previous secret also signs, else null */
  previous_secret_expires_at: string | null;
  /** the admin or API key that made it, or null once gone */
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface CreateWebhookEndpointRequest {
  url: string;
  description?: string;
  events: WebhookEventType[];
  enabled?: boolean;
}

/** A change: the fields sent change, the others keep their values. */
export type UpdateWebhookEndpointRequest = Partial<CreateWebhookEndpointRequest>;

export interface RotateWebhookSecretRequest {
  /** how long the previous secret keeps signing beside the new one, in hours (0: it stops at once) */
  grace_hours: number;
}

/** The answer to creating an endpoint or rotating its secret: the `whsec_` secret, shown this once. */
export interface WebhookEndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

/** One try of one event at one endpoint: a line of the endpoint's delivery log. */
export interface WebhookDeliveryAttempt {
  id: string;
  delivery_id: string;
  /** the event's id: the `webhook-id` header, the same on every try and on a resend */
  event_id: string;
  event_type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** 1 for the first try of this delivery */
  attempt: number;
  /** the receiver's HTTP status, or null when none came (refused, timed out, blocked address) */
  status_code: number | null;
  duration_ms: number;
  /** the first bytes of the receiver's answer */
  response_excerpt: string | null;
  /** why no usable answer came, else null */
  error: string | null;
  /** where the delivery stands now */
  delivery_status: WebhookDeliveryStatus;
  created_at: string;
}

/** The delivery log, newest first, a page at a time (`cursor` from `next_cursor`). */
export interface WebhookDeliveryAttemptPage {
  attempts: WebhookDeliveryAttempt[];
  next_cursor: string | null;
}

/** The body of every delivery (Standard Webhooks' payload shape plus the event's id). */
export interface WebhookEventPayload<T = unknown> {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** when the change happened, ISO 8601 */
  timestamp: string;
  data: T;
}
