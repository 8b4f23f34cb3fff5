import { ForbiddenException, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { ApiKeyScope } from '@dentalmarket/contracts/api-keys';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { RateLimiter } from '../rate-limits/rate-limiter.service.js';
import { TooManyRequests, waitText } from '../rate-limits/too-many-requests.js';
import { secretHash, secretProblem } from './api-key-secret.js';
import { type ApiKeyPrincipal, bearerCredential } from './keyed-request.js';

/** RFC 6750's challenge; error_description must be a quoted string without quotes or backslashes. */
const challenge = (error: string, description: string, extra = '') =>
  `Bearer realm="DentalMarket API", error="${error}", error_description="${description.replace(/["\\]/g, "'")}"${extra}`;

/** The message of the 403 for a key on a route that names no scope (keys management, settings, AI…). */
export const SIGNED_IN_ADMIN_NEEDED = 'This route needs a signed-in admin: API keys cannot use it';

const USE_RECORDED_EVERY_MS = 60_000;

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  revoked: boolean;
  expired: boolean;
  /** found by the previous secret of a roll whose grace has ended */
  replaced: boolean;
  use_unrecorded: boolean;
}

/**
 * A key is judged in the database's own clock (expiry, a roll's grace), by the hash of the secret;
 * a rolled key is found by its previous secret too. One statement, prepared once per connection:
 * it runs on every keyed request.
 */
const KEY_BY_HASH = `
  SELECT id, name, prefix, scopes,
         revoked_at IS NOT NULL AS revoked,
         coalesce(expires_at <= now(), false) AS expired,
         secret_hash <> $1 AND coalesce(previous_secret_expires_at <= now(), true) AS replaced,
         coalesce(last_used_at <= now() - interval '1 minute', true) AS use_unrecorded
    FROM api_keys
   WHERE secret_hash = $1 OR previous_secret_hash = $1
   LIMIT 1`;

/** The condition makes two instances noting the same minute's use write once. */
const RECORD_USE = `
  UPDATE api_keys SET last_used_at = now(), last_used_ip = $2
   WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= now() - interval '1 minute')`;

/**
 * Authenticates and authorizes a keyed request (keyed-request.ts) for AdminGuard: the secret's shape
 * and checksum first (a typo costs no query), then the key, then its rate limit (counted before the
 * scope is judged, so refused requests count too), then the route's scope. Answers 401 with a
 * Bearer challenge for a key that cannot be used, 403 for a missing scope, 429 past the limit;
 * every answer to a known key carries RateLimit-Limit, -Remaining and -Reset.
 */
@Injectable()
export class ApiKeyAuthenticator {
  private readonly logger = new Logger(ApiKeyAuthenticator.name);
  /** when this instance last noted each key's use: at most one write a minute per key, not one per request */
  private readonly useNoted = new LRUCache<string, number>({ max: 10_000 });

  constructor(
    private readonly transactions: Transactions,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'rateLimits'>,
  ) {}

  /** Lets the request through as its key when `scope` is one the key holds; throws otherwise. */
  async authorize(req: Request, res: Response, scope: ApiKeyScope | undefined): Promise<ApiKeyPrincipal> {
    const key = await this.authenticate(req, res);
    await this.count(key, res);
    if (!scope) throw new ForbiddenException(SIGNED_IN_ADMIN_NEEDED);
    if (!key.scopes.includes(scope)) {
      const message = `This API key lacks the scope ${scope}`;
      res.setHeader('WWW-Authenticate', challenge('insufficient_scope', message, `, scope="${scope}"`));
      throw new ForbiddenException(message);
    }
    return key;
  }

  private async authenticate(req: Request, res: Response): Promise<ApiKeyPrincipal> {
    const secret = bearerCredential(req) ?? '';
    const problem = secretProblem(secret);
    if (problem) this.refuse(res, problem);
    const [row] = (await this.transactions.prepared('api-key-by-hash', KEY_BY_HASH, [secretHash(secret)])) as KeyRow[];
    if (!row) this.refuse(res, 'Unknown API key');
    if (row.revoked) this.refuse(res, 'This API key was revoked');
    if (row.expired) this.refuse(res, 'This API key has expired');
    if (row.replaced) this.refuse(res, "This secret was replaced when the key was rolled, and its grace period is over: use the key's new secret");
    const key: ApiKeyPrincipal = { id: row.id, name: row.name, prefix: row.prefix, scopes: row.scopes };
    // the request log names the key from here on (observability/logging.ts)
    req.apiKey = key;
    if (row.use_unrecorded) await this.recordUse(key.id, req.ip ?? req.socket.remoteAddress ?? null);
    return key;
  }

  private refuse(res: Response, message: string): never {
    res.setHeader('WWW-Authenticate', challenge('invalid_token', message));
    throw new UnauthorizedException(message);
  }

  /** API_KEY_RATE_LIMIT requests a minute per key, counted in PostgreSQL: shared by every instance. */
  private async count(key: ApiKeyPrincipal, res: Response): Promise<void> {
    const limit = this.config.rateLimits.apiKeyPerMinute;
    const verdict = await this.limiter.consume([{ key: `api-key:${key.id}`, limit, windowSeconds: 60, kind: 'window' }]);
    res.setHeader('RateLimit-Limit', String(limit));
    res.setHeader('RateLimit-Remaining', String(verdict.remaining));
    res.setHeader('RateLimit-Reset', String(verdict.resetSeconds));
    if (!verdict.allowed) {
      throw new TooManyRequests(`This API key has made its ${limit} requests of this minute; try again in ${waitText(verdict.retryAfterSeconds)}`, verdict.retryAfterSeconds);
    }
  }

  /** A failed note of use never fails the request it describes. */
  private async recordUse(id: string, address: string | null): Promise<void> {
    const now = Date.now();
    if (now - (this.useNoted.get(id) ?? 0) < USE_RECORDED_EVERY_MS) return;
    this.useNoted.set(id, now);
    await this.transactions.manager.query(RECORD_USE, [id, address]).catch((error: Error) => this.logger.warn(`noting API key ${id}'s use failed: ${error.message}`));
  }
}
