import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import type { ImportStatus, ImportSummary, MissingCategory } from '@dentalmarket/contracts';
import { Transactions } from '../database/transactions.js';
import { JobQueue, jobDb } from '../jobs/job-queue.js';
import type { ImportDetailDto, ImportReviewDto } from './dto/imports.dto.js';
import { storedReview } from './import-review.js';

export const CATALOGUE_IMPORT_QUEUE = 'catalogue-import';
/** How long an import (its report and rows) is kept. */
const KEEP_DAYS = 7;

export interface ImportJob {
  importId: string;
}

interface ImportRow {
  id: string;
  filename: string;
  status: ImportStatus;
  created_at: Date;
  create_categories: boolean;
  total: number;
  count_create: number;
  count_update: number;
  count_unchanged: number;
  count_error: number;
  unknown_columns: string[];
  missing_categories: MissingCategory[];
  rows_done: number;
  result_create: number;
  result_update: number;
  result_unchanged: number;
  result_error: number;
  failure: string | null;
  finished_at: Date | null;
}

const SUMMARY_COLUMNS = `id, filename, status, created_at, create_categories, total, count_create, count_update, count_unchanged, count_error,
  unknown_columns, missing_categories, rows_done, result_create, result_update, result_unchanged, result_error, failure, finished_at`;

function mapSummary(row: ImportRow): ImportSummary {
  const finished = row.status === 'applied' || row.status === 'failed';
  return {
    id: row.id,
    filename: row.filename,
    status: row.status,
    created_at: row.created_at.toISOString(),
    createCategories: row.create_categories,
    total: row.total,
    counts: { create: row.count_create, update: row.count_update, unchanged: row.count_unchanged, error: row.count_error },
    unknownColumns: row.unknown_columns,
    missingCategories: row.missing_categories,
    progress: { done: row.rows_done, total: row.total },
    result: finished ? { create: row.result_create, update: row.result_update, unchanged: row.result_unchanged, error: row.result_error } : null,
    // a retried job's last error is kept while it is retried, and shown once the job gave up
    failure: row.status === 'failed' ? row.failure : null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

/** The imports' reports (summary, paged row errors, the newest few) and the request to apply one. */
@Injectable()
export class ImportsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly jobs: JobQueue,
  ) {}

  async summary(id: string): Promise<ImportSummary> {
    const [row] = (await this.transactions.manager.query(`SELECT ${SUMMARY_COLUMNS} FROM catalogue_imports WHERE id = $1`, [id])) as ImportRow[];
    if (!row) throw new NotFoundException('Import not found');
    return mapSummary(row);
  }

  async detail(id: string, errorsPage = 1, errorsLimit = 20): Promise<ImportDetailDto> {
    // inside a transaction (the apply job's import.finished event) Transactions sends them one at a time
    const manager = this.transactions.manager;
    const summary = await this.summary(id);
    const [errors, [{ total, review }]] = await Promise.all([
      manager.query(
        `SELECT r.line, r.label, e.value->>'field' AS field, e.value->>'message' AS message
           FROM catalogue_import_rows r CROSS JOIN LATERAL jsonb_array_elements(r.errors) WITH ORDINALITY AS e(value, n)
          WHERE r.import_id = $1 AND r.errors IS NOT NULL
          ORDER BY r.line, e.n LIMIT $2 OFFSET $3`,
        [id, errorsLimit, (errorsPage - 1) * errorsLimit],
      ),
      manager.query(
        `SELECT i.review,
                (SELECT coalesce(sum(jsonb_array_length(r.errors)), 0)::int FROM catalogue_import_rows r WHERE r.import_id = i.id AND r.errors IS NOT NULL) AS total
           FROM catalogue_imports i WHERE i.id = $1`,
        [id],
      ) as Promise<Array<{ total: number; review: ImportReviewDto | null }>>,
    ]);
    return { ...summary, errors: { rows: errors, total, page: errorsPage, limit: errorsLimit }, review: storedReview(review, summary.counts) };
  }

  async list(limit = 5): Promise<ImportSummary[]> {
    const rows = (await this.transactions.manager.query(`SELECT ${SUMMARY_COLUMNS} FROM catalogue_imports ORDER BY created_at DESC, id DESC LIMIT $1`, [limit])) as ImportRow[];
    return rows.map(mapSummary);
  }

  /** Queues the apply of a dry run that is ready: the status and the job change in one transaction. */
  async apply(id: string): Promise<ImportSummary> {
    await this.transactions.run(async (manager) => {
      const [row] = await manager.query(`SELECT status FROM catalogue_imports WHERE id = $1 FOR UPDATE`, [id]);
      if (!row) throw new NotFoundException('Import not found');
      const status = row.status as ImportStatus;
      if (status === 'applied') throw new ConflictException('This import was applied already; upload the file again to import it again');
      if (status === 'queued' || status === 'applying') throw new ConflictException('This import is being applied');
      if (status === 'failed') throw new ConflictException('This import failed while it was applied; upload the file again to import it again');
      await manager.query(`UPDATE catalogue_imports SET status = 'queued' WHERE id = $1`, [id]);
      // the import's id is the job's, so an import has at most one job
      await this.jobs.boss.send(CATALOGUE_IMPORT_QUEUE, { importId: id } satisfies ImportJob, { id, db: jobDb(manager.queryRunner as QueryRunner) });
    });
    return this.summary(id);
  }

  /** Forgets imports older than a week (not one being applied). */
  async deleteExpired(): Promise<void> {
    await this.transactions.manager.query(
      `DELETE FROM catalogue_imports WHERE created_at < now() - make_interval(days => $1) AND status NOT IN ('queued', 'applying')`,
      [KEEP_DAYS],
    );
  }
}
