export * from './enums.js';
export * from './limits.js';
export * from './money.js';
export * from './count.js';
export * from './days.js';
export * from './slug.js';
export * from './entities.js';
export * from './cart.js';
export * from './links.js';
export * from './routes.js';
export * from './orders.js';
export * from './search.js';
export * from './imports.js';
export * from './integrations.js';
export * from './analytics.js';
export * from './customers.js';
export * from './service-requests.js';
// practices' types; their roles, labels and limits are '@dentalmarket/contracts/practices'
export type {
  InvitationAccept,
  InvitationPreview,
  OrderDecline,
  PaymentTerms,
  Practice,
  PracticeInvitation,
  PracticeInvitationCreate,
  PracticeInvitationStatus,
  PracticeMember,
  PracticeMemberUpdate,
  PracticeRole,
  PracticeTerms,
  PracticeTermsUpdate,
  PracticeUpdate,
} from './practices.js';
export type { PracticeAddress, PracticeAddressCreate, PracticeAddressUpdate, PracticeTaxExemption, TaxExemption, TaxExemptionUpdate } from './practice-addresses.js';
// order guides' types; their limits and words are '@dentalmarket/contracts/order-guides'
export type {
  OrderGuide,
  OrderGuideCartLine,
  OrderGuideCartResponse,
  OrderGuideCreate,
  OrderGuideLine,
  OrderGuideLineInput,
  OrderGuideLineProblem,
  OrderGuideLineUpdate,
  OrderGuideListResponse,
  OrderGuideSkippedLine,
  OrderGuideSummary,
  OrderGuideUpdate,
} from './order-guides.js';
export * from './price-line.js';
// API keys' types; their scopes and limits are '@dentalmarket/contracts/api-keys', outside the shared
// module every page downloads (only the admin and the API use them)
export type { ApiKey, ApiKeyScope, ApiKeyWithSecret, CreateApiKeyRequest, RollApiKeyRequest } from './api-keys.js';
// webhooks' types; their events' names and limits are '@dentalmarket/contracts/webhooks'
export type {
  CreateWebhookEndpointRequest,
  RotateWebhookSecretRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryAttempt,
  WebhookDeliveryAttemptPage,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventPayload,
  WebhookEventType,
} from './webhooks.js';
