import type { ImportCounts, MissingCategory } from '@dentalmarket/contracts';
import { TYPE_LABELS } from '../productForm.js';

/** Every figure of the import screens, grouped in thousands the same way whatever the browser's language. */
export const figure = (n: number) => n.toLocaleString('en-US');

/** The dry run's four figures, in the order the review shows them. */
export function checkFigures(counts: ImportCounts): { key: keyof ImportCounts; text: string }[] {
  return [
    { key: 'create', text: `${figure(counts.create)} to create` },
    { key: 'update', text: `${figure(counts.update)} to update` },
    { key: 'unchanged', text: `${figure(counts.unchanged)} unchanged` },
    { key: 'error', text: `${figure(counts.error)} with errors` },
  ];
}

/** What an applied import did (rows that failed, in the dry run or while applying, are `error`). */
export const resultCounts = (result: ImportCounts) =>
  `${figure(result.create)} created, ${figure(result.update)} updated, ${figure(result.unchanged)} unchanged, ${figure(result.error)} failed`;

export const resultSentence = (result: ImportCounts) => `Import finished: ${resultCounts(result)}`;

export const progressText = ({ done, total }: { done: number; total: number }) => `${figure(done)} of ${figure(total)} rows`;

/** 'Category "Lasers" (Equipment), 4 rows' / 'Subcategory "Diode" in "Lasers" (Equipment), 1 row'. */
export function missingCategoryText(missing: MissingCategory): string {
  const type = TYPE_LABELS[missing.product_type as keyof typeof TYPE_LABELS]?.split(' ')[0] ?? missing.product_type;
  const what = missing.kind === 'category' ? `Category "${missing.name}"` : `Subcategory "${missing.name}" in "${missing.parent ?? ''}"`;
  return `${what} (${type}), ${figure(missing.rows)} ${missing.rows === 1 ? 'row' : 'rows'}`;
}

/** A file's size as the picker shows it: '812 KB', '12.4 MB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${figure(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}
