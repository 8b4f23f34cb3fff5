import type { ImportReviewDto, ImportReviewRowDto } from './dto/imports.dto.js';
import { EXAMPLE_ROW_REASON } from './example-rows.js';
import type { JudgedRow, RowCells } from './import-row.js';

/** Rows the dry run's review lists per action at most; its totals count them all. */
export const REVIEW_ROWS_MAX = 100;

type ReviewAction = ImportReviewRowDto['action'];
const REVIEWED = new Set<string>(['create', 'update', 'skipped'] satisfies ReviewAction[]);

/**
 * The dry run's review, gathered as the rows are judged: for each of create, update and skipped,
 * how many rows and the first REVIEW_ROWS_MAX of them in line order, so the admin sees which
 * products an apply will add or change before it runs. Stored with the import (a few tens of kB at
 * most), so a report reads it back instead of scanning the import's rows.
 */
export class ReviewCollector {
  private readonly review: ImportReviewDto = {
    limit: REVIEW_ROWS_MAX,
    create: { total: 0, rows: [] },
    update: { total: 0, rows: [] },
    skipped: { total: 0, rows: [] },
  };

  add(row: RowCells, judged: JudgedRow): void {
    if (!REVIEWED.has(judged.action)) return;
    const action = judged.action as ReviewAction;
    const group = this.review[action];
    group.total += 1;
    if (group.rows.length >= REVIEW_ROWS_MAX) return;
    group.rows.push({ line: judged.line, slug: judged.slug, name: row.cells.name?.trim() || null, action, reason: action === 'skipped' ? EXAMPLE_ROW_REASON : null });
  }

  get result(): ImportReviewDto {
    return this.review;
  }
}

/** The review of an import; one made before reviews were kept has its counts and no rows. */
export function storedReview(review: ImportReviewDto | null, counts: { create: number; update: number }): ImportReviewDto {
  return (
    review ?? {
      limit: REVIEW_ROWS_MAX,
      create: { total: counts.create, rows: [] },
      update: { total: counts.update, rows: [] },
      skipped: { total: 0, rows: [] },
    }
  );
}
