/**
 * multipart/form-data bodies written byte by byte, for what a client library never sends: a raw NUL
 * in a part's header, an RFC 5987 `filename*=` in another charset, a text field in UTF-16.
 */
export interface RawPart {
  /** the Content-Disposition header's value, e.g. `form-data; name="file"; filename*=utf-8''a%00b.csv` */
  disposition: string;
  contentType?: string;
  body: string | Buffer;
}

export function multipartBody(parts: RawPart[]): { contentType: string; body: Buffer } {
  const boundary = `----dm-test-${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const headers = [`--${boundary}`, `Content-Disposition: ${part.disposition}`, ...(part.contentType ? [`Content-Type: ${part.contentType}`] : []), '', ''];
    // latin1: every character of a header given here is sent as the one byte it stands for
    chunks.push(Buffer.from(headers.join('\r\n'), 'latin1'), Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}

/** A lone high surrogate (U+D800) as UTF-16LE bytes between two letters: valid bytes, not well-formed text. */
export const LONE_SURROGATE_UTF16LE = Buffer.from([0x61, 0x00, 0x00, 0xd8, 0x62, 0x00]);
