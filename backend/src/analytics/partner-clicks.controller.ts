import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { ANALYTICS_LIMITS, LIMITS, PARTNER_CLICKS_ROUTE } from '@dentalmarket/contracts';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { ClickRateLimitGuard } from './click-rate-limit.guard.js';
import { PartnerClickDto } from './dto/partner-click.dto.js';
import { PartnerClicksService } from './partner-clicks.service.js';

@ApiTags('analytics')
@Controller()
export class PartnerClicksController {
  constructor(private readonly clicks: PartnerClicksService) {}

  /**
   * A shopper followed a partner product's 'View Product' link. Answered 204 at once whether the
   * click counts or not (a bot, the second report of one click, a burst from one visitor, or a
   * product that is not a partner product are simply not counted); written within a quarter second.
   */
  @Post(PARTNER_CLICKS_ROUTE.replace(/^\/api\//, ''))
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(ClickRateLimitGuard)
  @ApiOperation({ summary: "Record a click on a partner product's link (navigator.sendBeacon, or the link's ping)" })
  @ApiConsumes('application/json', 'text/plain', 'text/ping')
  @ApiBodyExample(PartnerClickDto, { productId: 12, clickId: '0b8a4c1e-5d0f-4f7a-9a57-3f1c2d4e5b6a', from: '/marketplace?type=affiliate' })
  @ApiQuery({ name: 'productId', required: false, schema: { type: 'integer', minimum: 1, maximum: LIMITS.idMax }, description: 'a ping (Content-Type: text/ping) names the product here' })
  @ApiQuery({ name: 'clickId', required: false, schema: { type: 'string', format: 'uuid' }, description: "a ping's click id: the same as its beacon's" })
  @ApiQuery({ name: 'from', required: false, schema: { type: 'string', maxLength: ANALYTICS_LIMITS.fromMax }, description: "a ping's shop page (path and query)" })
  @ApiNoContentResponse({ description: 'received (counted unless a bot, a repeat of the same click, a burst, or not a partner product)' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is invalid, named in the message (productId, clickId or from)' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'too many reports from this address; Retry-After says when to send again' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'Origin is not this site or an allowed origin' })
  record(@Body() click: PartnerClickDto, @Req() req: Request): void {
    this.clicks.record(click, { address: req.ip ?? req.socket.remoteAddress ?? 'unknown', userAgent: req.get('user-agent') });
  }
}
