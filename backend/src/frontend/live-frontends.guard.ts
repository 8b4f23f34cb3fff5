import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AdminGuard } from '../auth/guards.js';

/**
 * `/api/mf-manifest?include=live` tells which commit each frontend runs and the versions of what it
 * shares: an admin's (401 signed out, 403 for a shopper). The plain answer, which the shell asks for
 * on every page, stays public, and any other `include` goes on to validation (400).
 */
@Injectable()
export class LiveFrontendsGuard implements CanActivate {
  constructor(private readonly admin: AdminGuard) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const { query } = context.switchToHttp().getRequest<Request>();
    // an array (?include=live&include=live) is refused by validation, but only after this
    const asksLive = [query.include].flat().includes('live');
    return !asksLive || this.admin.canActivate(context);
  }
}
