import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { BadRequestException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IMPORT_LIMITS, type ImportCounts } from '@dentalmarket/contracts';
import { timeSlices } from '../common/time-slices.js';
import { Transactions } from '../database/transactions.js';
import { CategoryResolver, MissingCategories } from './category-resolver.js';
import type { ImportDetailDto } from './dto/imports.dto.js';
import { countRows, openCsv } from './csv-reader.js';
import { isExampleRow } from './example-rows.js';
import { ReviewCollector } from './import-review.js';
import { type JudgedRow, judgeRow, readCells, readHeader, type RowCells, type RowContext } from './import-row.js';
import { ImportsService } from './imports.service.js';
import { STORED_PRODUCT_COLUMNS, type StoredProduct } from './product-csv.js';

const tooManyRows = () => new BadRequestException(`The file has more than ${IMPORT_LIMITS.rowsMax.toLocaleString('en-US')} rows: split it into smaller files`);

/** Rows judged and stored together: one lookup of their products, one insert. */
const BATCH_ROWS = 1000;

export interface UploadedCsv {
  /** where multer put the upload */
  path: string;
  filename: string;
}

/**
 * The dry run of an import: the file is read as it streams (never whole in memory), a thousand rows
 * at a time: their products looked up by slug in one query, each row judged (import-row.ts) or, when
 * it is the template's example, skipped (example-rows.ts), and the batch stored in one insert, the
 * review (import-review.ts) gathered on the way; nothing in the catalogue changes. All of it is one
 * transaction, so a file refused half-way (too many rows, not CSV further down) leaves nothing behind.
 */
@Injectable()
export class ImportDryRunService {
  constructor(
    private readonly transactions: Transactions,
    private readonly imports: ImportsService,
  ) {}

  async run(upload: UploadedCsv, createCategories: boolean, userId: number | null): Promise<ImportDetailDto> {
    await this.imports.deleteExpired();
    // a file over the row limit is refused before a row is judged (judging 200,000 rows takes a minute)
    const counted = fs.createReadStream(upload.path, { highWaterMark: 256 * 1024 });
    try {
      if ((await countRows(counted, IMPORT_LIMITS.rowsMax)) > IMPORT_LIMITS.rowsMax) throw tooManyRows();
    } finally {
      counted.destroy();
    }
    const source = fs.createReadStream(upload.path, { highWaterMark: 256 * 1024 });
    try {
      const csv = await openCsv(source);
      const columns = readHeader(csv.header);
      const id = randomUUID();
      await this.transactions.run(async (manager) => {
        await manager.query(
          `INSERT INTO catalogue_imports (id, filename, created_by, create_categories, columns, unknown_columns) VALUES ($1, $2, $3, $4, $5, $6)`,
          [id, upload.filename, userId, createCategories, [...columns.index.keys()], columns.unknown],
        );
        const context: RowContext = { resolver: await CategoryResolver.load(manager), missing: new MissingCategories(), createCategories };
        const firstLines = new Map<string, number>();
        const counts: ImportCounts = { create: 0, update: 0, unchanged: 0, error: 0 };
        const review = new ReviewCollector();
        let total = 0;
        let batch: RowCells[] = [];
        const flush = async () => {
          const judged = await this.judge(manager, batch, context, firstLines);
          judged.forEach((row, i) => {
            if (row.action !== 'skipped') counts[row.action] += 1;
            review.add(batch[i]!, row);
          });
          await this.store(manager, id, judged);
          batch = [];
        };
        for await (const record of csv.records) {
          // the count above never counts more rows than the parse reads: the limit holds here too
          if (++total > IMPORT_LIMITS.rowsMax) throw tooManyRows();
          batch.push(readCells(record, columns));
          if (batch.length >= BATCH_ROWS) await flush();
        }
        if (batch.length) await flush();
        await manager.query(
          `UPDATE catalogue_imports SET total = $2, count_create = $3, count_update = $4, count_unchanged = $5, count_error = $6, missing_categories = $7, review = $8 WHERE id = $1`,
          [id, total, counts.create, counts.update, counts.unchanged, counts.error, JSON.stringify(context.missing.list()), JSON.stringify(review.result)],
        );
      });
      return this.imports.detail(id);
    } finally {
      source.destroy();
    }
  }

  /**
   * Judges a batch against its products; a slug seen on an earlier line makes the row an error.
   * A row's validation takes a fraction of a millisecond, a batch's a few hundred: it gives way.
   */
  private async judge(manager: EntityManager, batch: RowCells[], context: RowContext, firstLines: Map<string, number>): Promise<JudgedRow[]> {
    const slugs = [...new Set(batch.filter((row) => row.slug && !row.errors.length).map((row) => row.slug!))];
    const stored = (await manager.query(`SELECT ${STORED_PRODUCT_COLUMNS} FROM products p WHERE p.slug = ANY($1::text[])`, [slugs])) as StoredProduct[];
    const bySlug = new Map(stored.map((product) => [product.slug, product]));
    const giveWay = timeSlices();
    const judged: JudgedRow[] = [];
    for (const row of batch) {
      await giveWay();
      judged.push(this.judgeOne(row, bySlug, context, firstLines));
    }
    return judged;
  }

  private judgeOne(row: RowCells, bySlug: Map<string, StoredProduct>, context: RowContext, firstLines: Map<string, number>): JudgedRow {
    // the template's sample as downloaded: neither judged nor counted against its slug or categories
    if (isExampleRow(row)) return { line: row.line, action: 'skipped', slug: row.slug, label: row.label, data: null, errors: [] };
    const judged = judgeRow(row, row.slug ? bySlug.get(row.slug) : undefined, context);
    if (!row.slug || row.errors.length) return judged;
    const first = firstLines.get(row.slug);
    if (first === undefined) {
      firstLines.set(row.slug, row.line);
      return judged;
    }
    return { ...judged, action: 'error', data: null, errors: [...judged.errors, { field: 'slug', message: `The slug '${row.slug}' is on line ${first} already: a product can be in the file once` }] };
  }

  /** One insert for a batch's rows. */
  private async store(manager: EntityManager, id: string, rows: JudgedRow[]): Promise<void> {
    await manager.query(
      `INSERT INTO catalogue_import_rows (import_id, line, action, slug, label, data, errors)
       SELECT $1, r.line, r.action, r.slug, r.label, r.data, r.errors
         FROM jsonb_to_recordset($2::jsonb) AS r(line int, action text, slug text, label text, data jsonb, errors jsonb)`,
      [id, JSON.stringify(rows.map((row) => ({ ...row, errors: row.errors.length ? row.errors : null })))],
    );
  }
}

