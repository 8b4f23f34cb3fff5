import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { LoginDto } from './dto/login.dto.js';
import { RegisterDto } from './dto/register.dto.js';
import { mapUser, UserDto } from './dto/user.dto.js';
import { AuthenticatedGuard, LocalAuthGuard } from './guards.js';
import { RegistrationRateLimitGuard } from './registration-rate-limit.guard.js';
import { markSignedIn, SESSION_COOKIE } from './session.js';
import type { User } from './user.entity.js';
import { UsersService } from './users.service.js';
import { ApiBodyExample } from '../common/api-body-example.js';

class MessageDto {
  @ApiProperty({ example: 'Logged out' })
  message: string;
}

function logIn(request: Request, user: User): Promise<void> {
  return new Promise((resolve, reject) => request.logIn(user, (error) => (error ? reject(error) : resolve())));
}

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly users: UsersService) {}

  /** The signed-in user. */
  @Get('me')
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiCookieAuth()
  @UseGuards(AuthenticatedGuard)
  @ApiOkResponse({ type: UserDto })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
  me(@Req() request: Request): UserDto {
    return mapUser(request.user as User);
  }

  /** The signed-in user, the same answer as /api/me (SPEC §7 names both). */
  @Get('user')
  @UseGuards(AuthenticatedGuard)
  @ApiCookieAuth()
  @ApiOperation({ summary: 'The signed-in user (same as GET /api/me)' })
  @ApiOkResponse({ type: UserDto })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'no session' })
  user(@Req() request: Request): UserDto {
    return mapUser(request.user as User);
  }

  /** Signs in with username and password; the session id is regenerated. */
  @Post('login')
  @ApiOperation({ summary: 'Sign in with username and password' })
  @HttpCode(200)
  @UseGuards(LocalAuthGuard)
  @ApiBodyExample(LoginDto, { username: 'dr.smith', password: 'DentalDemo!2026' })
  @ApiOkResponse({ type: UserDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'Invalid username or password' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'too many failed attempts from this address (for this username); the message says when to try again' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'Origin is not this site or an allowed origin' })
  login(@Req() request: Request): UserDto {
    markSignedIn(request);
    return mapUser(request.user as User);
  }

  /** Creates a customer account and signs it in. */
  @Post('register')
  @UseGuards(RegistrationRateLimitGuard)
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'too many accounts registered from this network in the last hour; Retry-After says when to try again' })
  @ApiBodyExample(RegisterDto, { username: 'dr.jones', email: 'dr.jones@example.com', full_name: 'Dr. Sam Jones', password: 'a long passphrase', practice_name: 'Harbour Dental Practice' })
  @ApiOperation({ summary: 'Create a customer account, and the practice it owns, and sign it in' })
  @ApiCreatedResponse({ type: UserDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'username or email taken (compared without regard to case)' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'Origin is not this site or an allowed origin' })
  async register(@Body() body: RegisterDto, @Req() request: Request): Promise<UserDto> {
    const user = await this.users.registerCustomer({
      username: body.username,
      email: body.email,
      full_name: body.full_name ?? null,
      password: body.password,
      ...(body.practice_name ? { practice: { name: body.practice_name } } : {}),
    });
    await logIn(request, user);
    markSignedIn(request);
    return mapUser(user);
  }

  /** Ends the session (destroyed server-side) and clears the cookie. */
  @Post('logout')
  @ApiOperation({ summary: 'Sign out: end the session and clear its cookie' })
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'Origin is not this site or an allowed origin' })
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<MessageDto> {
    await new Promise<void>((resolve, reject) => request.logout((error) => (error ? reject(error) : resolve())));
    await new Promise<void>((resolve, reject) =>
      request.session ? request.session.destroy((error) => (error ? reject(error) : resolve())) : resolve(),
    );
    response.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'Logged out' };
  }
}
