import { ApiProperty } from '@nestjs/swagger';
import type { WebhookDeliveryAttempt, WebhookDeliveryAttemptPage, WebhookDeliveryStatus, WebhookEndpoint, WebhookEndpointWithSecret, WebhookEventType } from '@dentalmarket/contracts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@dentalmarket/contracts/webhooks';

const DELIVERY_STATUSES: WebhookDeliveryStatus[] = ['pending', 'succeeded', 'failed', 'cancelled'];

/** An endpoint as the list shows it: never its secret. */
export class WebhookEndpointDto implements WebhookEndpoint {
  @ApiProperty({ format: 'uuid', example: '5d2f7a10-8c4e-4b1a-9f63-0e7d2c9b4a11' }) id: string;
  @ApiProperty({ example: 'https://erp.example.com/hooks/dentalmarket' }) url: string;
  @ApiProperty({ example: 'ERP order sync' }) description: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, example: ['order.placed', 'order.status_changed'] }) events: WebhookEventType[];
  @ApiProperty() enabled: boolean;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'why the shop disabled it (e.g. "Disabled after failing for 3 days"), else null' }) disabled_reason: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'since when its deliveries fail (cleared by the next success), else null' }) failing_since: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'after a rotation with a grace: until when the previous secret also signs, else null' }) previous_secret_expires_at: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'admin', description: 'the admin (username) or API key that made it' }) created_by: string | null;
  @ApiProperty({ example: '2026-03-02T09:30:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-03-02T09:30:00.000Z' }) updated_at: string;
}

export class WebhookEndpointWithSecretDto implements WebhookEndpointWithSecret {
  @ApiProperty({ type: WebhookEndpointDto }) endpoint: WebhookEndpointDto;
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', description: 'verifies the signatures (Standard Webhooks); shown this once, so store it now' }) secret: string;
}

export class WebhookDeliveryAttemptDto implements WebhookDeliveryAttempt {
  @ApiProperty({ example: '1042' }) id: string;
  @ApiProperty({ format: 'uuid' }) delivery_id: string;
  @ApiProperty({ format: 'uuid', description: 'the `webhook-id` header: the same on every try and on a resend' }) event_id: string;
  @ApiProperty({ enum: [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT], example: 'order.placed' }) event_type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  @ApiProperty({ example: 1 }) attempt: number;
  @ApiProperty({ type: Number, nullable: true, example: 200, description: 'null when no answer came (refused, timed out, blocked address)' }) status_code: number | null;
  @ApiProperty({ example: 84 }) duration_ms: number;
  @ApiProperty({ type: String, nullable: true, example: '{"received":true}', description: 'the first 1024 characters of the answer' }) response_excerpt: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'e.g. "timed out after 10 s", "connection refused", "blocked: 10.0.0.5 is a private address"' }) error: string | null;
  @ApiProperty({ enum: DELIVERY_STATUSES, example: 'succeeded' }) delivery_status: WebhookDeliveryStatus;
  @ApiProperty({ example: '2026-03-02T09:30:00.000Z' }) created_at: string;
}

export class WebhookDeliveryAttemptPageDto implements WebhookDeliveryAttemptPage {
  @ApiProperty({ type: [WebhookDeliveryAttemptDto] }) attempts: WebhookDeliveryAttemptDto[];
  @ApiProperty({ type: String, nullable: true, example: '1017', description: 'pass as cursor for the next (older) page; null on the last page' }) next_cursor: string | null;
}

/** The answer to a resend or a test: the delivery queued (it shows in the log once tried). */
export class WebhookQueuedDto {
  @ApiProperty({ format: 'uuid' }) delivery_id: string;
  @ApiProperty({ format: 'uuid', description: 'the event sent: its `webhook-id`' }) event_id: string;
}
