import { Readable } from 'node:stream';
import { BadRequestException } from '@nestjs/common';
import { CsvError, parse } from 'csv-parse';
import { timeSlices } from '../common/time-slices.js';

/** A file the import cannot read at all: 400 with a message for the admin. */
export class UnreadableCsv extends BadRequestException {}

/** One data row: the file's line it starts on (the header is line 1) and its cells as written. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export interface CsvFile {
  header: string[];
  delimiter: string;
  /** the data rows, read as they are consumed (back-pressure down to the file) */
  records: AsyncIterable<CsvRecord>;
}

/** The delimiters a header line may use; a tie goes to the first (the comma). */
const DELIMITERS = [',', ';', '\t'];
/** A header line longer than this is not a header (a binary file, or one enormous line). */
const HEADER_MAX_CHARS = 1024 * 1024;
/** A row longer than this (a 20,000-character description and its JSON columns fit many times). */
const RECORD_MAX_CHARS = 2 * 1024 * 1024;
/**
 * csv-parse parses what it is given in one synchronous go (a 256 KB read of short rows took 150-300
 * ms), so the file reaches it in pieces this small: each a few milliseconds of parsing at most.
 */
const PIECE_BYTES = 16 * 1024;

/**
 * The file's text in pieces of at most PIECE_BYTES, checked as it streams: UTF-8 (a stray byte
 * anywhere is refused, wherever it is), no NUL characters (binary files and UTF-16 text have them;
 * CSV never does). A byte order mark is dropped by the decoder, and a character cut by a piece's end
 * is completed by the next.
 */
async function* utf8Text(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new UnreadableCsv('The file is not UTF-8 text');
    }
  };
  for await (const chunk of source) {
    for (let at = 0; at < chunk.length; at += PIECE_BYTES) {
      const text = decode(chunk.subarray(at, at + PIECE_BYTES));
      if (text.includes('\0')) throw new UnreadableCsv('The file is not a CSV file: it contains binary data');
      if (text) yield text;
    }
  }
  const rest = decode();
  if (rest) yield rest;
}

/** Where the first line ends (a newline outside quotes), or -1 while it has not ended yet. */
function firstLineEnd(text: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) return i;
  }
  return -1;
}

