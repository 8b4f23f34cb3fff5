import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CLICK_LIMITS } from './click-limits.js';
import { clientAddress } from './visitor-hash.js';
import { WindowCounter } from './windows.js';

/**
 * At most CLICK_LIMITS.perAddress partner-click reports per client address (as TRUST_PROXY makes
 * it: the proxy's client, not the proxy) in each window. In memory: one instance's own count,
 * shared by the route's fast path (partner-click-fast-path.ts) and its guard.
 */
@Injectable()
export class ClickRateLimit {
  private readonly counter = new WindowCounter(CLICK_LIMITS.perAddress, CLICK_LIMITS.rateWindowMs, CLICK_LIMITS.maxKeys);

  /** Counts the request: whether its address is within the limit. */
  allow(req: Request, now = Date.now()): boolean {
    return this.counter.hit(clientAddress(req.ip ?? req.socket.remoteAddress ?? 'unknown'), now);
  }

  secondsLeft(now = Date.now()): number {
    return this.counter.secondsLeft(now);
  }
}

/** More than the limit answer 429 with Retry-After, before anything else is done with them. */
@Injectable()
export class ClickRateLimitGuard implements CanActivate {
  constructor(private readonly limit: ClickRateLimit) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const now = Date.now();
    if (this.limit.allow(req, now)) return true;
    const seconds = this.limit.secondsLeft(now);
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(seconds));
    throw new HttpException(`Too many partner clicks from this address; try again in ${seconds} second${seconds === 1 ? '' : 's'}`, HttpStatus.TOO_MANY_REQUESTS);
  }
}
