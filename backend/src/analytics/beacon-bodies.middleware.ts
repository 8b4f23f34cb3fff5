import { BadRequestException, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ANALYTICS_LIMITS } from '@dentalmarket/contracts';

/** The page a browser names in Ping-From or Referer, as path and query (what a click records). */
export function pageOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { pathname, search } = new URL(url);
    return `${pathname}${search}`.slice(0, ANALYTICS_LIMITS.fromMax);
  } catch {
    return undefined;
  }
}

/** A query value that is plainly a whole number becomes one; anything else stays as sent, for the DTO to refuse. */
const wholeNumber = (value: unknown) => (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : value);

/**
 * The three forms a browser reports a partner click in, made into the one JSON body the route
 * documents (PartnerClickDto), so the usual validation answers every form alike:
 * - application/json: as parsed;
 * - text/plain (navigator.sendBeacon with a string): its text parsed as JSON;
 * - text/ping (the link's `ping` attribute; the body is the word PING) or no body: the fields
 *   from the query (`?productId=12&clickId=…&from=…`).
 * Without `from`, the page is taken from the Ping-From or Referer header (path and query only).
 * express.text() has read text bodies before this runs.
 */
@Injectable()
export class BeaconBodies implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    let body: unknown = req.body;
    if (typeof body === 'string' && req.is('text/plain') && body.trim() !== '') {
      try {
        body = JSON.parse(body);
      } catch {
        throw new BadRequestException('body must be JSON such as {"productId":12}');
      }
      // an array goes on to the validation pipe, which names it
      if (body === null || typeof body !== 'object') throw new BadRequestException('body must be a JSON object such as {"productId":12}');
    } else if (body === undefined || typeof body === 'string') {
      const { productId, clickId, from } = req.query;
      body = Object.fromEntries(Object.entries({ productId: wholeNumber(productId), clickId, from }).filter(([, value]) => value !== undefined));
    }
    if (body !== null && typeof body === 'object' && !Array.isArray(body) && !('from' in body)) {
      const page = pageOf(req.get('ping-from')) ?? pageOf(req.get('referer'));
      if (page !== undefined) body = { ...body, from: page };
    }
    req.body = body;
    next();
  }
}
