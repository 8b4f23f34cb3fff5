import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import type { CreateWebhookEndpointRequest, RotateWebhookSecretRequest, UpdateWebhookEndpointRequest, WebhookEventType } from '@dentalmarket/contracts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_LIMITS } from '@dentalmarket/contracts/webhooks';

const EVENTS_MESSAGE = `each of events must be one of: ${WEBHOOK_EVENT_TYPES.join(', ')}`;
const GRACE_MESSAGE = `grace_hours must be a whole number of hours from 0 to ${WEBHOOK_LIMITS.rotateGraceHoursMax}`;

/** POST /api/admin/webhooks; the URL's scheme and addresses are checked by the service (they need DNS). */
export class CreateWebhookEndpointDto implements CreateWebhookEndpointRequest {
  @ApiProperty({ maxLength: WEBHOOK_LIMITS.urlMax, example: 'https://erp.example.com/hooks/dentalmarket', description: 'https:// with a public host (WEBHOOK_ALLOW_PRIVATE=true also allows http:// and private addresses)' })
  @IsString({ message: 'url must be a URL' })
  @MinLength(1, { message: 'url is required' })
  @MaxLength(WEBHOOK_LIMITS.urlMax)
  url: string;

  @ApiPropertyOptional({ maxLength: WEBHOOK_LIMITS.descriptionMax, example: 'ERP order sync', description: 'what the endpoint is for, shown in the list' })
  @IsOptional()
  @IsString()
  @MaxLength(WEBHOOK_LIMITS.descriptionMax)
  description?: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, minItems: 1, uniqueItems: true, example: ['order.placed', 'order.status_changed'], description: 'the events sent to it (at least one, each once)' })
  @IsArray({ message: 'events must be a list of event types' })
  @ArrayNotEmpty({ message: 'events must name at least one event type' })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @ArrayUnique({ message: 'events must not name an event type twice' })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENTS_MESSAGE })
  events: WebhookEventType[];

  @ApiPropertyOptional({ default: true, description: 'false: registered, but nothing is sent to it yet' })
  @IsOptional()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;
}

/** PATCH /api/admin/webhooks/:id: the fields sent change. */
export class UpdateWebhookEndpointDto implements UpdateWebhookEndpointRequest {
  @ApiPropertyOptional({ maxLength: WEBHOOK_LIMITS.urlMax, example: 'https://erp.example.com/hooks/dentalmarket-v2' })
  @IsOptional()
  @IsString({ message: 'url must be a URL' })
  @MinLength(1, { message: 'url must not be empty' })
  @MaxLength(WEBHOOK_LIMITS.urlMax)
  url?: string;

  @ApiPropertyOptional({ maxLength: WEBHOOK_LIMITS.descriptionMax })
  @IsOptional()
  @IsString()
  @MaxLength(WEBHOOK_LIMITS.descriptionMax)
  description?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true, minItems: 1, uniqueItems: true })
  @IsOptional()
  @IsArray({ message: 'events must be a list of event types' })
  @ArrayNotEmpty({ message: 'events must name at least one event type' })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @ArrayUnique({ message: 'events must not name an event type twice' })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENTS_MESSAGE })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ description: 'true also clears disabled_reason and failing_since' })
  @IsOptional()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;
}

/** POST /api/admin/webhooks/:id/rotate-secret */
export class RotateWebhookSecretDto implements RotateWebhookSecretRequest {
  @ApiProperty({ minimum: 0, maximum: WEBHOOK_LIMITS.rotateGraceHoursMax, example: 24, description: 'how long the previous secret also signs deliveries, in hours; 0: it stops at once' })
  @IsInt({ message: GRACE_MESSAGE })
  @Min(0, { message: GRACE_MESSAGE })
  @Max(WEBHOOK_LIMITS.rotateGraceHoursMax, { message: GRACE_MESSAGE })
  grace_hours: number;
}

export class WebhookIdParamDto {
  @ApiProperty({ format: 'uuid', example: '5d2f7a10-8c4e-4b1a-9f63-0e7d2c9b4a11' })
  @IsUUID('all', { message: 'id must be a webhook endpoint id (a UUID)' })
  id: string;
}

export class WebhookDeliveryParamDto extends WebhookIdParamDto {
  @ApiProperty({ format: 'uuid', example: '9a41c3e2-6b0d-4f7e-8d25-3c1b7e9f0a52' })
  @IsUUID('all', { message: 'deliveryId must be a delivery id (a UUID)' })
  deliveryId: string;
}

/** GET /api/admin/webhooks/:id/deliveries: newest first, a keyset page at a time. */
export class WebhookDeliveryPageQueryDto {
  @ApiPropertyOptional({ description: "the previous page's next_cursor; left out: the newest attempts", example: '1042' })
  @IsOptional()
  @Matches(/^[1-9]\d{0,17}$/, { message: "cursor must be a page's next_cursor" })
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 100' })
  @Min(1, { message: 'limit must be a whole number from 1 to 100' })
  @Max(100, { message: 'limit must be a whole number from 1 to 100' })
  limit?: number;
}
