import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ApiKeyScope } from '../api-keys/api-key-scope.decorator.js';
import { AdminGuard } from '../auth/guards.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { PracticeIdParamDto } from '../practices/dto/practice.dto.js';
import {
  AdminPracticeDetailDto,
  AdminPracticeInvoicesDto,
  AdminPracticeListQueryDto,
  AdminPracticeListResponseDto,
  AdminPracticeOrdersDto,
  AdminPracticePageQueryDto,
} from './admin-practices.dto.js';
import { AdminPracticesService } from './admin-practices.service.js';

@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/practices')
@UseGuards(AdminGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin (or, on POST, a foreign Origin)' })
@ApiBadRequestResponse({ type: ApiErrorDto, description: 'a parameter is invalid (named in the message)' })
export class AdminPracticesController {
  constructor(private readonly practices: AdminPracticesService) {}

  @Get()
  @ApiKeyScope('customers:read')
  @ApiOperation({ summary: 'Practices with their people, owners, payment terms, credit limit, open balance and status: search by name or member email, sort, one page' })
  @ApiOkResponse({ type: AdminPracticeListResponseDto })
  list(@Query() query: AdminPracticeListQueryDto): Promise<AdminPracticeListResponseDto> {
    return this.practices.list(query);
  }

  @Get(':id')
  @ApiKeyScope('customers:read')
  @ApiOperation({ summary: 'One practice with its people (up to 100: name, email, role, status)' })
  @ApiOkResponse({ type: AdminPracticeDetailDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such practice' })
  get(@Param() params: PracticeIdParamDto): Promise<AdminPracticeDetailDto> {
    return this.practices.get(params.id);
  }

  @Get(':id/orders')
  @ApiKeyScope('customers:read')
  @ApiOperation({ summary: "A practice's orders, newest first, one page, each with the member who placed it" })
  @ApiOkResponse({ type: AdminPracticeOrdersDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such practice' })
  orders(@Param() params: PracticeIdParamDto, @Query() query: AdminPracticePageQueryDto): Promise<AdminPracticeOrdersDto> {
    return this.practices.orders(params.id, query);
  }

  @Get(':id/invoices')
  @ApiKeyScope('customers:read')
  @ApiOperation({ summary: "A practice's invoices (its orders on invoice terms), the latest due date first, one page: due date, paid, unpaid, overdue or cancelled" })
  @ApiOkResponse({ type: AdminPracticeInvoicesDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such practice' })
  invoices(@Param() params: PracticeIdParamDto, @Query() query: AdminPracticePageQueryDto): Promise<AdminPracticeInvoicesDto> {
    return this.practices.invoices(params.id, query);
  }

  @Post(':id/disable')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Disable a practice and its people: none of them can sign in, and every session they hold ends at once; the practice and its records are kept',
  })
  @ApiOkResponse({ type: AdminPracticeDetailDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such practice' })
  disable(@Param() params: PracticeIdParamDto): Promise<AdminPracticeDetailDto> {
    return this.practices.disable(params.id);
  }

  @Post(':id/enable')
  @HttpCode(200)
  @ApiOperation({ summary: "Enable a disabled practice and the people its disabling turned off (people disabled on their own stay disabled)" })
  @ApiOkResponse({ type: AdminPracticeDetailDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such practice' })
  enable(@Param() params: PracticeIdParamDto): Promise<AdminPracticeDetailDto> {
    return this.practices.enable(params.id);
  }
}
