import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { requestNetwork } from '../rate-limits/client-network.js';
import { type LimitRule, RateLimiter } from '../rate-limits/rate-limiter.service.js';
import { TooManyRequests, waitText } from '../rate-limits/too-many-requests.js';

/** New service requests per client network per 10 minutes (a practice sends a few, a script many). */
const PER_NETWORK = 10;
const WINDOW_SECONDS = 10 * 60;
const HOUR = 60 * 60;
const SHOP_KEY = 'service-requests:guests';

/**
 * Counts every new service request before anything else is done with it (shared by every
 * instance): per client network (an IPv4 address, an IPv6 /64); a guest's also per network and
 * shop-wide per hour (GUEST_REQUESTS_PER_HOUR, GUEST_REQUESTS_SHOP_PER_HOUR), since a guest's request
 * sends an email to an address nobody has verified. Past any of them: 429 with Retry-After.
 */
@Injectable()
export class ServiceRequestRateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'rateLimits'>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const { ipv6Prefix, guestRequestsPerHour, guestRequestsShopPerHour } = this.config.rateLimits;
    const net = requestNetwork(req, ipv6Prefix);
    const rules: LimitRule[] = [{ key: `service-requests:net:${net}`, limit: PER_NETWORK, windowSeconds: WINDOW_SECONDS, kind: 'window' }];
    if (!req.isAuthenticated?.()) {
      rules.push({ key: `service-requests:guest:${net}`, limit: guestRequestsPerHour, windowSeconds: HOUR, kind: 'window' });
      rules.push({ key: SHOP_KEY, limit: guestRequestsShopPerHour, windowSeconds: HOUR, kind: 'window' });
    }
    const verdict = await this.limiter.consume(rules);
    if (verdict.allowed) return true;
    const wait = waitText(verdict.retryAfterSeconds);
    if (verdict.refusedBy.length === 1 && verdict.refusedBy[0] === SHOP_KEY) {
      throw new TooManyRequests(`Too many service requests from guests right now; sign in, or try again in ${wait}`, verdict.retryAfterSeconds);
    }
    throw new TooManyRequests(`Too many service requests from this address; try again in ${wait}`, verdict.retryAfterSeconds);
  }
}
