import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { DEFAULT_CATEGORY_ICON, type MissingCategory, slugify } from '@dentalmarket/contracts';
import { CatalogueVersion } from '../catalog/catalogue-version.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { isUnavailable } from '../database/database-status.js';
import { Transactions } from '../database/transactions.js';
import { JobQueue } from '../jobs/job-queue.js';
import { emitWebhookEvents } from '../webhooks/webhook-events.js';
import { CategoryResolver } from './category-resolver.js';
import type { FieldError, JudgedAction } from './import-row.js';
import { CATALOGUE_IMPORT_QUEUE, type ImportJob, ImportsService } from './imports.service.js';
import { applyChanges, fileFields, type ProductField, type ProductFields, type RowChanges, STORED_PRODUCT_COLUMNS, type StoredProduct } from './product-csv.js';
import { type ChangedProduct, insertProducts, type NewProduct, updateProducts } from './product-writes.js';

/** Where a job goes once its retries are spent: its import is marked failed. */
const FAILED_IMPORT_QUEUE = 'catalogue-import-failed';
/**
 * After each batch the job waits this share of the time the batch took: an import shares the
 * machine with shoppers (and each batch makes their kept pages stale), so it takes about two thirds
 * of a core and a catalogue version a little less often, and ends a half later than flat out.
 */
const YIELD_SHARE = 0.5;
/**
 * Retries with backoff (2 s doubling up to a minute, about 45 minutes in all): a database outage or a
 * restart of the API delays an import, the retry resumes it. A heartbeat (refreshed every 10 s, stale
 * after 20 s, pg-boss's smallest) lets an instance that died mid-import be noticed within a minute.
 */
const QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  retryLimit: 50,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 60,
  heartbeatSeconds: 20,
  expireInSeconds: 6 * 60 * 60,
  deadLetter: FAILED_IMPORT_QUEUE,
};

interface ImportRowToApply {
  line: number;
  action: JudgedAction;
  slug: string | null;
  data: RowChanges | null;
}
interface RowOutcome {
  line: number;
  /** skipped: an example row, passed over (done, in no result count) */
  applied: 'create' | 'update' | 'unchanged' | 'error' | 'skipped';
  error?: FieldError;
}

/** The API stopped while an import ran: the job fails at a batch boundary and its retry goes on. */
class ApplyInterrupted extends Error {
  constructor() {
    super('The API stopped during the import; it goes on from the last batch done when the job is retried');
  }
}

