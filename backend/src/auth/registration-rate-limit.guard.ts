import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { requestNetwork } from '../rate-limits/client-network.js';
import { RateLimiter } from '../rate-limits/rate-limiter.service.js';
import { TooManyRequests, waitText } from '../rate-limits/too-many-requests.js';

/**
 * New accounts per client network (an IPv4 address, an IPv6 /64) per hour, REGISTRATIONS_PER_HOUR
 * (default 20: a practice's whole team, not a script's thousand), counted before the account is
 * made, shared by every instance. Past it: 429 with Retry-After.
 */
@Injectable()
export class RegistrationRateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'rateLimits'>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const { ipv6Prefix, registrationsPerHour } = this.config.rateLimits;
    const net = requestNetwork(req, ipv6Prefix);
    const verdict = await this.limiter.consume([{ key: `register:net:${net}`, limit: registrationsPerHour, windowSeconds: 60 * 60, kind: 'window' }]);
    if (verdict.allowed) return true;
    throw new TooManyRequests(`Too many accounts registered from this address; try again in ${waitText(verdict.retryAfterSeconds)}`, verdict.retryAfterSeconds);
  }
}
