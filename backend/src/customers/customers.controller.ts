import { Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import {
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
import { ApiKeyScope } from '../api-keys/api-key-scope.decorator.js';
import { AdminGuard } from '../auth/guards.js';
import type { User } from '../auth/user.entity.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { CustomerDetailDto, CustomerIdParamDto, CustomerListQueryDto, CustomerListResponseDto } from './customers.dto.js';
import { CustomersService } from './customers.service.js';

@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/customers')
@UseGuards(AdminGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin (or, on POST, a foreign Origin)' })
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Get()
  @ApiKeyScope('customers:read')
  @ApiOperation({ summary: 'Accounts with their orders, total spent and last order: search, role, sort, one page' })
  @ApiOkResponse({ type: CustomerListResponseDto })
  list(@Query() query: CustomerListQueryDto): Promise<CustomerListResponseDto> {
    return this.customers.list(query);
  }

  @Get(':id')
  @ApiKeyScope('customers:read')
  @ApiOperation({ summary: 'One account with its 10 newest orders' })
  @ApiOkResponse({ type: CustomerDetailDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such account' })
  get(@Param() params: CustomerIdParamDto): Promise<CustomerDetailDto> {
    return this.customers.get(params.id);
  }

  @Post(':id/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Disable an account: it cannot sign in, and every session it holds ends at once' })
  @ApiOkResponse({ type: CustomerDetailDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such account' })
  @ApiConflictResponse({ type: ApiErrorDto, description: "the admin's own account, or the last enabled admin" })
  disable(@Param() params: CustomerIdParamDto, @Req() request: Request): Promise<CustomerDetailDto> {
    return this.customers.disable(params.id, request.user as User);
  }

  @Post(':id/enable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Enable a disabled account again' })
  @ApiOkResponse({ type: CustomerDetailDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such account' })
  @ApiConflictResponse({ type: ApiErrorDto, description: "the account's practice is disabled: enable the practice (POST /api/admin/practices/{id}/enable)" })
  enable(@Param() params: CustomerIdParamDto): Promise<CustomerDetailDto> {
    return this.customers.enable(params.id);
  }
}
