import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ApiKeyScope } from '../api-keys/api-key-scope.decorator.js';
import { AdminActor } from '../auth/admin-actor.decorator.js';
import { AdminGuard } from '../auth/guards.js';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { WebhookDeliveryAttemptPageDto, WebhookEndpointDto, WebhookEndpointWithSecretDto, WebhookQueuedDto } from './dto/webhook.dto.js';
import {
  CreateWebhookEndpointDto,
  RotateWebhookSecretDto,
  UpdateWebhookEndpointDto,
  WebhookDeliveryPageQueryDto,
  WebhookDeliveryParamDto,
  WebhookIdParamDto,
} from './dto/webhook-requests.dto.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';

/**
 * The admin's webhook endpoints (issue 35): a signed-in admin, or an API key with `webhooks:write`
 * (a program may register its own receiver). Answers are no-store: two of them carry a secret, and
 * the others describe where the shop's data goes.
 */
@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/webhooks')
@UseGuards(AdminGuard)
@ApiKeyScope('webhooks:write')
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session, or an API key that is malformed, unknown, expired or revoked' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin; an API key without the scope webhooks:write; or, with a session, a foreign Origin' })
export class WebhooksController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The webhook endpoints, newest first (never a secret)' })
  @ApiOkResponse({ type: [WebhookEndpointDto] })
  list(): Promise<WebhookEndpointDto[]> {
    return this.endpoints.list();
  }

  @Post()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Register a webhook endpoint: its signing secret is in this answer only' })
  @ApiBodyExample(CreateWebhookEndpointDto, { url: 'https://erp.example.com/hooks/dentalmarket', description: 'ERP order sync', events: ['order.placed', 'order.status_changed'] })
  @ApiCreatedResponse({ type: WebhookEndpointWithSecretDto, description: 'the endpoint and its `whsec_` secret, shown this once' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the shop already has as many endpoints as it may' })
  create(@Body() body: CreateWebhookEndpointDto, @AdminActor() actor: string): Promise<WebhookEndpointWithSecretDto> {
    return this.endpoints.create(body, actor);
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'One webhook endpoint (never its secret)' })
  @ApiOkResponse({ type: WebhookEndpointDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such endpoint' })
  get(@Param() params: WebhookIdParamDto): Promise<WebhookEndpointDto> {
    return this.endpoints.get(params.id);
  }

  @Patch(':id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Change a webhook endpoint: the fields sent change; enabling it clears why it was disabled' })
  @ApiBodyExample(UpdateWebhookEndpointDto, { events: ['order.placed', 'order.status_changed', 'product.updated'], enabled: true })
  @ApiOkResponse({ type: WebhookEndpointDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such endpoint' })
  update(@Param() params: WebhookIdParamDto, @Body() body: UpdateWebhookEndpointDto): Promise<WebhookEndpointDto> {
    return this.endpoints.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a webhook endpoint with its delivery log; nothing more is sent to it' })
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such endpoint' })
  async remove(@Param() params: WebhookIdParamDto): Promise<void> {
    await this.endpoints.remove(params.id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Give an endpoint a new signing secret; the previous one also signs for grace_hours (0: it stops at once)' })
  @ApiBodyExample(RotateWebhookSecretDto, { grace_hours: 24 }, 'deliveries carry both signatures for one day')
  @ApiOkResponse({ type: WebhookEndpointWithSecretDto, description: 'the endpoint and its new secret, shown this once' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such endpoint' })
  rotate(@Param() params: WebhookIdParamDto, @Body() body: RotateWebhookSecretDto): Promise<WebhookEndpointWithSecretDto> {
    return this.endpoints.rotate(params.id, body.grace_hours);
  }

  @Get(':id/deliveries')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "An endpoint's delivery log: every try, newest first, a page at a time (cursor from next_cursor)" })
  @ApiOkResponse({ type: WebhookDeliveryAttemptPageDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such endpoint' })
  deliveries(@Param() params: WebhookIdParamDto, @Query() query: WebhookDeliveryPageQueryDto): Promise<WebhookDeliveryAttemptPageDto> {
    return this.endpoints.deliveries(params.id, query);
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @HttpCode(202)
  @ApiOperation({ summary: "Send a delivery's event to the endpoint again (the same webhook-id), as a new delivery" })
  @ApiAcceptedResponse({ type: WebhookQueuedDto, description: 'queued: it shows in the delivery log once tried' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such endpoint, or no such delivery of it' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the endpoint is disabled' })
  resend(@Param() params: WebhookDeliveryParamDto): Promise<WebhookQueuedDto> {
    return this.endpoints.resend(params.id, params.deliveryId);
  }

  @Post(':id/test')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send a webhook.test event to this endpoint only, signed like every delivery' })
  @ApiAcceptedResponse({ type: WebhookQueuedDto, description: 'queued: it shows in the delivery log once tried' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such endpoint' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the endpoint is disabled' })
  test(@Param() params: WebhookIdParamDto): Promise<WebhookQueuedDto> {
    return this.endpoints.sendTest(params.id);
  }
}
