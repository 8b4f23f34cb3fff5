/**
 * The full-text search's SQL: the tsquery built from typed text (the last word a prefix), the
 * 'Best match' ranking, the typo correction and the header's suggestions.
 */

import { likePattern, ORDER_BY, Params, type Sql, TOTAL_CAP, whereOf } from './product-sql.js';

/**
 * A last word made only of letters, marks and digits (no tsquery syntax at all): the prefix. A last
 * word with punctuation inside ('x-ray', 'call-out_fees', '3.5mm') is left whole to websearch_to_tsquery,
 * which reads it as the phrase the document's parser made of it.
 */
const WORD_AT_END = /(^|\s)([\p{L}\p{M}\p{N}]+)$/u;

/**
 * Splits a trimmed search into what `websearch_to_tsquery` reads (quoted phrases, -word, or) and
 * the last word, matched as a prefix ('autocl' finds autoclaves while typing). The last word is
 * read whole when it is inside an open quote, excluded with '-' or holds punctuation; after 'or'
 * it is an alternative rather than a further condition.
 */
export function splitSearch(term: string): { head: string; prefix: string; or: boolean } {
  const match = WORD_AT_END.exec(term);
  if (!match) return { head: term, prefix: '', or: false };
  const before = term.slice(0, match.index + match[1]!.length);
  // inside an open quote: part of a phrase
  if ((before.match(/"/g) ?? []).length % 2 === 1) return { head: term, prefix: '', or: false };
  const or = /(^|\s)or\s+$/i.test(before);
  return { head: or ? before.replace(/(^|\s)or\s+$/i, ' ') : before, prefix: match[2]!, or };
}

/**
 * The shorter forms a typed prefix may have as a stem: up to 4 letters off a prefix of 7 or more,
 * down to 5 letters (English suffixes the stemmer strips: -ators, -ation, -ing…). Letters and
 * digits only, lower case, so each is a valid whole-word to_tsquery.
 */
export function prefixStems(prefix: string): string[] {
  const chars = [...prefix.toLowerCase()];
  const forms: string[] = [];
  if (chars.length < 7) return forms;
  for (let drop = 1; drop <= 4 && chars.length - drop >= 5; drop++) forms.push(chars.slice(0, chars.length - drop).join(''));
  return forms;
}

/**
 * The search's tsquery as an SQL expression over parameters: never built by pasting user text
 * into tsquery syntax. `websearch_to_tsquery` accepts any text; the prefix holds only letters,
 * marks and digits, so `prefix || ':*'` is always a valid to_tsquery input. Only stop words or
 * punctuation ('"', ':*', '&|!') make an empty query, which matches nothing.
 */
export function searchQuery(term: string, params: Params): string {
  const { head, prefix, or } = splitSearch(term);
  const parts: string[] = [];
  if (head.trim()) parts.push(`websearch_to_tsquery('english', ${params.add(head)})`);
  if (prefix) {
    // the document holds stems: 'frobnicat' (typing 'frobnicators') is past its stem 'frobnic', so
    // a long prefix also matches its own shorter forms as whole words
    const shorter = prefixStems(prefix);
    const alternatives = [`to_tsquery('english', ${params.add(`${prefix}:*`)})`, ...shorter.map((word) => `to_tsquery('simple', ${params.add(word)})`)];
    parts.push(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' || ')})`);
  }
  if (parts.length === 0) return `websearch_to_tsquery('english', ${params.add(term)})`;
  return parts.length === 1 ? parts[0]! : `(${parts.join(or ? ' || ' : ' && ')})`;
}

/** A lexeme in a tsquery's text ('word', quotes doubled) and its prefix mark: the operands nameOnly weights. */
const OPERAND = String.raw`('(?:[^'\\]|''|\\.)*')(?::(\*))?`.replace(/'/g, "''");

/**
 * The same query with every word restricted to the name (weight A): each operand of the query's
 * text ('word' or 'word':*) gets :A. Matching it means every searched word is in the name; its
 * negations (!'word':A) never widen anything, as it is always used together with the query itself.
 */
function nameOnly(query: string): string {
  return `regexp_replace((${query})::text, '${OPERAND}', '\\1:\\2A', 'g')::tsquery`;
}

/**
 * 'Best match' ranks at most this many matches, so a word in half the catalogue costs about what a
 * rare one does: the matches the planner reads stop here, and only they are ranked. They are the
 * best-rated matches (the rating sort's index, walked while the word is common; the few matches of
 * a rare word sorted), never "the first the scan met": an unordered LIMIT returned different
 * products for the same search from one request to the next (synchronised scans start anywhere),
 * so pages repeated or skipped products. Twice TOTAL_CAP, so every page the capped total announces
 * is there.
 */
export const RANK_CANDIDATES = 2 * TOTAL_CAP;

/**
 * The best `limitAt` of the first `candidates` matches: those whose name holds every searched word
 * first, then by ts_rank_cd (weights A 1, B 0.4, C 0.2, D 0.1), then name, id.
 */
export function rankedIds(conditions: string[], query: string, candidates: number, limitAt: string, offsetAt?: string): string {
  return (
    `WITH candidates AS (SELECT p.id, p.name, p.search_document FROM products p ${whereOf(conditions)} ORDER BY ${ORDER_BY.rating} LIMIT ${candidates}), ` +
    `best AS (SELECT c.id, c.name, c.search_document @@ ${nameOnly(query)} AS in_name, ts_rank_cd(c.search_document, ${query}) AS rank ` +
    `FROM candidates c ORDER BY in_name DESC, rank DESC, c.name, c.id LIMIT ${limitAt}${offsetAt ? ` OFFSET ${offsetAt}` : ''}) `
  );
}

export const RANKED_ORDER = 'best.in_name DESC, best.rank DESC, best.name, best.id';

/**
 * Run in the same transaction right before `correctedSearchSql`: lowers the threshold of pg_trgm's
 * `<%` operator (default 0.6) for this transaction only, so a typo such as 'implnt' (0.57 against
 * "… Implant …") still matches through the trigram index on name.
 */
export const WORD_SIMILARITY_THRESHOLD_SQL: Sql = {
  text: `SELECT set_config('pg_trgm.word_similarity_threshold', '0.4', true)`,
  values: [],
};

/**
 * For a search that found nothing: the word of the closest product name (by trigram word
 * similarity, at least 0.4) most similar to `term`, as one row `{ word }`, or no row. The caller
 * searches again with that word. Candidates are bounded so a short typo matching thousands of
 * names costs a bounded amount of work.
 */
export function correctedSearchSql(term: string): Sql {
  return {
    text:
      'SELECT w AS word FROM (' +
      '  SELECT c.name FROM (SELECT name, id FROM products WHERE $1 <% name LIMIT 1000) c' +
      '  ORDER BY word_similarity($1, c.name) DESC, c.id LIMIT 1' +
      ") best, regexp_split_to_table(lower(best.name), '[^[:alnum:]]+') w " +
      "WHERE w <> '' ORDER BY similarity(w, $1) DESC, w LIMIT 1",
    values: [term],
  };
}

/** Candidates ranked for the header's suggestions (per kind, as for 'Best match'). */
export const SUGGEST_CANDIDATES = 100;

/**
 * GET /api/search/suggestions: one row with `products` (at most `products`, best match first, the
 * last word a prefix) and `categories` (at most `categories` whose name holds the query, by name),
 * each a JSON array.
 */
export function suggestionsSql(q: string, { products = 5, categories = 3 }: { products?: number; categories?: number } = {}): Sql {
  const params = new Params();
  const query = searchQuery(q, params);
  const pattern = params.add(likePattern(q));
  const text =
    `${rankedIds([`p.search_document @@ ${query}`], query, SUGGEST_CANDIDATES, String(products))}` +
    'SELECT (SELECT coalesce(json_agg(json_build_object(\'id\', p.id, \'name\', p.name, \'slug\', p.slug, \'product_type\', p.product_type, ' +
    `'manufacturer', p.manufacturer, 'price', p.price::text, 'image_url', p.image_url) ORDER BY ${RANKED_ORDER}), '[]') ` +
    'FROM best JOIN products p ON p.id = best.id) AS products, ' +
    "(SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'product_type', c.product_type) ORDER BY c.name, c.id), '[]') " +
    `FROM (SELECT * FROM categories c WHERE c.name ILIKE ${pattern} ORDER BY c.name, c.id LIMIT ${categories}) c) AS categories`;
  return { text, values: params.values };
}
