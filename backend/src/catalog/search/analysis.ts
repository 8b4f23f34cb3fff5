/**
 * Text analysis, as the search index needs it: a product's search document (`search_document::text`)
 * read into lexemes and their best weights, and the words and trigrams of names that the typo
 * corrections compare (pg_trgm's). The query side is tsquery.ts.
 */
import { readQuoted } from './tsquery.js';

/** Weight codes as stored per posting: 0 absent, D 1, C 2, B 3, A 4. */
const WEIGHT_CODE: Record<string, number> = { A: 4, B: 3, C: 2, D: 1 };

/** The document's lexemes with their best weight: `'word':1A,4 'other'` → [['word', 4], ['other', 1]]. */
export function parseDocument(text: string): [string, number][] {
  const out: [string, number][] = [];
  let at = 0;
  const n = text.length;
  while (at < n) {
    while (at < n && text[at] === ' ') at += 1;
    if (at >= n) break;
    if (text[at] !== "'") throw new Error(`tsvector text: expected a quote at ${at}`);
    const read = readQuoted(text, at + 1);
    if (!read) throw new Error('tsvector text: unterminated lexeme');
    const lexeme = read.value;
    at = read.end;
    // no positions: weight D (PostgreSQL's default)
    let best = 1;
    if (text[at] === ':') {
      at += 1;
      while (at < n && text[at] !== ' ') {
        const ch = text[at]!;
        const code = WEIGHT_CODE[ch];
        if (code !== undefined) {
          if (code > best) best = code;
        }
        at += 1;
      }
      // positions without a letter are D, already the floor
    }
    out.push([lexeme, best]);
  }
  return out;
}

/** The words of a name as the corrections offer them: lower case, split at anything but letters and digits. */
export function wordsOf(name: string): string[] {
  return name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** pg_trgm's trigrams of a text: each word lower-cased, two spaces before and one after. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of wordsOf(text)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  }
  return out;
}
