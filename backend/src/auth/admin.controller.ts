import { Controller, Get, Req, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse, ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { mapUser, UserDto } from './dto/user.dto.js';
import { AdminGuard } from './guards.js';
import type { User } from './user.entity.js';

/** The admin area's session check: lets the admin remote confirm server-side access. */
@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin')
@UseGuards(AdminGuard)
export class AdminSessionController {
  @Get('session')
  @ApiOperation({ summary: 'Confirm that the session is an admin session' })
  @ApiOkResponse({ type: UserDto })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin' })
  session(@Req() request: Request): UserDto {
    return mapUser(request.user as User);
  }
}
