import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Behind a proxy that terminates TLS, the session and device cookies are marked Secure only when
 * TRUST_PROXY names that proxy (express reads `X-Forwarded-Proto` from trusted proxies alone).
 * Left unset, every cookie of an HTTPS shop would go out without Secure, silently: the first request
 * that says it came over HTTPS through a proxy we do not trust is logged once, naming the fix.
 */
export function warnOnUntrustedTlsProxy(logger = new Logger('Cookies')): RequestHandler {
  let warned = false;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!warned && !req.secure && req.headers['x-forwarded-proto'] === 'https') {
      warned = true;
      logger.warn(
        'A request came over HTTPS through a proxy that TRUST_PROXY does not name: cookies are not marked Secure. ' +
          'Set TRUST_PROXY to the proxy in front of the API (its address, hop count, or loopback/uniquelocal).',
      );
    }
    next();
  };
}
