import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { requestNetwork } from '../rate-limits/client-network.js';
import { RateLimiter, type Verdict } from '../rate-limits/rate-limiter.service.js';
import { TooManyRequests, waitText } from '../rate-limits/too-many-requests.js';
import { CLICK_LIMITS } from './click-limits.js';

/**
 * At most CLICK_LIMITS.perAddress partner-click reports per client network (an IPv4 address, an
 * IPv6 /64, as TRUST_PROXY makes the address: the proxy's client, not the proxy) in each window,
 * counted in the shared rate limiter, so every instance sees the same count. Clicks are buffered
 * and written later, so while the database is away each instance counts in its own memory rather
 * than refusing them. A request is counted once, by the route's fast path
 * (partner-click-fast-path.ts) or its guard, whichever asks first.
 */
@Injectable()
export class ClickRateLimit {
  private readonly verdicts = new WeakMap<Request, Promise<Verdict>>();

  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'rateLimits'>,
  ) {}

  check(req: Request): Promise<Verdict> {
    let verdict = this.verdicts.get(req);
    if (!verdict) {
      const net = requestNetwork(req, this.config.rateLimits.ipv6Prefix);
      verdict = this.limiter.consumeOrCountLocally([{ key: `partner-clicks:net:${net}`, limit: CLICK_LIMITS.perAddress, windowSeconds: CLICK_LIMITS.rateWindowMs / 1000, kind: 'window' }]);
      this.verdicts.set(req, verdict);
    }
    return verdict;
  }
}

/** More than the limit answer 429 with Retry-After, before anything else is done with them. */
@Injectable()
export class ClickRateLimitGuard implements CanActivate {
  constructor(private readonly limit: ClickRateLimit) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const verdict = await this.limit.check(context.switchToHttp().getRequest<Request>());
    if (verdict.allowed) return true;
    throw new TooManyRequests(`Too many partner clicks from this address; try again in ${waitText(verdict.retryAfterSeconds)}`, verdict.retryAfterSeconds);
  }
}
