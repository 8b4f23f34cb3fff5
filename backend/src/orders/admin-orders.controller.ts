import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiKeyScope } from '../api-keys/api-key-scope.decorator.js';
import { AdminActor } from '../auth/admin-actor.decorator.js';
import { AdminGuard } from '../auth/guards.js';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { AdminOrdersService } from './admin-orders.service.js';
import { OrderDto, OrderListResponseDto, OrderStatsDto } from './dto/order.dto.js';
import { AdminOrderListQueryDto, OrderNumberParamDto, OrderStatusChangeDto } from './dto/order-requests.dto.js';

@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/orders')
@UseGuards(AdminGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin (or, on POST, a foreign Origin)' })
export class AdminOrdersController {
  constructor(private readonly orders: AdminOrdersService) {}

  @Get()
  @ApiKeyScope('orders:read')
  @ApiOperation({ summary: 'All orders: search, filter by status and dates, sort, one page' })
  @ApiOkResponse({ type: OrderListResponseDto })
  list(@Query() query: AdminOrderListQueryDto): Promise<OrderListResponseDto> {
    return this.orders.list(query);
  }

  @Get('stats')
  @ApiKeyScope('orders:read')
  @ApiOperation({ summary: "The dashboard's figures: orders today, revenue this month, best sellers of 30 days" })
  @ApiOkResponse({ type: OrderStatsDto })
  stats(): Promise<OrderStatsDto> {
    return this.orders.stats();
  }

  @Get('export.csv')
  @ApiKeyScope('orders:read')
  @ApiOperation({ summary: 'The filtered orders as CSV, streamed' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'one header row, then one row per order in the grid\'s order; money in dollars with two decimals', schema: { type: 'string', example: 'number,created_at,status,...' } })
  async exportCsv(@Query() query: AdminOrderListQueryDto, @Res() response: Response): Promise<void> {
    await this.orders.exportCsv(query, response);
  }

  @Get(':number')
  @ApiKeyScope('orders:read')
  @ApiOperation({ summary: 'One order with its lines, address, totals and history' })
  @ApiOkResponse({ type: OrderDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such order' })
  get(@Param() params: OrderNumberParamDto): Promise<OrderDto> {
    return this.orders.get(params.number);
  }

  @Post(':number/status')
  @ApiKeyScope('orders:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move an order along its workflow (placed → processing → shipped → delivered, or cancelled with a reason)' })
  @ApiBodyExample(OrderStatusChangeDto, { status: 'shipped', carrier: 'UPS', tracking_number: '1Z999AA10123456784' })
  @ApiOkResponse({ type: OrderDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'no reason for a cancellation, or carrier/tracking number with another status' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such order' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the change is not allowed from the order\'s current status (the message says which are)' })
  changeStatus(@Param() params: OrderNumberParamDto, @Body() body: OrderStatusChangeDto, @AdminActor() actor: string): Promise<OrderDto> {
    return this.orders.changeStatus(params.number, body, actor);
  }
}
