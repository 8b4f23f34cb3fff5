import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DataSource, type EntityManager } from 'typeorm';
import { ReadRoutes } from '../../database/read-routes.js';
import { CatalogueVersion } from '../catalogue-version.js';
import type { IndexedCategory, IndexedProduct } from './search-index.js';
import { type RemoteSearchIndex, SearchIndexThread } from './search-index.thread.js';

/** The columns the index holds, as IndexedProduct (numbers, not numeric strings). */
export const INDEX_COLUMNS =
  'p.id, p.name, p.slug, p.image_url, p.manufacturer, p.product_type, p.category_id, p.subcategory_id, p.is_featured, p.is_new, p.in_stock, ' +
  '(p.price * 100)::float8 AS price_cents, p.rating::float8 AS rating, p.reviews_count, ' +
  '(extract(epoch FROM p.created_at) * 1000000)::float8 AS created_us, p.search_document::text AS document';

/** The products written by transactions from `xmin` on (the changed_txid index; LIMIT: past it, a reload is cheaper). */
export function changedProductsSql(xmin: string): { text: string; values: unknown[] } {
  return { text: `SELECT ${INDEX_COLUMNS} FROM products p WHERE p.changed_txid >= $1 LIMIT ${MAX_CHANGES + 1}`, values: [xmin] };
}

/** Rows read per statement while loading, so the load never holds the whole table's text at once. */
const LOAD_CHUNK = 5000;
/** More changed rows than this since the last refresh: a reload is cheaper than applying them. */
const MAX_CHANGES = 20_000;
/** An index last refreshed this long ago reloads instead (deletion records are kept a day, then pruned). */
const STALE_AFTER_MS = 12 * 60 * 60 * 1000;
/** Deletion records kept this long, for instances that refresh rarely. */
const PRUNE_DELETIONS = `DELETE FROM product_deletions WHERE deleted_at < now() - interval '1 day'`;

/**
 * The snapshot's oldest running transaction (changes from it on may still come, see migration
 * 1765000000000) and its catalogue version: the index is exactly as new as that version. On a
 * replica as on the primary (a standby's snapshots are in the primary's transaction ids).
 */
const SNAPSHOT_XMIN = 'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, (SELECT version::text FROM catalogue_state) AS version';

/** Whether catalogue version `a` is at least `b`. */
const atLeast = (a: string, b: string) => BigInt(a) >= BigInt(b);

/** Which database this is (the snapshot file's name and check) and its collation. */
const IDENTITY =
  "SELECT (SELECT system_identifier::text FROM pg_control_system()) || '-' || d.oid::text AS identity, d.datcollate AS collation FROM pg_database d WHERE d.datname = current_database()";
/**
 * A process that has served this long since its index was last kept keeps it again (after a refresh),
 * so a later start finds a file younger than STALE_AFTER_MS. The write holds the index thread (about a
 * second at 1,000,000 products: searches wait), hence rarely.
 */
const SAVE_EVERY_MS = 6 * 60 * 60 * 1000;

interface Loaded {
  index: RemoteSearchIndex;
  /** catalogue_state.version the index is at least as new as */
  version: string;
  /** pg_snapshot_xmin of the read: the next refresh reads changes from here */
  xmin: string;
  refreshedAt: number;
  /** the database's identity and collation (IDENTITY) */
  identity: string;
  collation: string;
}

/**
 * Keeps the process's SearchIndex in step with the catalogue: loaded in the background at start
 * (the SQL search answers until then), and before a search, brought up to the catalogue version
 * (read at most once a second, like the response cache) by reading only the products written since.
 * The index lives in a thread of its own (search-index.thread.ts); the rows are read here. A thread
 * that stops (an uncaught error) is replaced by a fresh one and a new load, SQL answering meanwhile.
 * `SEARCH_INDEX=off` turns it off (every search then runs in PostgreSQL, as before).
 */
