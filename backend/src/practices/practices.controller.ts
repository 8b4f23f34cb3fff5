import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { mapUser, UserDto } from '../auth/dto/user.dto.js';
import { AuthenticatedGuard } from '../auth/guards.js';
import { RegistrationRateLimitGuard } from '../auth/registration-rate-limit.guard.js';
import { markSignedIn } from '../auth/session.js';
import type { User } from '../auth/user.entity.js';
import { ApiBodyExample } from '../common/api-body-example.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import {
  InvitationAcceptDto,
  InvitationIdParamDto,
  InvitationPreviewDto,
  InvitationTokenParamDto,
  MemberIdParamDto,
  PracticeDto,
  PracticeInvitationCreateDto,
  PracticeInvitationDto,
  PracticeMemberUpdateDto,
  PracticeUpdateDto,
} from './dto/practice.dto.js';
import { InvitationsService } from './invitations.service.js';
import { PracticesService } from './practices.service.js';

const NOT_OWNER = 'an admin account (practices are for shoppers), a member who is not an owner, or a foreign Origin';

/** The signed-in shopper's practice (issue 36): its details, people and invitations. */
@ApiTags('practice')
@ApiCookieAuth()
@Controller('practice')
@UseGuards(AuthenticatedGuard)
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
export class PracticeController {
  constructor(
    private readonly practices: PracticesService,
    private readonly invitations: InvitationsService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The signed-in shopper's practice: its details, its members with their roles, and the shopper's own role" })
  @ApiOkResponse({ type: PracticeDto })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'an admin account: practices are for shoppers' })
  get(@Req() request: Request): Promise<PracticeDto> {
    return this.practices.get(request.user as User);
  }

  @Patch()
  @ApiOperation({ summary: "Change the practice's name, phone or tax id (owners)" })
  @ApiBodyExample(PracticeUpdateDto, { name: 'Harbour Dental Practice', phone: '+1 503 555 0100', tax_id: '12-3456789' })
  @ApiOkResponse({ type: PracticeDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is invalid (named in the message)' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_OWNER })
  update(@Req() request: Request, @Body() body: PracticeUpdateDto): Promise<PracticeDto> {
    return this.practices.update(request.user as User, body);
  }

  @Get('invitations')
  @ApiOperation({ summary: "The practice's open invitations, pending or expired, newest first (owners)" })
  @ApiOkResponse({ type: [PracticeInvitationDto] })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_OWNER })
  listInvitations(@Req() request: Request): Promise<PracticeInvitationDto[]> {
    return this.invitations.list(request.user as User);
  }

  @Post('invitations')
  @ApiOperation({ summary: 'Invite someone by email with a role (owners): they are emailed a link that works once, for 7 days' })
  @ApiBodyExample(PracticeInvitationCreateDto, { email: 'assistant@harbour.example', role: 'assistant' })
  @ApiCreatedResponse({ type: PracticeInvitationDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is invalid (named in the message)' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_OWNER })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the address is a member already, or has a pending invitation' })
  invite(@Req() request: Request, @Body() body: PracticeInvitationCreateDto): Promise<PracticeInvitationDto> {
    return this.invitations.create(request.user as User, body);
  }

  @Post('invitations/:id/resend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Email an invitation again with a new link, valid 7 days from now; the earlier link stops working (owners)' })
  @ApiOkResponse({ type: PracticeInvitationDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'id is not a UUID' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_OWNER })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "no open invitation with this id in the shopper's practice (another practice's answers the same)" })
  resend(@Req() request: Request, @Param() params: InvitationIdParamDto): Promise<PracticeInvitationDto> {
    return this.invitations.resend(request.user as User, params.id);
  }

  @Delete('invitations/:id')
  @HttpCode(204)
  @ApiOperation({ summary: "Revoke an invitation: its link stops working (owners)" })
  @ApiNoContentResponse({ description: 'revoked' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'id is not a UUID' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_OWNER })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "no open invitation with this id in the shopper's practice (another practice's answers the same)" })
  async revoke(@Req() request: Request, @Param() params: InvitationIdParamDto): Promise<void> {
    await this.invitations.revoke(request.user as User, params.id);
  }

  @Patch('members/:userId')
  @ApiOperation({ summary: "Change a member's role (owners); the last owner cannot be demoted" })
  @ApiBodyExample(PracticeMemberUpdateDto, { role: 'purchaser' })
  @ApiOkResponse({ type: PracticeDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'userId or role is invalid' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: NOT_OWNER })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "no such member in the shopper's practice" })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the last owner cannot be demoted' })
  changeRole(@Req() request: Request, @Param() params: MemberIdParamDto, @Body() body: PracticeMemberUpdateDto): Promise<PracticeDto> {
    return this.practices.changeRole(request.user as User, params.userId, body.role);
  }

  @Delete('members/:userId')
  @HttpCode(204)
  @ApiOperation({
    summary:
      "Remove a member (owners), or leave the practice (your own id). The person keeps the account, which becomes the owner of a new practice of its own; the orders stay with this practice. The last owner can do neither",
  })
  @ApiNoContentResponse({ description: 'removed' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'userId is not an account id' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'removing someone else without being an owner, an admin account, or a foreign Origin' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "no such member in the shopper's practice" })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'the last owner cannot leave or be removed' })
  async remove(@Req() request: Request, @Param() params: MemberIdParamDto): Promise<void> {
    await this.practices.remove(request.user as User, params.userId);
  }
}

function logIn(request: Request, user: User): Promise<void> {
  return new Promise((resolve, reject) => request.logIn(user, (error) => (error ? reject(error) : resolve())));
}

/** An invitation's link (issue 36): what it offers, and accepting it. */
@ApiTags('practice')
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get(':token')
  @ApiOperation({ summary: "What an invitation's link offers (practice, role, address) and whether it can still be accepted" })
  @ApiOkResponse({ type: InvitationPreviewDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: "not an invitation link's token" })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no invitation has this token (a wrong link, or one a newer email replaced)' })
  preview(@Param() params: InvitationTokenParamDto): Promise<InvitationPreviewDto> {
    return this.invitations.preview(params.token);
  }

  @Post(':token/accept')
  @HttpCode(200)
  @UseGuards(RegistrationRateLimitGuard)
  @ApiOperation({
    summary:
      'Accept an invitation. Signed out: creates the account (username and password as registration checks them; the email is the invitation\'s) in the practice and signs it in. Signed in: the account joins the practice',
  })
  @ApiBodyExample(InvitationAcceptDto, { username: 'amy.assistant', password: 'a long passphrase', full_name: 'Amy Adams' }, 'signed out; signed in, send {}')
  @ApiOkResponse({ type: UserDto, description: 'the account now in the practice (signed in)' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is missing or invalid (named in the message)' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no invitation has this token' })
  @ApiGoneResponse({ type: ApiErrorDto, description: 'the invitation was used, revoked or has expired (the message says which)' })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description: 'the username or email is taken; or, signed in: already a member, an admin, the last owner of a practice with others, or orders or service requests of another practice',
  })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'too many accounts registered from this network in the last hour' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'Origin is not this site or an allowed origin' })
  async accept(@Param() params: InvitationTokenParamDto, @Body() body: InvitationAcceptDto, @Req() request: Request): Promise<UserDto> {
    const signedIn = request.isAuthenticated?.() ? (request.user as User) : undefined;
    const { user, created } = await this.invitations.accept(params.token, body, signedIn);
    if (created) {
      await logIn(request, user);
      markSignedIn(request);
    }
    return mapUser(user);
  }
}
