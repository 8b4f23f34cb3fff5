import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ANALYTICS_LIMITS, LIMITS, PARTNER_CLICKS_ROUTE } from '@dentalmarket/contracts';
import { pageOf } from './beacon-bodies.middleware.js';
import { ClickRateLimit } from './click-rate-limit.guard.js';
import type { PartnerClickDto } from './dto/partner-click.dto.js';
import { PartnerClicksService } from './partner-clicks.service.js';

const PATH = PARTNER_CLICKS_ROUTE.replace(/^\/api/, '');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A shop page as the route takes it: a path (one leading /) and query of printable ASCII. */
const PAGE = /^\/(?![/\\])[\x20-\x7e]*$/;
const FIELDS = new Set(['productId', 'clickId', 'from']);

/** The click a well-formed report names, or null for anything else (left to the documented route). */
function wellFormed(req: Request): PartnerClickDto | null {
  let fields: Record<string, unknown>;
  if (typeof req.body === 'string' && req.is('text/plain')) {
    try {
      fields = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return null;
    }
  } else if (req.is('text/ping') || (req.body === undefined && !req.headers['content-type'])) {
    const { productId, clickId, from } = req.query;
    fields = { productId: typeof productId === 'string' && /^[1-9]\d{0,9}$/.test(productId) ? Number(productId) : productId, clickId, from };
    for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
  } else if (req.is('application/json') && req.body !== null && typeof req.body === 'object') {
    fields = req.body as Record<string, unknown>;
  } else {
    return null;
  }
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields) || Object.keys(fields).some((key) => !FIELDS.has(key))) return null;
  const { productId, clickId, from } = fields;
  if (!Number.isInteger(productId) || (productId as number) < 1 || (productId as number) > LIMITS.idMax) return null;
  if (clickId !== undefined && (typeof clickId !== 'string' || !UUID.test(clickId))) return null;
  if (from !== undefined && (typeof from !== 'string' || from.length > ANALYTICS_LIMITS.fromMax || !PAGE.test(from))) return null;
  const page = from ?? pageOf(req.get('ping-from')) ?? pageOf(req.get('referer'));
  return { productId: productId as number, ...(clickId !== undefined ? { clickId: clickId as string } : {}), ...(page !== undefined ? { from: page } : {}) };
}

/**
 * POST /api/partner-clicks without Nest's per-request machinery (route lookup, guards, pipes,
 * interceptors): the shop's busiest write, a beacon per click. Mounted after the origin and
 * content-type checks and before the sessions (a beacon needs none). A report that is well formed
 * and within the rate limit is recorded and answered 204 here; anything else (a malformed field, an
 * unknown one, a refused rate) goes on to the documented Nest route (PartnerClicksController),
 * which answers it with its named 400 or its 429, so every refusal reads the same either way.
 */
export function partnerClickFastPath(clicks: PartnerClicksService, limit: ClickRateLimit): RequestHandler {
  const text = express.text({ type: ['text/plain', 'text/ping'], limit: '4kb' });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || req.path !== PATH) return next();
    text(req, res, (error?: unknown) => {
      if (error) return next(error);
      const click = wellFormed(req);
      if (!click) return next();
      // over the limit: the guard reads the same verdict and answers the 429 with its Retry-After
      limit.check(req).then(
        (verdict) => {
          if (!verdict.allowed) return next();
          clicks.record(click, { address: req.ip ?? req.socket.remoteAddress ?? 'unknown', userAgent: req.get('user-agent') });
          res.status(204).end();
        },
        next,
      );
    });
  };
}
