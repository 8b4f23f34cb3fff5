import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { catalogueCacheMetrics } from '../observability/metrics.js';

/** A catalogue response as sent: the JSON text and the headers the handler added (X-Total-Count, Link). */
export interface CachedResponse {
  json: string;
  headers: [string, string | number | string[]][];
}

/**
 * Catalogue responses kept in memory, keyed by the catalogue version and the URL. The catalogue is
 * read far more often than it is written, and every write bumps the version (a trigger in the same
 * transaction), so an entry can never outlive the data it was made from: a new version makes every
 * older entry unreachable and they are dropped at once. A miss is computed once even when many
 * requests ask for it at the same moment (the others wait for the first). Bounded by
 * CATALOGUE_CACHE_MB, least recently used first out; one entry may take at most an eighth of it.
 */
@Injectable()
export class CatalogueResponses {
  private readonly cache: LRUCache<string, CachedResponse> | undefined;
  private readonly inFlight = new Map<string, Promise<CachedResponse | undefined>>();
  private version: string | undefined;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'catalogueCacheBytes'>) {
    const maxSize = config.catalogueCacheBytes;
    this.cache =
      maxSize > 0
        ? new LRUCache<string, CachedResponse>({
            maxSize,
            maxEntrySize: Math.floor(maxSize / 8),
            // UTF-16 in memory: two bytes a character, plus the headers and the key
            sizeCalculation: (entry, key) => 2 * (entry.json.length + key.length) + 256,
          })
        : undefined;
    if (this.cache) catalogueCacheMetrics.track(this.cache);
  }

  /** Whether responses are kept at all (CATALOGUE_CACHE_MB > 0). */
  get keeps(): boolean {
    return this.cache !== undefined;
  }

  /** Whether `version` is no older than the one responses are kept for (with replicas, a read may be a moment behind). */
  newest(version: string): boolean {
    return this.version === undefined || BigInt(version) >= BigInt(this.version);
  }

  /**
   * The response kept for `url` under the last version seen, if any, without claiming or touching
   * anything: what the API serves, marked stale, while the database (and so the version) cannot be read.
   */
  lastKept(url: string): CachedResponse | undefined {
    return this.version === undefined ? undefined : this.cache?.peek(`${this.version}\n${url}`);
  }

  /**
   * What to do for `url` at `version`, decided at once (no await between looking and claiming, so
   * of many simultaneous requests exactly one computes): `kept`, a response to send; `pending`, the
   * response another request is computing (undefined if it failed: then compute it yourself); or
   * `keep`, compute it and call `keep` exactly once with the response (kept) or undefined (an error).
   */
  claim(version: string, url: string): Claim {
    if (!this.cache) return { keep: () => undefined };
    if (version !== this.version) {
      // entries of an older catalogue can never be asked for again
      this.cache.clear();
      this.version = version;
    }
    const key = `${version}\n${url}`;
    const kept = this.cache.get(key);
    const pending = kept ? undefined : this.inFlight.get(key);
    catalogueCacheMetrics[kept || pending ? 'hit' : 'miss']();
    if (kept) return { kept };
    if (pending) return { pending };
    let settle!: (response: CachedResponse | undefined) => void;
    this.inFlight.set(key, new Promise((resolve) => (settle = resolve)));
    let settled = false;
    return {
      keep: (response) => {
        if (settled) return;
        settled = true;
        this.inFlight.delete(key);
        if (response && version === this.version) this.cache!.set(key, response);
        settle(response);
      },
    };
  }
}

export type Claim =
  | { kept: CachedResponse }
  | { pending: Promise<CachedResponse | undefined> }
  | { keep: (response: CachedResponse | undefined) => void };
