import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { API_KEY_LIMITS } from '@dentalmarket/contracts/api-keys';
import type { User } from '../auth/user.entity.js';
import { Transactions } from '../database/transactions.js';
import { ApiKeyLimitReached, ApiKeyNotFound, ApiKeyNotRollable } from './api-key.errors.js';
import { displayPrefix, newSecret, secretHash } from './api-key-secret.js';
import { type ApiKeyDto, type ApiKeyRow, type ApiKeyWithSecretDto, mapApiKey } from './dto/api-key.dto.js';
import type { CreateApiKeyDto } from './dto/create-api-key.dto.js';

/** How long a revoked key stays in the list (what it was, when it went), then it drops out of it. */
const REVOKED_LISTED_DAYS = 90;
/** At most this many revoked keys are listed, newest revocations first: the list stays bounded. */
const REVOKED_LISTED_MAX = 100;

// a grace that ended is no grace: the list says null, as for a key never rolled
const KEY_COLUMNS = `k.id, k.name, k.prefix, k.scopes, u.username AS created_by, k.created_at, k.expires_at, k.revoked_at,
  k.last_used_at, k.last_used_ip, CASE WHEN k.previous_secret_expires_at > now() THEN k.previous_secret_expires_at END AS previous_secret_expires_at`;
const FROM_KEYS = `FROM api_keys k LEFT JOIN users u ON u.id = k.created_by`;

/**
 * The admin's API keys (issue 35): list, create, revoke, roll. A secret exists in memory only while
 * its answer is written; the table keeps its hash. Using a key is ApiKeyAuthenticator's.
 */
@Injectable()
export class ApiKeysService {
  constructor(private readonly transactions: Transactions) {}

  /** Newest first: every key not revoked (at most activeMax), and those revoked in the last 90 days (at most 100). */
  async list(): Promise<ApiKeyDto[]> {
    const rows = (await this.transactions.manager.query(
      `SELECT * FROM (
         (SELECT ${KEY_COLUMNS} ${FROM_KEYS} WHERE k.revoked_at IS NULL ORDER BY k.created_at DESC LIMIT $1)
         UNION ALL
         (SELECT ${KEY_COLUMNS} ${FROM_KEYS} WHERE k.revoked_at > now() - make_interval(days => $2) ORDER BY k.revoked_at DESC LIMIT $3)
       ) listed ORDER BY created_at DESC, id`,
      [API_KEY_LIMITS.activeMax, REVOKED_LISTED_DAYS, REVOKED_LISTED_MAX],
    )) as ApiKeyRow[];
    return rows.map(mapApiKey);
  }

  /**
   * Creations are serialised by a transaction lock, so two at once cannot both take the last place
   * under activeMax.
   */
  async create(input: CreateApiKeyDto, creator: User): Promise<ApiKeyWithSecretDto> {
    const secret = newSecret();
    const id = randomUUID();
    const key = await this.transactions.run(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('api-keys-create'))`);
      const [{ active }] = (await manager.query(`SELECT count(*)::int AS active FROM api_keys WHERE revoked_at IS NULL`)) as [{ active: number }];
      if (active >= API_KEY_LIMITS.activeMax) throw new ApiKeyLimitReached();
      await manager.query(`INSERT INTO api_keys (id, name, prefix, secret_hash, scopes, created_by, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
        id,
        input.name,
        displayPrefix(secret),
        secretHash(secret),
        input.scopes,
        creator.id,
        input.expires_at ?? null,
      ]);
      return this.read(manager, id);
    });
    return { key, secret };
  }

  /** Idempotent: a key revoked before keeps its first revocation time. Its previous secret dies with it. */
  async revoke(id: string): Promise<ApiKeyDto> {
    return this.transactions.run(async (manager) => {
      const updated = (await manager.query(
        `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()), previous_secret_hash = NULL, previous_secret_expires_at = NULL WHERE id = $1`,
        [id],
      )) as [unknown[], number];
      if (updated[1] === 0) throw new ApiKeyNotFound();
      return this.read(manager, id);
    });
  }

  /**
   * A new secret for the same key (same id, scopes, rate-limit count). The secret it replaces keeps
   * working for `graceHours` (0: not at all), so a program can be moved to the new one without a gap;
   * a key rolled again within that grace drops the older secret at once (one previous secret at most).
   */
  async roll(id: string, graceHours: number): Promise<ApiKeyWithSecretDto> {
    const secret = newSecret();
    const key = await this.transactions.run(async (manager) => {
      const [row] = (await manager.query(`SELECT revoked_at IS NOT NULL AS revoked, coalesce(expires_at <= now(), false) AS expired FROM api_keys WHERE id = $1 FOR UPDATE`, [id])) as Array<{
        revoked: boolean;
        expired: boolean;
      }>;
      if (!row) throw new ApiKeyNotFound();
      if (row.revoked) throw new ApiKeyNotRollable('revoked');
      if (row.expired) throw new ApiKeyNotRollable('expired');
      // on the right of SET, secret_hash is the row's value before this statement: the old secret
      await manager.query(
        `UPDATE api_keys SET secret_hash = $2, prefix = $3,
           previous_secret_hash = CASE WHEN $4::int > 0 THEN secret_hash END,
           previous_secret_expires_at = CASE WHEN $4::int > 0 THEN now() + make_interval(hours => $4::int) END
         WHERE id = $1`,
        [id, secretHash(secret), displayPrefix(secret), graceHours],
      );
      return this.read(manager, id);
    });
    return { key, secret };
  }

  private async read(manager: EntityManager, id: string): Promise<ApiKeyDto> {
    const [row] = (await manager.query(`SELECT ${KEY_COLUMNS} ${FROM_KEYS} WHERE k.id = $1`, [id])) as ApiKeyRow[];
    if (!row) throw new ApiKeyNotFound();
    return mapApiKey(row);
  }
}
