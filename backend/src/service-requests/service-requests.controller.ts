import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiKeyScope } from '../api-keys/api-key-scope.decorator.js';
import { AdminActor } from '../auth/admin-actor.decorator.js';
import { AdminGuard, AuthenticatedGuard } from '../auth/guards.js';
import type { User } from '../auth/user.entity.js';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { ServiceRequestRateLimitGuard } from './service-request-rate-limit.guard.js';
import {
  AdminServiceRequestListQueryDto,
  ServiceRequestCreateDto,
  ServiceRequestDto,
  ServiceRequestListResponseDto,
  ServiceRequestNumberParamDto,
  ServiceRequestPageQueryDto,
  ServiceRequestStatusChangeDto,
} from './service-requests.dto.js';
import { ServiceRequestsService } from './service-requests.service.js';

/** A shopper's service requests: anyone may send one; a signed-in shopper sees their own. */
@ApiTags('service requests')
@Controller('service-requests')
export class ServiceRequestsController {
  constructor(private readonly requests: ServiceRequestsService) {}

  @Post()
  @UseGuards(ServiceRequestRateLimitGuard)
  @ApiOperation({ summary: "Request a service product ('Request Service'): the supplier is emailed, and the requester gets a confirmation" })
  @ApiBodyExample(ServiceRequestCreateDto, {
    product_id: 12,
    practice_name: 'Harbour Dental Practice',
    contact_name: 'Dr. Jane Smith',
    email: 'jane.smith@example.com',
    phone: '+1 503 555 0100',
    preferred_date: '2026-12-15',
    message: 'Two surgeries, mornings preferred.',
  })
  @ApiCreatedResponse({ type: ServiceRequestDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is missing or invalid (the message names it)' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such product' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the product is not a service' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'too many requests from this address; Retry-After says when to try again' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'Origin is not this site or an allowed origin' })
  create(@Body() body: ServiceRequestCreateDto, @Req() request: Request): Promise<ServiceRequestDto> {
    return this.requests.create(body, request.user as User | undefined);
  }

  @Get()
  @UseGuards(AuthenticatedGuard)
  @ApiCookieAuth()
  @ApiOperation({ summary: "The signed-in shopper's service requests, newest first" })
  @ApiOkResponse({ type: ServiceRequestListResponseDto })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
  listMine(@Query() query: ServiceRequestPageQueryDto, @Req() request: Request): Promise<ServiceRequestListResponseDto> {
    return this.requests.listMine(request.user as User, query);
  }

  @Get(':number')
  @UseGuards(AuthenticatedGuard)
  @ApiCookieAuth()
  @ApiOperation({ summary: "One of the signed-in shopper's service requests, with its history" })
  @ApiOkResponse({ type: ServiceRequestDto })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "no such request among the shopper's own" })
  getMine(@Param() params: ServiceRequestNumberParamDto, @Req() request: Request): Promise<ServiceRequestDto> {
    return this.requests.getMine(request.user as User, params.number);
  }
}

@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/service-requests')
@UseGuards(AdminGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin (or, on POST, a foreign Origin)' })
export class AdminServiceRequestsController {
  constructor(private readonly requests: ServiceRequestsService) {}

  @Get()
  @ApiKeyScope('orders:read')
  @ApiOperation({ summary: 'All service requests: search, filter by status, sort, one page' })
  @ApiOkResponse({ type: ServiceRequestListResponseDto })
  list(@Query() query: AdminServiceRequestListQueryDto): Promise<ServiceRequestListResponseDto> {
    return this.requests.list(query);
  }

  @Get(':number')
  @ApiKeyScope('orders:read')
  @ApiOperation({ summary: 'One service request with its history' })
  @ApiOkResponse({ type: ServiceRequestDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such request' })
  get(@Param() params: ServiceRequestNumberParamDto): Promise<ServiceRequestDto> {
    return this.requests.get(params.number);
  }

  @Post(':number/status')
  @ApiKeyScope('orders:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move a request along its workflow (new → contacted → quoted → won, or lost before it is won); the requester is emailed' })
  @ApiBodyExample(ServiceRequestStatusChangeDto, { status: 'quoted', amount: '1200.00', note: 'Includes two visits and materials.' })
  @ApiOkResponse({ type: ServiceRequestDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'no amount for a quote, or an amount with another status' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such request' })
  @ApiConflictResponse({ type: ApiErrorDto, description: "the change is not allowed from the request's status (the message says which are)" })
  changeStatus(@Param() params: ServiceRequestNumberParamDto, @Body() body: ServiceRequestStatusChangeDto, @AdminActor() actor: string): Promise<ServiceRequestDto> {
    return this.requests.changeStatus(params.number, body, actor);
  }
}
