import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthenticatedGuard } from '../auth/guards.js';
import type { User } from '../auth/user.entity.js';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { CREATE_ORDER_EXAMPLE, CreateOrderDto } from './dto/create-order.dto.js';
import { OrderDto, OrderListResponseDto } from './dto/order.dto.js';
import { OrderLookupDto, OrderNumberParamDto, OrderPageQueryDto } from './dto/order-requests.dto.js';
import { OrdersService } from './orders.service.js';

@ApiTags('orders')
@Controller('orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  /** Places an order from the cart lines and the shipping fields; the server prices it. */
  @Post()
  @ApiOperation({ summary: 'Place an order (guest or signed in): priced by the server, confirmed by email' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'a UUID made once per checkout attempt: a retry with it answers the same order (200) instead of making another', schema: { type: 'string', format: 'uuid' } })
  @ApiBodyExample(CreateOrderDto, CREATE_ORDER_EXAMPLE)
  @ApiCreatedResponse({ type: OrderDto, description: 'the new order' })
  @ApiOkResponse({ type: OrderDto, description: 'the order an earlier request with the same Idempotency-Key made' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field breaks the checkout form\'s rules (named in the message), or a field that is not accepted (card fields never are)' })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description: 'some lines cannot be ordered as sent; the body also has `lines`: [{ product_id, problem (not_found | not_equipment | out_of_stock | price_changed), name, current_price }]',
  })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'the Idempotency-Key was used for a different request' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'Origin is not this site or an allowed origin' })
  async place(
    @Body() body: CreateOrderDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrderDto> {
    const { order, created } = await this.orders.place(body, request.user as User | undefined, idempotencyKey);
    response.status(created ? 201 : 200);
    return order;
  }

  /** The signed-in shopper's orders, newest first. */
  @Get()
  @UseGuards(AuthenticatedGuard)
  @ApiCookieAuth()
  @ApiOperation({ summary: "The signed-in shopper's orders, newest first" })
  @ApiOkResponse({ type: OrderListResponseDto })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
  listMine(@Req() request: Request, @Query() query: OrderPageQueryDto): Promise<OrderListResponseDto> {
    return this.orders.listMine(request.user as User, query);
  }

  /** A guest finds an order by its number and the email it was placed with. */
  @Post('lookup')
  @HttpCode(200)
  @ApiOperation({ summary: 'Find an order by its number and email (guests)' })
  @ApiBodyExample(OrderLookupDto, { number: 'DM-7K3QX9', email: 'jane.smith@example.com' })
  @ApiOkResponse({ type: OrderDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no order has this number and email' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'too many failed look-ups (or logins) from this address; the message says when to try again' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'Origin is not this site or an allowed origin' })
  lookup(@Body() body: OrderLookupDto, @Req() request: Request): Promise<OrderDto> {
    return this.orders.lookup(body, request.ip ?? request.socket.remoteAddress ?? 'unknown');
  }

  /** One of the signed-in shopper's own orders; any other number answers 404. */
  @Get(':number')
  @UseGuards(AuthenticatedGuard)
  @ApiCookieAuth()
  @ApiOperation({ summary: "One of the signed-in shopper's orders" })
  @ApiOkResponse({ type: OrderDto })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "no such order among this shopper's (another customer's answers the same)" })
  getMine(@Req() request: Request, @Param() params: OrderNumberParamDto): Promise<OrderDto> {
    return this.orders.getMine(request.user as User, params.number);
  }
}