/** The delimiter the header line uses most, counted outside quotes. */
export function detectDelimiter(headerLine: string): string {
  const counts = new Map(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return DELIMITERS.reduce((best, d) => (counts.get(d)! > counts.get(best)! ? d : best));
}

/** Whether String.prototype.trim removes this character (a cell of only such characters is empty). */
function isTrimmed(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const QUOTE = 0x22;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
/** Neither a delimiter the import reads (comma, semicolon, tab) nor a quote nor blank: a row with one is not empty. */
const isContent = (code: number) => code !== QUOTE && code !== 0x2c && code !== 0x3b && !isTrimmed(code);

/**
 * How many data rows the file has, at least, read without parsing (a few hundred milliseconds for
 * 50 MB, the event loop given way between pieces), so that a file over the row limit is refused
 * before a single row is judged. It counts the lines that end outside quotes and hold something
 * other than delimiters, quotes and blanks, less the header; it never counts more than csv-parse
 * reads (a line of delimiters only, in a file whose delimiter is another, is one cell to csv-parse
 * but not counted here), so a file it passes is still held to the limit while it is parsed. Stops
 * reading once it has counted `stopAfter`. Throws UnreadableCsv as the parse would for a file that is
 * not UTF-8 or holds binary data.
 */
export async function countRows(source: AsyncIterable<Buffer>, stopAfter: number): Promise<number> {
  const giveWay = timeSlices();
  let records = 0;
  let quoted = false;
  let content = false;
  // csv-parse takes the first line end it meets (LF, CR or CRLF) as the file's, and any other as text
  let ending: 'lf' | 'cr' | 'crlf' | undefined;
  let afterReturn = false;
  const endRecord = () => {
    if (content) records += 1;
    content = false;
  };
  const read = (code: number) => {
    if (afterReturn) {
      afterReturn = false;
      if (code === NEWLINE && ending !== 'lf' && ending !== 'cr') {
        ending = 'crlf';
        return endRecord();
      }
      if (ending === undefined) {
        ending = 'cr';
        endRecord();
      }
    }
    if (code === QUOTE) quoted = !quoted;
    else if (!quoted && code === NEWLINE && (ending === undefined || ending === 'lf')) {
      ending = 'lf';
      endRecord();
    } else if (!quoted && code === RETURN && ending === 'cr') endRecord();
    else if (!quoted && code === RETURN && ending !== 'lf') afterReturn = true;
    else if (!content && isContent(code)) content = true;
  };
  for await (const text of utf8Text(source)) {
    for (let i = 0; i < text.length; i++) read(text.charCodeAt(i));
    // the header is one of the records counted
    if (records - 1 > stopAfter) return records - 1;
    await giveWay();
  }
  if (afterReturn && ending === undefined) endRecord();
  endRecord();
  return Math.max(records - 1, 0);
}

function notCsv(error: unknown): unknown {
  return error instanceof CsvError ? new UnreadableCsv(`The file is not a CSV file: ${error.message}`) : error;
}

/**
 * Opens a CSV file for the import: reads up to the end of its header line to choose the delimiter
 * (comma, semicolon or tab), then parses with csv-parse as the rows are consumed. A row with the wrong
 * number of cells is given as it is (the caller makes it that row's error); rows with no cell filled
 * in are skipped. Throws UnreadableCsv for a file that is not UTF-8, not CSV, or has no header.
 * The caller closes `source` when done (or when this throws).
 */
export async function openCsv(source: AsyncIterable<Buffer>): Promise<CsvFile> {
  const text = utf8Text(source);
  let head = '';
  for (let next = await text.next(); ; next = await text.next()) {
    if (!next.done) head += next.value;
    if (next.done || firstLineEnd(head) >= 0) break;
    if (head.length > HEADER_MAX_CHARS) throw new UnreadableCsv('The file is not a CSV file: its first line has no end');
  }
  const end = firstLineEnd(head);
  const delimiter = detectDelimiter(end >= 0 ? head.slice(0, end) : head);

  const parser = parse({
    delimiter,
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: RECORD_MAX_CHARS,
  });
  async function* all(): AsyncGenerator<string> {
    if (head) yield head;
    yield* text;
  }
  // an error of the source (not UTF-8, binary) ends the parser with that error
  Readable.from(all()).on('error', (error) => parser.destroy(error)).pipe(parser);
  const rows = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number; empty_lines: number } }>;

  let first: IteratorResult<{ record: string[]; info: { lines: number; empty_lines: number } }>;
  try {
    do first = await rows.next();
    while (!first.done && first.value.record.every((cell) => cell.trim() === ''));
  } catch (error) {
    parser.destroy();
    throw notCsv(error);
  }
  if (first.done) throw new UnreadableCsv('The file has no header row');
  let lastLine = first.value.info.lines;
  let emptyLines = first.value.info.empty_lines;

  async function* records(): AsyncGenerator<CsvRecord> {
    // rows already parsed come by resolved promises only: the event loop gets a turn every few ms
    const giveWay = timeSlices();
    try {
      for (let next = await rows.next(); !next.done; next = await rows.next()) {
        await giveWay();
        const { record, info } = next.value;
        // the row starts after the previous one and the empty lines skipped since
        const line = lastLine + 1 + (info.empty_lines - emptyLines);
        lastLine = info.lines;
        emptyLines = info.empty_lines;
        if (record.every((cell) => cell.trim() === '')) continue;
        yield { line, cells: record };
      }
    } catch (error) {
      throw notCsv(error);
    } finally {
      parser.destroy();
    }
  }
  return { header: first.value.record, delimiter, records: records() };
}
