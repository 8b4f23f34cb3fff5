import {
  BadRequestException,
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Request } from 'express';
import { LoginDto } from './dto/login.dto.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import type { User } from './user.entity.js';

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

/** 401 without a session, 403 for a signed-in non-admin. On every /api/admin route. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = requestOf(context);
    if (!request.isAuthenticated?.()) throw new UnauthorizedException();
    if ((request.user as User).role !== 'admin') throw new ForbiddenException('Admin access required');
    return true;
  }
}

/**
 * Validates the login body (guards run before pipes), checks the credentials with passport-local,
 * then starts the session; passport regenerates the session id on login.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  constructor(private readonly limiter: LoginRateLimiter) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = requestOf(context);
    const body = plainToInstance(LoginDto, request.body ?? {});
    const errors = await validate(body, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) {
      throw new BadRequestException(errors.flatMap((e) => Object.values(e.constraints ?? {})));
    }
    const key = `${request.ip}|${body.username.toLowerCase()}`;
    this.limiter.assertAllowed(key);
    let result: boolean;
    try {
      result = (await super.canActivate(context)) as boolean;
    } catch (error) {
      if (error instanceof UnauthorizedException) this.limiter.recordFailure(key);
      throw error;
    }
    this.limiter.reset(key);
    await super.logIn(request);
    return result;
  }
}
