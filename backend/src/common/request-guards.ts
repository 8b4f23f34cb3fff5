import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { PARTNER_CLICKS_ROUTE } from '@dentalmarket/contracts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function refuse(res: Response, statusCode: number, message: string): void {
  const error = statusCode === 403 ? 'Forbidden' : 'Unsupported Media Type';
  res.status(statusCode).json({ statusCode, message, error });
}

/**
 * Cross-site request refusal: a state-changing request (any method but GET, HEAD, OPTIONS) whose
 * Origin (or, without one, Referer) is neither the API's own origin nor one of ALLOWED_ORIGINS is
 * refused with 403 before it touches the session, so a page on another site can neither sign a
 * user in or out nor act as them. Browsers always send Origin on such requests; a request with
 * neither header (curl, a server) is not a browser acting for a user and passes. So does a request
 * `sessionless` says never reads a session (one signed with an API key: its secret is not something
 * a browser adds by itself, as it adds cookies, so another site cannot make a browser send it).
 */
export function sameOriginOnly(allowedOrigins: string[], sessionless: (req: Request) => boolean = () => false): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || sessionless(req)) return next();
    const header = req.get('origin') ?? req.get('referer');
    if (header === undefined) return next();
    let origin: string;
    try {
      origin = new URL(header).origin;
    } catch {
      origin = header; // "null" from a sandboxed frame or a file
    }
    const own = `${req.protocol}://${req.get('host')}`;
    if (origin === own || allowed.has(origin)) return next();
    refuse(res, 403, `Cross-site request refused: ${origin} may not send ${req.method} requests to this API`);
  };
}

/**
 * What browsers send to a beacon route by themselves, with no header a script could set:
 * navigator.sendBeacon with a string (text/plain) and a link's `ping` (text/ping). Cross-site ones
 * are still refused by sameOriginOnly; the route reads them itself (analytics/beacon-bodies.middleware.ts).
 */
const BEACON_PATHS = new Set([PARTNER_CLICKS_ROUTE.replace(/^\/api/, '')]);

/**
 * Request bodies are JSON only (a route that takes an upload names itself in `multipartPaths`): a
 * form-encoded or text/plain POST, which a plain HTML form on another site can send without any
 * preflight, is refused with 415 instead of being parsed. Beacon routes (BEACON_PATHS) also take
 * text/plain and text/ping.
 */
export function jsonBodiesOnly(multipartPaths: string[] = []): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (!hasBody) return next();
    if (req.is('application/json')) return next();
    if (req.is('multipart/form-data') && multipartPaths.includes(req.path)) return next();
    if (BEACON_PATHS.has(req.path) && req.is(['text/plain', 'text/ping'])) return next();
    refuse(res, 415, `Request bodies must be JSON (Content-Type: application/json), not ${req.get('content-type') ?? 'untyped'}`);
  };
}
