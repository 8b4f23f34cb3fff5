/**
 * CSV as spreadsheets read it (RFC 4180, CRLF line ends), shared by every export and by the
 * catalogue import. A cell that starts with = + - @ (or a tab or carriage return) gets a leading
 * apostrophe, so a spreadsheet shows it as text instead of running it as a formula; the import
 * takes that apostrophe off again, so an exported file imports unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when needed, and a formula start defused. */
export function csvCell(value: unknown): string {
  let text = value instanceof Date ? value.toISOString() : value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of cells, with its CRLF. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A cell as read back: the apostrophe csvCell put before a formula start removed. */
export function csvCellValue(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
