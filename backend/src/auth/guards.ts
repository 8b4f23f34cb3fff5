import {
  BadRequestException,
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Request, Response } from 'express';
import { CUSTOMER_MESSAGES } from '@dentalmarket/contracts';
import type { ApiKeyScope } from '@dentalmarket/contracts/api-keys';
import { ApiKeyAuthenticator } from '../api-keys/api-key-authenticator.service.js';
import { API_KEY_SCOPE } from '../api-keys/api-key-scope.decorator.js';
import { isKeyedRequest } from '../api-keys/keyed-request.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { issueDeviceCookie, trustedDevice } from './device-cookie.js';
import { LoginDto } from './dto/login.dto.js';
import { LoginThrottle } from './login-throttle.service.js';
import type { User } from './user.entity.js';
import { UsersService } from './users.service.js';

function requestOf(context: ExecutionContext): Request {
  return context.switchToHttp().getRequest<Request>();
}

/** 401 unless the request carries a signed-in session. */
@Injectable()
export class AuthenticatedGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!requestOf(context).isAuthenticated?.()) throw new UnauthorizedException();
    return true;
  }
}

/**
 * On every /api/admin route. A session: 401 without one, 403 for a signed-in non-admin. A request
 * with an API key instead (keyed-request.ts): the key must hold the scope the route names with
 * @ApiKeyScope, and a route naming none needs a signed-in admin (ApiKeyAuthenticator).
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = requestOf(context);
    if (isKeyedRequest(request)) {
      const scope = this.reflector.getAllAndOverride<ApiKeyScope | undefined>(API_KEY_SCOPE, [context.getHandler(), context.getClass()]);
      await this.apiKeys.authorize(request, context.switchToHttp().getResponse<Response>(), scope);
      return true;
    }
    if (!request.isAuthenticated?.()) throw new UnauthorizedException();
    if ((request.user as User).role !== 'admin') throw new ForbiddenException('Admin access required');
    return true;
  }
}

/**
 * Signs in with username and password: validates the body (guards run before pipes), applies the
 * login throttle, checks the credentials and starts the session (passport's req.logIn, which
 * regenerates the session id). The check is this app's own UsersService rather than a strategy
 * registered on passport's process-wide singleton, so it always uses this app's database.
 */
@Injectable()
export class LocalAuthGuard implements CanActivate {
  constructor(
    private readonly throttle: LoginThrottle,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'sessionSecret'>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = requestOf(context);
    const body = plainToInstance(LoginDto, request.body ?? {});
    const errors = await validate(body, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) {
      throw new BadRequestException(errors.flatMap((e) => Object.values(e.constraints ?? {})));
    }
    // the socket's address, or the client's as told by a proxy named in TRUST_PROXY
    const address = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    // the attempt is counted before the password is checked: a burst cannot outrun the count
    const device = trustedDevice(request, this.config.sessionSecret, body.username);
    const ticket = await this.throttle.reserveLogin(address, body.username, device);
    const user = await this.users.verifyCredentials(body.username, body.password);
    if (!user) throw new UnauthorizedException('Invalid username or password');
    await this.throttle.succeeded(ticket);
    // only after the right password: a disabled account is not revealed to someone guessing
    if (user.disabled_at !== null) throw new ForbiddenException(CUSTOMER_MESSAGES.disabledSignIn);
    await new Promise<void>((resolve, reject) => request.logIn(user, (error) => (error ? reject(error) : resolve())));
    issueDeviceCookie(request, context.switchToHttp().getResponse<Response>(), this.config.sessionSecret, user.username);
    return true;
  }
}
