/**
 * Catalogue import and export (CSV): the columns, the dry run's report, the apply's progress.
 * One column per product field; a row is matched to a product by its slug (or, with no slug,
 * by the slug its name makes).
 */

/** The CSV's columns, in the order export writes them and the template shows them. */
export const PRODUCT_CSV_COLUMNS = [
  'slug',
  'name',
  'product_type',
  'category',
  'subcategory',
  'manufacturer',
  'price',
  'description',
  'image_url',
  'in_stock',
  'is_featured',
  'is_new',
  'rating',
  'reviews_count',
  'delivery_time',
  'warranty',
  'affiliate_link',
  'external_link',
  'features',
  'specifications',
  'service_details',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Columns a file must have (in any order); the others may be left out and keep their defaults on create and the stored value on update. */
export const PRODUCT_CSV_REQUIRED_COLUMNS = ['name', 'product_type', 'category'] as const satisfies readonly ProductCsvColumn[];

export const IMPORT_LIMITS = {
  /** largest file POST /api/admin/imports accepts */
  fileMaxBytes: 50 * 1024 * 1024,
  /** most data rows in one file */
  rowsMax: 200_000,
  /** failing rows per page of GET /api/admin/imports/:id */
  errorsPageMax: 100,
} as const;

/** What the dry run found a row would do, or, after apply, what it did. */
export const IMPORT_ROW_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportRowAction = (typeof IMPORT_ROW_ACTIONS)[number];

/**
 * ready: dry run done, nothing changed yet; queued/applying: the background job; applied: done
 * (see `result`); failed: the job stopped for a reason other than a row (see `failure`).
 */
export const IMPORT_STATUSES = ['ready', 'queued', 'applying', 'applied', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportCounts {
  create: number;
  update: number;
  unchanged: number;
  error: number;
}

/** One message about one field of one row: `line` is the file's line number (the header is line 1). */
export interface ImportRowError {
  line: number;
  /** the row's slug or name, when it has one, for the admin to recognise it */
  label: string | null;
  /** the column the message is about; null for the row as a whole */
  field: string | null;
  message: string;
}

/** A category or subcategory the file names that does not exist (created on apply when `createCategories`). */
export interface MissingCategory {
  kind: 'category' | 'subcategory';
  name: string;
  product_type: string;
  /** for a subcategory: its category's name */
  parent: string | null;
  /** data rows that name it */
  rows: number;
}

export interface ImportSummary {
  id: string;
  filename: string;
  status: ImportStatus;
  created_at: string;
  /** the option of the dry run: create missing categories and subcategories on apply */
  createCategories: boolean;
  /** data rows in the file (the header is not counted) */
  total: number;
  /** what the dry run found */
  counts: ImportCounts;
  /** columns the file has that are not product fields: reported, ignored */
  unknownColumns: string[];
  missingCategories: MissingCategory[];
  /** while applying and after: rows done of `total` */
  progress: { done: number; total: number };
  /** after apply: what it did (rows that failed while applying count as error) */
  result: ImportCounts | null;
  /** why a job stopped (not a row's error), e.g. the database went away for longer than the retries */
  failure: string | null;
  finished_at: string | null;
}

/** One row of the dry run's review: `line` is the file's line; `reason` says why a skipped row is skipped (null otherwise). */
export interface ImportReviewRow { line: number; slug: string | null; name: string | null; action: 'create' | 'update' | 'skipped'; reason: string | null }
/** The rows of one action: `total` counts them all, `rows` lists the first `limit` (ImportReview) in line order. */
export interface ImportReviewGroup { total: number; rows: ImportReviewRow[] }
/**
 * Which rows the apply will create and update, and which it skips (the CSV template's example rows:
 * name starting "Example:" and slug "example-"; skipped rows are in no `counts`).
 */
export interface ImportReview { limit: number; create: ImportReviewGroup; update: ImportReviewGroup; skipped: ImportReviewGroup }

/** POST /api/admin/imports and GET /api/admin/imports/:id?errorsPage=&errorsLimit= : the summary, one page of row errors and the review. */
export interface ImportDetail extends ImportSummary {
  errors: { rows: ImportRowError[]; total: number; page: number; limit: number };
  review: ImportReview;
}
