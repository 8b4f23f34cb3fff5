import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, as far as pdfkit writes it with its standard fonts: every content stream
 * (inflated when FlateDecode) and, in each, the strings of the text operators (TJ arrays of hex
 * strings, WinAnsi bytes), one line per operator. Enough to check what an invoice says without a
 * PDF library; a file that is not a PDF (no header, no trailer) throws.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  if (!raw.startsWith('%PDF-') || !raw.trimEnd().endsWith('%%EOF')) throw new Error('not a whole PDF file');
  const lines: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(match[1]!)) {
      try {
        body = inflateSync(body);
      } catch {
        continue; // not a content stream (e.g. an image)
      }
    }
    for (const operator of body.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const text = [...operator[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join('');
      lines.push(text);
    }
  }
  return lines.join('\n');
}
