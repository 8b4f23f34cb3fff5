import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { clientAddress } from '../analytics/visitor-hash.js';
import { WindowCounter } from '../analytics/windows.js';

/** New service requests per client address per 10 minutes (a practice sends a few, a script many). */
const PER_ADDRESS = 10;
const WINDOW_MS = 10 * 60_000;

/** 429 with Retry-After past PER_ADDRESS new requests from one address in a window (per API instance). */
@Injectable()
export class ServiceRequestRateLimitGuard implements CanActivate {
  private readonly counter = new WindowCounter(PER_ADDRESS, WINDOW_MS, 100_000);

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const now = Date.now();
    if (this.counter.hit(clientAddress(req.ip ?? req.socket.remoteAddress ?? 'unknown'), now)) return true;
    const seconds = this.counter.secondsLeft(now);
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(seconds));
    throw new HttpException(`Too many service requests from this address; try again in ${Math.ceil(seconds / 60)} minute${seconds <= 60 ? '' : 's'}`, HttpStatus.TOO_MANY_REQUESTS);
  }
}
