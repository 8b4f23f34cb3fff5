import type { OpenAPIObject } from '@nestjs/swagger';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookEventType } from '@dentalmarket/contracts/webhooks';
import { WEBHOOK_USER_AGENT } from './webhook-sender.js';

type PathItems = NonNullable<OpenAPIObject['webhooks']>;

/** Each event's data: the schema this API's own answers use for that resource (a component of the document). */
const DATA_SCHEMA: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, object> = {
  'order.placed': { $ref: '#/components/schemas/OrderDto' },
  'order.status_changed': { $ref: '#/components/schemas/OrderDto' },
  'product.created': { $ref: '#/components/schemas/ProductDto' },
  'product.updated': { $ref: '#/components/schemas/ProductDto' },
  'product.deleted': { $ref: '#/components/schemas/ProductDto' },
  'import.finished': { $ref: '#/components/schemas/ImportDetailDto' },
  'service_request.created': { $ref: '#/components/schemas/ServiceRequestDto' },
  'service_request.status_changed': { $ref: '#/components/schemas/ServiceRequestDto' },
  [WEBHOOK_TEST_EVENT]: { type: 'object', properties: { endpoint_id: { type: 'string', format: 'uuid' }, message: { type: 'string' } }, required: ['endpoint_id', 'message'] },
};

const ORDER = {
  number: 'DM-7K3QX9',
  status: 'placed',
  email: 'jane.smith@example.com',
  shipping: { fullName: 'Dr. Jane Smith', email: 'jane.smith@example.com', address: '12 Harbour Street', city: 'Portland', state: 'OR', zipCode: '97201' },
  currency: 'USD',
  subtotal: '1299.99',
  shipping_cost: '15.00',
  tax: '104.00',
  total: '1418.99',
  carrier: null,
  tracking_number: null,
  lines: [{ product_id: 42, name: 'Dental Chair X1', manufacturer: 'Sirona', unit_price: '1299.99', image_url: '/media/seed/chair.svg', quantity: 1, line_total: '1299.99' }],
  events: [{ from_status: null, to_status: 'placed', actor: 'customer', note: null, created_at: '2026-03-02T09:30:00.000Z' }],
  created_at: '2026-03-02T09:30:00.000Z',
  updated_at: '2026-03-02T09:30:00.000Z',
  po_number: 'PO-2026-0117',
  approved_at: null,
  approval_expires_at: null,
  payment_due_at: null,
  tax_exempt_certificate: null,
  tax_exempt_until: null,
  amount_paid: '1419.99',
  paid_at: null,
};
const PRODUCT = {
  id: 42,
  name: 'Dental Chair X1',
  description: 'Ergonomic treatment chair with an LED light.',
  price: '1299.99',
  image_url: '/media/seed/chair.svg',
  image_data: null,
  image_type: null,
  category_id: 1,
  subcategory_id: 2,
  manufacturer: 'Sirona',
  specifications: { power: '230 V' },
  product_type: 'equipment',
  external_link: null,
  affiliate_link: null,
  service_details: null,
  features: ['LED light', 'Memory positions'],
  is_featured: false,
  is_new: true,
  rating: '4.5',
  reviews_count: 12,
  created_at: '2026-03-02T09:30:00.000Z',
  slug: 'dental-chair-x1',
  in_stock: true,
  delivery_time: '2-3 weeks',
  warranty: '2 years',
};
const COUNTS = { create: 20, update: 95, unchanged: 3, error: 2 };
const IMPORT = {
  id: '3b0f3c2e-0d5a-4c1e-9a55-1f2e3d4c5b6a',
  filename: 'products.csv',
  status: 'applied',
  created_at: '2026-03-02T09:30:00.000Z',
  createCategories: false,
  total: 120,
  counts: COUNTS,
  unknownColumns: [],
  missingCategories: [],
  progress: { done: 120, total: 120 },
  result: COUNTS,
  failure: null,
  finished_at: '2026-03-02T09:31:10.000Z',
  errors: { rows: [{ line: 14, label: 'vita-vacumat-6000-mp', field: 'price', message: 'price must be a decimal number such as 1299.00' }], total: 2, page: 1, limit: 20 },
  review: { limit: 100, create: { total: 20, rows: [] }, update: { total: 95, rows: [] }, skipped: { total: 0, rows: [] } },
};
const SERVICE_REQUEST = {
  number: 'SR-4F8K2M',
  status: 'new',
  product_id: 7,
  product_name: 'Chair Maintenance',
  practice_name: 'Harbour Dental',
  contact_name: 'Dr. Jane Smith',
  email: 'jane.smith@example.com',
  phone: '+1 503 555 0100',
  preferred_date: '2026-12-15',
  quote_amount: null,
  created_at: '2026-03-02T09:30:00.000Z',
  updated_at: '2026-03-02T09:30:00.000Z',
  placed_by: null,
  message: 'Yearly maintenance of two chairs.',
  quote_note: null,
  events: [{ from_status: null, to_status: 'new', actor: 'guest', note: null, created_at: '2026-03-02T09:30:00.000Z' }],
};

