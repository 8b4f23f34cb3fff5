import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config.js';
import { PAGE_START_SCRIPT_HASH } from '../frontend/page-start.js';

/** Origins of the remotes deployed elsewhere (absolute manifest URLs); same-origin paths add none. */
export function remoteOrigins(config: Pick<AppConfig, 'remotes'>): string[] {
  const origins = Object.values(config.remotes).flatMap((url) => {
    try {
      return /^https?:\/\//i.test(url) ? [new URL(url).origin] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/**
 * Security headers on every response (helmet): a Content-Security-Policy that lets the shell load
 * the federated remotes (their own origins come from REMOTE_*_URL) and MUI/Emotion's injected
 * <style> tags ('unsafe-inline' styles only; scripts never inline), nosniff, frame-ancestors
 * 'self' with X-Frame-Options, Referrer-Policy, and HSTS only in production, where the API sits
 * behind HTTPS (on plain-HTTP development servers HSTS and upgrade-insecure-requests would break
 * localhost). Swagger UI at /api/docs gets its own policy: it needs inline scripts and styles.
 */
export function securityHeaders(config: Pick<AppConfig, 'remotes' | 'nodeEnv'>): RequestHandler {
  const remotes = remoteOrigins(config);
  const production = config.nodeEnv === 'production';
  const common = {
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    frameguard: { action: 'sameorigin' as const },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'same-site' as const },
  };
  const app = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // the server-rendered page's one inline script, by its hash (frontend/page-start.ts)
        'script-src': ["'self'", PAGE_START_SCRIPT_HASH, ...remotes],
        'style-src': ["'self'", "'unsafe-inline'"],
        // product images may live on a supplier's or partner's site
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:', ...remotes],
        'connect-src': ["'self'", ...remotes],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        ...(production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
  });
  const docs = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", "'unsafe-inline'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'object-src': ["'none'"],
        'frame-ancestors': ["'self'"],
      },
    },
  });
  // remote bundles and media are fetched by shells on other origins
  const crossOrigin = (path: string) => path.startsWith('/remotes/') || path.startsWith('/media/');
  const appHeaders = recorded(app);
  const docsHeaders = recorded(docs);
  // A Content-Security-Policy governs a document (or a worker), not a script, style or image loaded
  // into one: on the built files it is some 330 bytes a response for nothing, two dozen times on a
  // shopper's first page. Pages and API answers keep it.
  const assetHeaders = appHeaders.filter(([name]) => name.toLowerCase() !== 'content-security-policy');
  const asset = (path: string) => STATIC_FILE.test(path) && !path.startsWith('/api/');
  return (req: Request, res: Response, next: NextFunction) => {
    const headers = req.path === '/api/docs' || req.path.startsWith('/api/docs/') ? docsHeaders : asset(req.path) ? assetHeaders : appHeaders;
    for (const [name, value] of headers) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    if (crossOrigin(req.path)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  };
}

/** A built file by its name (scripts, styles, manifests, images, fonts): never a page. */
const STATIC_FILE = /\.(?:js|mjs|css|map|json|txt|png|jpe?g|gif|webp|avif|svg|ico|woff2?)$/i;

/**
 * What a helmet handler does to a response, recorded once: with these options its headers depend on
 * nothing in the request (no nonces), so each request gets them in one loop rather than through
 * helmet's chain of a dozen middlewares (a measurable share of a catalogue read's CPU).
 */
function recorded(handler: RequestHandler): [string, string | undefined][] {
  const headers: [string, string | undefined][] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: (name: string) => headers.push([name, undefined]),
  };
  let done = false;
  handler({ method: 'GET', path: '/', url: '/', headers: {} } as Request, res as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be recorded');
  return headers;
}
