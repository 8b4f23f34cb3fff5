import type { IncomingMessage } from 'node:http';
import type { ApiKeyScope } from '@dentalmarket/contracts/api-keys';

/** The key a request was authenticated with: its principal, in place of a session's user. */
export interface ApiKeyPrincipal {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
}

declare global {
  namespace Express {
    interface Request {
      /** set by AdminGuard on a keyed request once its key is known (never the secret) */
      apiKey?: ApiKeyPrincipal;
    }
  }
}

/** Where keys are read: the admin API. Case-insensitive, as Express routes are. */
const KEYED_PATH = /^\/api\/admin(?:\/|$)/i;
const BEARER = /^Bearer(?:[ \t]+(.*))?$/i;

/** The credential of an `Authorization: Bearer …` header ('' when it has none), else undefined. */
export function bearerCredential(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = BEARER.exec(header.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}

/**
 * A request to the admin API carrying `Authorization: Bearer`: its key is its only principal. Such a
 * request never reads or makes a session (a cookie sent beside it is ignored), and so the origin rule
 * against cross-site requests, which protects sessions, does not apply to it; AdminGuard then
 * authenticates the key. One predicate for the three, so they can never disagree about a request.
 * Elsewhere a Bearer header means nothing: those routes work as they always have.
 */
export function isKeyedRequest(req: IncomingMessage & { originalUrl?: string }): boolean {
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0]!;
  return KEYED_PATH.test(path) && bearerCredential(req) !== undefined;
}
