import { Body, Controller, Get, Header, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminGuard } from '../auth/guards.js';
import type { User } from '../auth/user.entity.js';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { ApiKeysService } from './api-keys.service.js';
import { ApiKeyDto, ApiKeyWithSecretDto } from './dto/api-key.dto.js';
import { ApiKeyIdParamDto } from './dto/api-key-id-param.dto.js';
import { CreateApiKeyDto } from './dto/create-api-key.dto.js';
import { RollApiKeyDto } from './dto/roll-api-key.dto.js';

/**
 * The admin's API keys. No @ApiKeyScope: only a signed-in admin manages keys, never a key (a leaked
 * key could otherwise make itself more). Every answer is no-store: two of them carry a secret.
 */
@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/api-keys')
@UseGuards(AdminGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session (or an API key that cannot be used)' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin; an API key (keys are managed by a signed-in admin only); or, on POST, a foreign Origin' })
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The API keys, newest first: every key not revoked, and those revoked in the last 90 days (never a secret)' })
  @ApiOkResponse({ type: [ApiKeyDto] })
  list(): Promise<ApiKeyDto[]> {
    return this.keys.list();
  }

  @Post()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Create an API key: its secret is in this answer only' })
  @ApiBodyExample(CreateApiKeyDto, { name: 'ERP stock sync', scopes: ['catalogue:read', 'catalogue:write'], expires_at: '2027-01-31T00:00:00Z' })
  @ApiCreatedResponse({ type: ApiKeyWithSecretDto, description: 'the key and its secret, shown this once: only its hash is kept' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the shop already has as many keys as it may that are not revoked (revoke one first)' })
  create(@Body() body: CreateApiKeyDto, @Req() request: Request): Promise<ApiKeyWithSecretDto> {
    return this.keys.create(body, request.user as User);
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Revoke an API key: it stops working at once, on every instance (revoking it again changes nothing)' })
  @ApiOkResponse({ type: ApiKeyDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such key' })
  revoke(@Param() params: ApiKeyIdParamDto): Promise<ApiKeyDto> {
    return this.keys.revoke(params.id);
  }

  @Post(':id/roll')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Give an API key a new secret; the old one keeps working for grace_hours (0: it stops at once)' })
  @ApiBodyExample(RollApiKeyDto, { grace_hours: 24 }, 'the old secret works for one more day')
  @ApiOkResponse({ type: ApiKeyWithSecretDto, description: 'the key and its new secret, shown this once' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such key' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the key is revoked or expired: create a new one' })
  roll(@Param() params: ApiKeyIdParamDto, @Body() body: RollApiKeyDto): Promise<ApiKeyWithSecretDto> {
    return this.keys.roll(params.id, body.grace_hours);
  }
}
