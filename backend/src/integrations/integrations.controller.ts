import { Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiServiceUnavailableResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { IntegrationCall, IntegrationsState, JobQueueState } from '@dentalmarket/contracts';
import { AiService } from '../ai/ai.service.js';
import { AdminGuard } from '../auth/guards.js';
import type { User } from '../auth/user.entity.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { IntegrationsService } from './integrations.service.js';

class IntegrationCallDto implements IntegrationCall {
  @ApiProperty() at: string;
  @ApiProperty() ok: boolean;
  @ApiProperty({ example: 'OK' }) message: string;
  @ApiProperty({ example: 840 }) ms: number;
}
class AiStateDto {
  @ApiProperty() configured: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'openai' }) provider: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'gpt-4o-mini' }) model: string | null;
  @ApiProperty({ type: String, nullable: true }) base_url: string | null;
  @ApiProperty({ description: 'whether a key is configured; the key itself is never sent' }) api_key_set: boolean;
  @ApiPropertyOptional({ type: IntegrationCallDto, nullable: true }) last_call: IntegrationCallDto | null;
}
class EmailStateDto {
  @ApiProperty({ enum: ['smtp', 'file'] }) transport: 'smtp' | 'file';
  @ApiProperty({ example: 'smtp://mail.example.com:587', description: 'the SMTP server without user or password, or the directory of .eml files' }) target: string;
  @ApiProperty() credentials_set: boolean;
  @ApiProperty() from: string;
  @ApiProperty() queue_depth: number;
  @ApiPropertyOptional({ type: IntegrationCallDto, nullable: true }) last_error: IntegrationCallDto | null;
  @ApiPropertyOptional({ type: IntegrationCallDto, nullable: true }) last_send: IntegrationCallDto | null;
}
class JobQueueStateDto implements JobQueueState {
  @ApiProperty({ example: 'order-email' }) name: string;
  @ApiProperty() waiting: number;
  @ApiProperty() active: number;
  @ApiProperty() failed: number;
  @ApiProperty() retrying: number;
}
class IntegrationsStateDto implements IntegrationsState {
  @ApiProperty({ type: AiStateDto }) ai: AiStateDto;
  @ApiProperty({ type: EmailStateDto }) email: EmailStateDto;
  @ApiProperty({ type: [JobQueueStateDto] }) jobs: JobQueueStateDto[];
}

@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/integrations')
@UseGuards(AdminGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'signed in, but not an admin (or, on POST, a foreign Origin)' })
export class IntegrationsController {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly ai: AiService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The AI provider, email and job queue: configuration (secrets only as set or not), last calls, queue figures' })
  @ApiOkResponse({ type: IntegrationsStateDto })
  state(): Promise<IntegrationsState> {
    return this.integrations.state();
  }

  @Post('ai/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask the AI provider for one word: its outcome (ok or the error), and the time it took' })
  @ApiOkResponse({ type: IntegrationCallDto })
  @ApiServiceUnavailableResponse({ type: ApiErrorDto, description: 'no AI provider is configured (the message says which variables to set)' })
  testAi(): Promise<IntegrationCall> {
    return this.ai.test();
  }

  @Post('email/test')
  @HttpCode(200)
  @ApiOperation({ summary: "Send a test email to the signed-in admin's address now: its outcome" })
  @ApiOkResponse({ type: IntegrationCallDto })
  testEmail(@Req() request: Request): Promise<IntegrationCall> {
    return this.integrations.testEmail(request.user as User);
  }
}
