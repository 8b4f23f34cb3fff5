/**
 * The import template's example rows (GET /api/admin/imports/template.csv), and how an import knows
 * one: its name starts with 'Example:' and its slug (or, without a slug cell, the slug its name
 * makes) with 'example-'. A dry run marks such a row 'skipped' and the apply passes over it, so a
 * template uploaded as downloaded adds nothing to the shop; an admin who renames the row (or gives it
 * a slug of its own) makes it an ordinary row that imports.
 */
export const EXAMPLE_NAME_PREFIX = 'Example: ';
export const EXAMPLE_SLUG_PREFIX = 'example-';

/** Why the review lists a row as skipped. */
export const EXAMPLE_ROW_REASON = "example row: the template's sample, never imported (rename it, or give it a slug of its own, to import it)";

export function isExampleRow(row: { cells: { name?: string }; slug: string | null }): boolean {
  return /^example:/i.test(row.cells.name?.trim() ?? '') && (row.slug ?? '').toLowerCase().startsWith(EXAMPLE_SLUG_PREFIX);
}
