import { Readable } from 'node:stream';
import fc from 'fast-check';
import { countRows, openCsv } from './csv-reader.js';

const source = (text: string, piece = 7) => Readable.from(Array.from({ length: Math.ceil(text.length / piece) }, (_, i) => Buffer.from(text.slice(i * piece, (i + 1) * piece))));

/** The data rows csv-parse gives the import (the header not counted, empty rows skipped). */
async function parsedRows(text: string): Promise<number> {
  const csv = await openCsv(source(text, 4096));
  let rows = 0;
  for await (const _ of csv.records) rows += 1;
  return rows;
}

describe('countRows', () => {
  it('counts the data rows: quoted newlines and escaped quotes inside a row, CRLF, LF and CR, blank and delimiter-only lines skipped', async () => {
    for (const end of ['\r\n', '\n', '\r']) {
      const text = ['slug,name', 'a,"two\r\nlines"', '', ',,', 'b,"say ""hi"""', '  ', '"",""', ' ;', 'c,\u00a0d'].join(end);
      // ' ;' is a row to csv-parse (the delimiter is the comma) but only delimiters to the count: one fewer
      expect([JSON.stringify(end), await countRows(source(text), 100), await parsedRows(text)]).toEqual([JSON.stringify(end), 3, 4]);
    }
    // a line end of another kind than the file's first is text inside a row, to csv-parse and the count
    const mixed = 'slug,name\r\na,b\nc\r\nd,e\r\n';
    expect(await countRows(source(mixed), 100)).toBe(2);
    expect(await parsedRows(mixed)).toBe(2);
    expect(await countRows(source('slug,name'), 100)).toBe(0);
    expect(await countRows(source(''), 100)).toBe(0);
  });

  it('stops reading once it has counted past `stopAfter`', async () => {
    let read = 0;
    const lines = (function* () {
      yield Buffer.from('slug\n');
      for (let i = 0; i < 1_000_000; i++) {
        read += 1;
        yield Buffer.from(`row-${i}\n`.repeat(100));
      }
    })();
    expect(await countRows(Readable.from(lines), 250)).toBeGreaterThan(250);
    expect(read).toBeLessThan(10);
  });

  it('refuses text that is not UTF-8, as the parse does', async () => {
    await expect(countRows(Readable.from([Buffer.from([0x73, 0x6c, 0xff, 0x0a])]), 10)).rejects.toThrow('The file is not UTF-8 text');
  });

  it('never counts more rows than csv-parse reads (so it never refuses a file the limit admits)', async () => {
    const cell = fc.oneof(fc.constantFrom('', ' ', '\u00a0', 'a', 'b c', ';', '\t', 'x;y', '\r', '\n'), fc.string({ maxLength: 6 }).filter((s) => !s.includes('"')), fc.string({ maxLength: 6 }).map((s) => `"${s.replaceAll('"', '""')}"`));
    const line = fc.array(cell, { minLength: 1, maxLength: 4 }).map((cells) => cells.join(','));
    const end = fc.constantFrom('\n', '\r\n', '\r');
    // lines joined by line ends of any kind, mixed within a file
    const file = fc.array(fc.tuple(line, end), { maxLength: 12 }).map((lines) => `slug,name${lines.map(([text, ending]) => `${ending}${text}`).join('')}`);
    await fc.assert(
      fc.asyncProperty(file, async (text) => {
        const parsed = await parsedRows(text).catch(() => undefined);
        fc.pre(parsed !== undefined); // a file csv-parse refuses is refused either way
        expect(await countRows(source(text), 1000)).toBeLessThanOrEqual(parsed!);
      }),
      { seed: 20261129, numRuns: 300 },
    );
  });
});