/** A database error of one row, in the admin's words (no SQL). */
function rowMessage(error: unknown): string {
  const code = (error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
  if (code === '23503') return 'The category or subcategory of this row no longer exists';
  if (code === '23505') return 'Another product got this slug while the import ran';
  if (code?.startsWith('22')) return 'A value of this row is out of range or has an invalid format';
  return `The row could not be written: ${(error as Error).message}`;
}

/**
 * Applies imports as background jobs (queue `catalogue-import`): the missing categories first when
 * asked (one transaction, find-or-create), then the rows in line order, a batch per transaction that
 * writes the batch's products, the rows' results and the import's progress together, so a retried
 * job resumes after the last committed batch. Each batch re-reads its products (locked) and decides
 * again what to do: the dry run's classification is not trusted. A batch whose set-based statements
 * fail is redone row by row under savepoints, and the rows that still fail get their message.
 */
@Injectable()
export class ImportApplyJob implements OnApplicationBootstrap {
  private stopping = false;
  private readonly batchSize: number;

  constructor(
    private readonly transactions: Transactions,
    private readonly jobs: JobQueue,
    private readonly version: CatalogueVersion,
    private readonly imports: ImportsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.batchSize = config.importBatchSize;
    jobs.onStop(() => {
      this.stopping = true;
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.ensureQueue(FAILED_IMPORT_QUEUE, { retryLimit: 100, retryDelay: 5, retryBackoff: true, retryDelayMax: 60 });
    await this.jobs.ensureQueue(CATALOGUE_IMPORT_QUEUE, QUEUE_OPTIONS);
    if (this.stopping) return;
    await this.jobs.boss.work<ImportJob>(CATALOGUE_IMPORT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]: Job<ImportJob>[]) => this.apply(job!.data.importId));
    await this.jobs.boss.work<ImportJob>(FAILED_IMPORT_QUEUE, { batchSize: 10, pollingIntervalSeconds: 1 }, async (failed: Job<ImportJob>[]) => {
      await this.finish(
        `UPDATE catalogue_imports SET status = 'failed', finished_at = now(), failure = coalesce(failure, 'The import job stopped') WHERE id = ANY($1::uuid[]) AND status IN ('queued', 'applying') RETURNING id`,
        failed.map((job) => job.data.importId),
      );
    });
  }

  /**
   * Ends imports (`update` marks them applied or failed, RETURNING the ids it changed) with their one
   * `import.finished` webhook event each, in the same transaction: an import announces itself once,
   * never a row at a time. The data is the import as GET /api/admin/imports/:id answers.
   */
  private async finish(update: string, ids: string[]): Promise<void> {
    await this.transactions.run(async (manager) => {
      const [finished] = (await manager.query(update, [ids])) as [Array<{ id: string }>, number];
      const details = await Promise.all(finished.map(({ id }) => this.imports.detail(id)));
      await emitWebhookEvents(manager, details.map((detail) => ({ type: 'import.finished' as const, resourceType: 'import' as const, resourceId: detail.id, data: detail })));
    });
  }

  /** One try of an import's job. */
  async apply(importId: string): Promise<void> {
    const manager = this.transactions.manager;
    // an UPDATE's plain result is [rows, count]
    const [[started]] = await manager.query(
      `UPDATE catalogue_imports SET status = 'applying' WHERE id = $1 AND status IN ('queued', 'applying') RETURNING create_categories, columns, missing_categories`,
      [importId],
    );
    if (!started) return; // applied already, given up, or deleted
    try {
      if (started.create_categories) await this.createMissingCategories(started.missing_categories);
      const resolver = await CategoryResolver.load(manager);
      const fields = fileFields(started.columns);
      for (;;) {
        if (this.stopping) throw new ApplyInterrupted();
        const started = performance.now();
        const done = await this.applyBatch(importId, resolver, fields);
        // cached catalogue answers must not outlive the batch just committed
        this.version.invalidate();
        if (!done) break;
        await new Promise((resolve) => setTimeout(resolve, (performance.now() - started) * YIELD_SHARE));
      }
      await this.finish(`UPDATE catalogue_imports SET status = 'applied', finished_at = now(), failure = NULL WHERE id = ANY($1::uuid[]) AND status = 'applying' RETURNING id`, [importId]);
    } catch (error) {
      // kept for the report if the retries run out (a retry that succeeds clears it)
      await manager.query(`UPDATE catalogue_imports SET failure = $2 WHERE id = $1`, [importId, (error as Error).message]).catch(() => undefined);
      throw error;
    }
  }

  /** Creates the categories, then the subcategories, the dry run found missing (those not made since). */
  private async createMissingCategories(missing: MissingCategory[]): Promise<void> {
    if (!missing.length) return;
    await this.transactions.run(async (manager) => {
      // two imports making the same category wait for each other rather than making it twice
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('catalogue-import-categories'))`);
      let resolver = await CategoryResolver.load(manager);
      for (const category of missing.filter((m) => m.kind === 'category')) {
        if (resolver.category(category.product_type as ProductFields['product_type'], category.name)) continue;
        await manager.query(`INSERT INTO categories (name, description, icon, slug, product_type) VALUES ($1, $1, $2, $3, $4)`, [
          category.name,
          DEFAULT_CATEGORY_ICON,
          await freeSlug(manager, 'categories', category.name),
          category.product_type,
        ]);
      }
      resolver = await CategoryResolver.load(manager);
      for (const subcategory of missing.filter((m) => m.kind === 'subcategory')) {
        const parent = resolver.category(subcategory.product_type as ProductFields['product_type'], subcategory.parent ?? '');
        if (!parent || resolver.subcategory(parent.id, subcategory.name)) continue;
        await manager.query(`INSERT INTO subcategories (name, description, category_id, slug) VALUES ($1, $1, $2, $3)`, [
          subcategory.name,
          parent.id,
          await freeSlug(manager, 'subcategories', subcategory.name),
        ]);
      }
    });
    this.version.invalidate();
  }

  /** The next batch after the import's cursor, in one transaction; returns how many rows it took (0: none left). */
  private applyBatch(importId: string, resolver: CategoryResolver, fields: ProductField[]): Promise<number> {
    return this.transactions.run(async (manager) => {
      // the import's row locked: a second worker on the same import (a duplicated job) waits, then sees the new cursor
      const [position] = await manager.query(`SELECT cursor_line FROM catalogue_imports WHERE id = $1 AND status = 'applying' FOR UPDATE`, [importId]);
      if (!position) return 0;
      const rows = (await manager.query(
        `SELECT line, action, slug, data FROM catalogue_import_rows WHERE import_id = $1 AND line > $2 ORDER BY line LIMIT $3`,
        [importId, position.cursor_line, this.batchSize],
      )) as ImportRowToApply[];
      if (!rows.length) return 0;
      const slugs = rows.filter((row) => row.action !== 'error' && row.action !== 'skipped').map((row) => row.slug!);
      // locked in id order, so two imports touching the same products cannot deadlock
      const stored = (await manager.query(`SELECT ${STORED_PRODUCT_COLUMNS} FROM products p WHERE p.slug = ANY($1::text[]) ORDER BY p.id FOR UPDATE OF p`, [slugs])) as StoredProduct[];
      const bySlug = new Map(stored.map((product) => [product.slug, product]));

      const outcomes: RowOutcome[] = [];
      const inserts: Array<{ line: number; product: NewProduct }> = [];
      const updates: Array<{ line: number; product: ChangedProduct }> = [];
      for (const row of rows) {
        const plan = this.plan(row, bySlug.get(row.slug ?? ''), resolver, fields);
        if ('insert' in plan) inserts.push({ line: row.line, product: plan.insert });
        else if ('update' in plan) updates.push({ line: row.line, product: plan.update });
        else outcomes.push(plan.outcome);
      }
      outcomes.push(...(await this.write(manager, inserts, updates)));

      const failed = outcomes.filter((outcome) => outcome.error);
      if (failed.length) {
        await manager.query(
          `UPDATE catalogue_import_rows t SET applied = 'error', errors = coalesce(t.errors, '[]'::jsonb) || jsonb_build_array(r.error)
             FROM jsonb_to_recordset($2::jsonb) AS r(line int, error jsonb) WHERE t.import_id = $1 AND t.line = r.line`,
          [importId, JSON.stringify(failed)],
        );
      }
      const count = (applied: RowOutcome['applied']) => outcomes.filter((outcome) => outcome.applied === applied).length;
      await manager.query(
        `UPDATE catalogue_imports SET rows_done = rows_done + $2, cursor_line = $3, result_create = result_create + $4, result_update = result_update + $5,
                result_unchanged = result_unchanged + $6, result_error = result_error + $7 WHERE id = $1`,
        [importId, rows.length, rows.at(-1)!.line, count('create'), count('update'), count('unchanged'), count('error')],
      );
      return rows.length;
    });
  }

  /** What one row does now, judged against its product as it is now (not as the dry run saw it). */
  private plan(
    row: ImportRowToApply,
    stored: StoredProduct | undefined,
    resolver: CategoryResolver,
    fields: ProductField[],
  ): { insert: NewProduct } | { update: ChangedProduct } | { outcome: RowOutcome } {
    const fail = (message: string, field: string | null = null) => ({ outcome: { line: row.line, applied: 'error' as const, error: { field, message } } });
    if (row.action === 'skipped') return { outcome: { line: row.line, applied: 'skipped' } };
    if (row.action === 'error' || !row.data || !row.slug) return { outcome: { line: row.line, applied: 'error' } };
    const { new_category: newCategory, new_subcategory: newSubcategory, ...values } = row.data;
    const changes: Partial<ProductFields> = values;
    const productType = changes.product_type ?? stored?.product_type;
    if (newCategory !== undefined) {
      const category = productType && resolver.category(productType, newCategory);
      if (!category) return fail(`category '${newCategory}' does not exist for ${productType} products`, 'category');
      changes.category_id = category.id;
    }
    if (newSubcategory !== undefined) {
      const subcategory = changes.category_id !== undefined ? resolver.subcategory(changes.category_id, newSubcategory) : undefined;
      if (!subcategory) return fail(`subcategory '${newSubcategory}' does not exist`, 'subcategory');
      changes.subcategory_id = subcategory.id;
    }
    if (stored) {
      // a row that was a create in the dry run brings every default: only the file's columns count
      const fromFile = row.action === 'create' ? (Object.fromEntries(fields.map((field) => [field, changes[field]])) as Partial<ProductFields>) : changes;
      const { product, changed } = applyChanges(stored, fromFile);
      return changed ? { update: { ...product, id: stored.id } } : { outcome: { line: row.line, applied: 'unchanged' } };
    }
    if (row.action !== 'create') return fail(`The product '${row.slug}' was deleted after the dry run: import the file again to create it`);
    return { insert: { ...(changes as ProductFields), slug: row.slug } };
  }

  /**
   * The batch's inserts and updates, set-based under a savepoint; if a statement fails, row by row
   * under savepoints, each failing row getting its message. A lost or overloaded database is not a
   * row's fault: it fails the batch (rolled back whole) for the job's retry.
   */
  private async write(
    manager: EntityManager,
    inserts: Array<{ line: number; product: NewProduct }>,
    updates: Array<{ line: number; product: ChangedProduct }>,
  ): Promise<RowOutcome[]> {
    const done = (list: Array<{ line: number }>, applied: 'create' | 'update') => list.map(({ line }): RowOutcome => ({ line, applied }));
    await manager.query('SAVEPOINT import_batch');
    try {
      await insertProducts(manager, inserts.map((row) => row.product));
      await updateProducts(manager, updates.map((row) => row.product));
      await manager.query('RELEASE SAVEPOINT import_batch');
      return [...done(inserts, 'create'), ...done(updates, 'update')];
    } catch (error) {
      if (isUnavailable(error)) throw error;
      await manager.query('ROLLBACK TO SAVEPOINT import_batch');
    }
    const outcomes: RowOutcome[] = [];
    const one = async (line: number, applied: 'create' | 'update', write: () => Promise<void>) => {
      await manager.query('SAVEPOINT import_row');
      try {
        await write();
        await manager.query('RELEASE SAVEPOINT import_row');
        outcomes.push({ line, applied });
      } catch (error) {
        if (isUnavailable(error)) throw error;
        await manager.query('ROLLBACK TO SAVEPOINT import_row');
        outcomes.push({ line, applied: 'error', error: { field: null, message: rowMessage(error) } });
      }
    };
    for (const { line, product } of inserts) await one(line, 'create', () => insertProducts(manager, [product]));
    for (const { line, product } of updates) await one(line, 'update', () => updateProducts(manager, [product]));
    return outcomes;
  }
}

/** A slug for a new category or subcategory, made from its name and kept unique (as the admin's forms do). */
async function freeSlug(manager: EntityManager, table: 'categories' | 'subcategories', name: string): Promise<string> {
  const base = slugify(name) || 'category';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await manager.query(`SELECT 1 FROM ${table} WHERE slug = $1`, [slug]);
    if (!taken) return slug;
  }
}