@Injectable()
export class SearchIndexService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SearchIndex');
  private loaded: Loaded | undefined;
  private loading: Promise<void> | undefined;
  private refreshing: Promise<Loaded | undefined> | undefined;
  private compacting: Promise<void> | undefined;
  private stopped = false;
  /** the first load waits for the replicas' first check, so it can read from one */
  private firstRead = true;
  /** the first load after start (readiness waits for it), and whether it has finished or failed */
  private firstLoad: Promise<void> | undefined;
  private firstLoadSettled = false;
  private thread: SearchIndexThread | undefined;
  /** when the index was last kept in its file (snapshot.ts), and that write while it runs */
  private savedAt = 0;
  private saving: Promise<void> | undefined;
  readonly enabled: boolean;
  private readonly directory: string | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly version: CatalogueVersion,
    private readonly routes: ReadRoutes,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'searchIndex'> & Partial<Pick<AppConfig, 'searchIndexDir'>>,
  ) {
    this.enabled = config.searchIndex;
    this.directory = config.searchIndexDir;
  }

  /** The file this database's index is kept in, or undefined when none is kept (SEARCH_INDEX_DIR=off). */
  private fileOf(identity: string): string | undefined {
    return this.directory && path.join(this.directory, `${identity}.idx`);
  }

  onApplicationBootstrap(): void {
    if (this.enabled) this.firstLoad = this.load().finally(() => (this.firstLoadSettled = true));
  }

  /**
   * Whether the first load after start has finished (or failed), waiting up to `waitMs` for it: the
   * readiness route answers 503 until then, so a load balancer sends a process that has just started
   * no searches while it loads (they would wait for the load: seconds at 100,000 products, longer on
   * a busy machine). Later loads (a thread replaced, a compaction) never make it unready: every
   * process of a deployment may reload at once, and the SQL search answers meanwhile.
   */
  async firstLoadDone(waitMs: number): Promise<boolean> {
    if (!this.firstLoad || this.firstLoadSettled) return true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.firstLoad, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    return this.firstLoadSettled;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    // a process stopped just after its load leaves the file for the next start (seconds at 1,000,000 products)
    await this.saving;
    const thread = this.thread;
    this.thread = undefined;
    await thread?.terminate();
  }

  /** The index thread, started on first use (and again after one stopped). */
  private threadOf(): SearchIndexThread {
    if (this.stopped) throw new Error('the API is stopping');
    this.thread ??= new SearchIndexThread((error) => {
      if (this.stopped) return;
      this.logger.error(`search index thread stopped (${error.message}): searches run in PostgreSQL until it is loaded again`);
      this.thread = undefined;
      this.loaded = undefined;
    });
    return this.thread;
  }

  /** Resolves once the first load has finished (or failed): tests and the bench wait for it. */
  async whenLoaded(): Promise<boolean> {
    if (!this.enabled) return false;
    if (!this.loaded || this.loading) await (this.loading ?? this.load());
    return this.loaded !== undefined;
  }

  /**
   * The index as of the current catalogue version, or undefined when it cannot serve (not loaded
   * yet, turned off, or the database did not answer the refresh: the SQL path then answers or
   * reports the outage as it always has).
   */
  async current(): Promise<RemoteSearchIndex | undefined> {
    // the first load in progress is waited for (milliseconds for a small catalogue, about 2 s for
    // 100,000 products), so answers do not change order once it lands
    if (!this.loaded && this.enabled && !this.stopped) await (this.loading ?? this.load());
    const loaded = this.loaded;
    if (!loaded) return undefined;
    let version: string;
    try {
      // a catalogue read in a snapshot (ReadRoutes, with replicas): that snapshot's version
      version = ReadRoutes.currentRead()?.version ?? (await this.version.current());
    } catch {
      return undefined;
    }
    if (atLeast(loaded.version, version)) return loaded.index;
    const refreshed = await (this.refreshing ??= this.refresh(version).finally(() => (this.refreshing = undefined)));
    return refreshed?.index;
  }

  private load(): Promise<void> {
    this.loading ??= (this.loaded ? this.readAll() : this.restoreOrReadAll())
      .then((loaded) => {
        if (this.loaded) this.replace(this.loaded, loaded);
        else this.loaded = loaded;
        this.logger.log(`search index loaded: ${loaded.index.count} products`);
      })
      .catch((error: Error) => {
        this.logger.warn(`search index not loaded (${error.message}): searches run in PostgreSQL until it is`);
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  /** Resolves when no compaction runs (tests). */
  async settled(): Promise<void> {
    await this.compacting;
  }

  private compact(): void {
    this.compacting ??= this.readAll()
      .then((loaded) => {
        if (this.loaded) this.replace(this.loaded, loaded);
        else this.loaded = loaded;
      })
      .catch((error: Error) => this.logger.warn(`search index not compacted (${error.message})`))
      .finally(() => {
        this.compacting = undefined;
      });
  }

  /**
   * Every product, in chunks by id inside one repeatable-read snapshot: of a replica when one
   * qualifies (ReadRoutes: up, within the lag bound, as new as any catalogue this process has seen).
   */
  private async readAll(): Promise<Loaded> {
    if (this.firstRead) await this.routes.checked();
    this.firstRead = false;
    const source = this.routes.pick('search-index', { version: this.loaded ? BigInt(this.loaded.version) : undefined }).dataSource;
    return source.transaction('REPEATABLE READ', async (manager) => {
      const [{ xmin, version }] = (await manager.query(SNAPSHOT_XMIN)) as { xmin: string; version: string }[];
      const [{ identity, collation }] = (await manager.query(IDENTITY)) as { identity: string; collation: string }[];
      const index = await this.threadOf().create(collation);
      try {
        await index.apply({ categories: await this.readCategories(manager) });
        let after = 0;
        // the thread adds a chunk while the next is read: PostgreSQL, this thread and the index's
        // own work overlap (at 1,000,000 products, each alone is seconds)
        let applying: Promise<void> = Promise.resolve();
        for (;;) {
          if (this.stopped) throw new Error('the API is stopping');
          const rows = (await manager.query(`SELECT ${INDEX_COLUMNS} FROM products p WHERE p.id > $1 ORDER BY p.id LIMIT ${LOAD_CHUNK}`, [after])) as IndexedProduct[];
          const last = rows.length < LOAD_CHUNK;
          await applying;
          applying = index.apply({ products: rows, prepare: last });
          // awaited below (or at the next chunk); marked handled so a failure meanwhile is not an unhandled rejection
          applying.catch(() => undefined);
          if (last) break;
          after = rows[rows.length - 1]!.id;
        }
        await applying;
      } catch (error) {
        void index.drop().catch(() => undefined);
        throw error;
      }
      const loaded = { index, version, xmin, refreshedAt: Date.now(), identity, collation };
      this.save(loaded);
      return loaded;
    });
  }

  /**
   * The index kept in this database's file by an earlier load on this host (snapshot.ts), brought up
   * to the catalogue version like any index (the products written since, or a full read when too
   * many or too old); a full read when there is no file, or it is another format.
   */
  private async restoreOrReadAll(): Promise<Loaded> {
    const restored = await this.restore().catch((error: Error) => {
      this.logger.warn(`search index file not read (${error.message}): reading the catalogue`);
      return undefined;
    });
    if (!restored) return this.readAll();
    this.loaded = restored;
    this.logger.log(`search index read from its file: ${restored.index.count} products as of catalogue version ${restored.version}`);
    const refreshed = await this.refresh(await this.version.current());
    if (refreshed) return refreshed;
    this.loaded = undefined;
    void restored.index.drop().catch(() => undefined);
    return this.readAll();
  }

  private async restore(): Promise<Loaded | undefined> {
    if (!this.directory) return undefined;
    if (this.firstRead) await this.routes.checked();
    this.firstRead = false;
    const source = this.routes.pick('search-index', {}).dataSource;
    const [{ identity, collation }] = (await source.query(IDENTITY)) as { identity: string; collation: string }[];
    const file = this.fileOf(identity)!;
    const read = await this.threadOf().restore(file, collation);
    if (!read) return undefined;
    const { index, meta } = read;
    // another database's file under this name, or a collation changed since: not this index
    if (meta.identity !== identity || meta.collation !== collation) {
      void index.drop().catch(() => undefined);
      return undefined;
    }
    await index.apply({ categories: await this.readCategories(source.manager) });
    this.savedAt = meta.refreshedAt;
    // refreshedAt as kept: a file older than STALE_AFTER_MS is read in full by refresh()
    return { index, version: meta.version, xmin: meta.xmin, refreshedAt: meta.refreshedAt, identity, collation };
  }

  /** Keeps `loaded` in its file for the next start (in the thread, after the messages sent before; a failure is logged). */
  private save(loaded: Loaded): void {
    const file = this.fileOf(loaded.identity);
    if (!file) return;
    this.savedAt = Date.now();
    const { identity, collation, version, xmin, refreshedAt } = loaded;
    const saving = loaded.index
      .save(file, { identity, collation, version, xmin, refreshedAt })
      .then(() => this.logger.log(`search index kept in ${file}: ${loaded.index.count} products`))
      .catch((error: Error) => this.logger.warn(`search index not kept in ${file} (${error.message})`))
      .finally(() => {
        if (this.saving === saving) this.saving = undefined;
      });
    this.saving = saving;
  }

  private async readCategories(manager: EntityManager): Promise<{ categories: IndexedCategory[]; subcategories: { id: number; slug: string }[] }> {
    const categories = (await manager.query('SELECT id, name, slug, product_type FROM categories')) as IndexedCategory[];
    const subcategories = (await manager.query('SELECT id, slug FROM subcategories')) as { id: number; slug: string }[];
    return { categories, subcategories };
  }

  /** `next` serves from now on; the index it replaces is dropped from the thread (after the searches already sent to it: the thread answers in order). */
  private replace(before: Loaded, next: Loaded): Loaded {
    this.loaded = next;
    if (before.index !== next.index) void before.index.drop().catch(() => undefined);
    return next;
  }

  /**
   * The products written since the last read, and the deleted ones, from a server holding at least
   * catalogue version `wanted` (a replica when one does); a reload when that is cheaper.
   */
  private async refresh(wanted: string): Promise<Loaded | undefined> {
    const loaded = this.loaded;
    if (!loaded) return undefined;
    try {
      if (Date.now() - loaded.refreshedAt >= STALE_AFTER_MS) return this.replace(loaded, await this.readAll());
      const source = this.routes.pick('search-index', { version: BigInt(wanted) }).dataSource;
      const next = await source.transaction('REPEATABLE READ', async (manager) => {
        const [{ xmin, version }] = (await manager.query(SNAPSHOT_XMIN)) as { xmin: string; version: string }[];
        // a server behind the index (never chosen, but a race with a catalogue restore): nothing to apply
        if (!atLeast(version, loaded.version)) return loaded;
        const deleted = (await manager.query('SELECT product_id AS id FROM product_deletions WHERE txid >= $1', [loaded.xmin])) as { id: number }[];
        const changedSql = changedProductsSql(loaded.xmin);
        const changed = (await manager.query(changedSql.text, changedSql.values)) as IndexedProduct[];
        if (changed.length > MAX_CHANGES) return undefined;
        const categories = await this.readCategories(manager);
        // one message: deletions first (a row in `changed` exists in this snapshot whatever was deleted before)
        await loaded.index.apply({ categories, removed: deleted.map(({ id }) => id), products: changed, prepare: true });
        return { ...loaded, version, xmin, refreshedAt: Date.now() };
      });
      this.loaded = next ?? this.replace(loaded, await this.readAll());
      // a third of the slots dead (products rewritten since the load): a fresh load in the
      // background compacts them, and takes over when it is done
      if (this.loaded.index.deadShare > 1 / 3) this.compact();
      if (Math.random() < 0.01) void this.dataSource.query(PRUNE_DELETIONS).catch(() => undefined);
      if (Date.now() - this.savedAt >= SAVE_EVERY_MS) this.save(this.loaded);
      return this.loaded;
    } catch (error) {
      this.logger.warn(`search index not refreshed (${(error as Error).message}): this search runs in PostgreSQL`);
      return undefined;
    }
  }
}
