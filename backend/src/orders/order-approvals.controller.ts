import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { AuthenticatedGuard } from '../auth/guards.js';
import type { User } from '../auth/user.entity.js';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { OrderDto, OrderListResponseDto } from './dto/order.dto.js';
import { OrderDeclineDto, OrderNumberParamDto, OrderPageQueryDto } from './dto/order-requests.dto.js';
import { OrderApprovalsService } from './order-approvals.service.js';

const NOT_OWNER = 'a member of the practice who is not an owner, an admin account (practices are for shoppers), or a foreign Origin';
const NOT_FOUND = "no such order in the shopper's practice (another practice's answers the same)";

/** The owners' list of orders awaiting approval (issue 36), on the Practice page. */
@ApiTags('practice')
@ApiCookieAuth()
@Controller('practice')
@UseGuards(AuthenticatedGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
export class PracticeApprovalsController {
  constructor(private readonly approvals: OrderApprovalsService) {}

  @Get('approvals')
  @ApiOperation({ summary: "The practice's orders awaiting an owner's approval, newest first (owners)" })
  @ApiOkResponse({ type: OrderListResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'page or limit is invalid' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_OWNER })
  list(@Req() request: Request, @Query() query: OrderPageQueryDto): Promise<OrderListResponseDto> {
    return this.approvals.list(request.user as User, query);
  }
}

/** An owner approves or declines an order a member submitted (issue 36). */
@ApiTags('orders')
@ApiCookieAuth()
@Controller('orders')
@UseGuards(AuthenticatedGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
export class OrderApprovalsController {
  constructor(private readonly approvals: OrderApprovalsService) {}

  @Post(':number/approve')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Approve an order awaiting approval (owners): it is placed now, with its confirmation email and order.placed webhook. Its lines are rechecked against the catalogue (prices are not held)',
  })
  @ApiOkResponse({ type: OrderDto, description: 'the order, placed' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_OWNER })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: NOT_FOUND })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description: 'the order no longer awaits approval (approved, declined or expired meanwhile); or some lines changed since it was submitted: the body also has `lines`, as a checkout\'s 409',
  })
  approve(@Req() request: Request, @Param() params: OrderNumberParamDto): Promise<OrderDto> {
    return this.approvals.approve(request.user as User, params.number);
  }

  @Post(':number/decline')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline an order awaiting approval with a reason (owners): it is not placed; the member who submitted it is emailed the reason' })
  @ApiBodyExample(OrderDeclineDto, { reason: 'We ordered these last week; wait for the next month' })
  @ApiOkResponse({ type: OrderDto, description: 'the order, declined' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'the reason is missing, empty or too long' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_OWNER })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the order no longer awaits approval' })
  decline(@Req() request: Request, @Param() params: OrderNumberParamDto, @Body() body: OrderDeclineDto): Promise<OrderDto> {
    return this.approvals.decline(request.user as User, params.number, body.reason);
  }
}