/** An example of each event's data, complete (Redocly checks each against its schema). */
const DATA_EXAMPLE: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, unknown> = {
  'order.placed': ORDER,
  'order.status_changed': {
    ...ORDER,
    status: 'processing',
    events: [...ORDER.events, { from_status: 'placed', to_status: 'processing', actor: 'admin', note: null, created_at: '2026-03-02T10:05:00.000Z' }],
  },
  'product.created': PRODUCT,
  'product.updated': { ...PRODUCT, price: '1249.99' },
  'product.deleted': PRODUCT,
  'import.finished': IMPORT,
  'service_request.created': SERVICE_REQUEST,
  'service_request.status_changed': {
    ...SERVICE_REQUEST,
    status: 'quoted',
    quote_amount: '450.00',
    events: [...SERVICE_REQUEST.events, { from_status: 'new', to_status: 'quoted', actor: 'admin', note: null, created_at: '2026-03-03T08:00:00.000Z' }],
  },
  [WEBHOOK_TEST_EVENT]: { endpoint_id: '5d2f7a10-8c4e-4b1a-9f63-0e7d2c9b4a11', message: 'This is a test event from DentalMarket.' },
};

const HEADERS = [
  { name: 'webhook-id', description: "the event's id: the same on every retry and on a resend, so a receiver can drop duplicates", example: '0f8b3b7e-2a4c-4d1e-b5a7-9c6d2e1f3a40' },
  { name: 'webhook-timestamp', description: 'when this try was signed, in Unix seconds (refuse one far from your clock: a replay)', example: '1772443800' },
  {
    name: 'webhook-signature',
    description: 'v1, and the base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret; during a rotation grace a second one under the previous secret, space-separated',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
  { name: 'user-agent', description: 'who sends it', example: WEBHOOK_USER_AGENT },
];

/**
 * The OpenAPI 3.1 `webhooks`: one per event type (and the test event), each a POST of the Standard
 * Webhooks payload with its headers, what its data is, and what the receiver answers.
 */
export function webhookDocuments(): PathItems {
  const types = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT] as const;
  return Object.fromEntries(
    types.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(/\W/g, '_')}`,
          summary: type === WEBHOOK_TEST_EVENT ? 'A test event (Send test event), to one endpoint only' : WEBHOOK_EVENT_LABELS[type],
          description:
            'Sent to each enabled endpoint subscribed to this event, signed per Standard Webhooks (verify with the `standardwebhooks` library and the endpoint secret). ' +
            'Any 2xx within the timeout counts as received; anything else is retried with back-off for three days. At least once: drop duplicates by `webhook-id`.',
          tags: ['webhooks'],
          security: [],
          parameters: HEADERS.map((header) => ({ name: header.name, in: 'header' as const, required: true, description: header.description, schema: { type: 'string' }, example: header.example })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'type', 'timestamp', 'data'],
                  properties: {
                    id: { type: 'string', format: 'uuid', description: 'the event id (= webhook-id)' },
                    type: { type: 'string', const: type },
                    timestamp: { type: 'string', format: 'date-time', description: 'when the change happened' },
                    data: DATA_SCHEMA[type],
                  },
                },
                example: { id: '0f8b3b7e-2a4c-4d1e-b5a7-9c6d2e1f3a40', type, timestamp: '2026-03-02T09:30:00.000Z', data: DATA_EXAMPLE[type] },
              },
            },
          },
          responses: {
            '200': { description: 'received (any 2xx); the body is kept in the delivery log, its first 1024 characters' },
            '400': { description: 'any status outside 2xx (or no answer in time) fails the try: it is retried later' },
          },
        },
      },
    ]),
  ) as PathItems;
}
