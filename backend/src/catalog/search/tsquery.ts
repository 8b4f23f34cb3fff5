/**
 * PostgreSQL's text form of a tsquery (what `(websearch_to_tsquery(…) && to_tsquery(…))::text`
 * prints) read into a tree the in-process search index evaluates. PostgreSQL builds the query
 * (stemming, stop words, websearch syntax, the prefix of the last word: product-queries.ts
 * searchQuery), so the index matches exactly the lexemes the database would.
 *
 * Grammar of the printed form, loosest first: `a | b`, `a & b`, `a <-> b` / `a <N> b`, `!a`,
 * `( … )`, operands `'lexeme'` with quotes doubled and backslashes escaped, optionally followed by
 * `:*` (prefix) and weight letters (`:*AB`, `:A`).
 */
export type TsQuery =
  | { kind: 'term'; lexeme: string; prefix: boolean; /** bit 0 D … bit 3 A; 0 = any */ weights: number }
  | { kind: 'not'; arg: TsQuery }
  | { kind: 'and' | 'or'; left: TsQuery; right: TsQuery }
  | { kind: 'phrase'; left: TsQuery; right: TsQuery; distance: number };

const WEIGHT_BITS: Record<string, number> = { D: 1, C: 2, B: 4, A: 8 };

/** The tree of `text`, or null for the empty query (only stop words or punctuation: matches nothing). */
export function parseTsQuery(text: string): TsQuery | null {
  let at = 0;
  const skip = () => {
    while (at < text.length && text[at] === ' ') at += 1;
  };
  const fail = (what: string): never => {
    throw new Error(`tsquery text: ${what} at ${at} in ${JSON.stringify(text)}`);
  };

  function operand(): TsQuery {
    skip();
    const c = text[at];
    if (c === '!') {
      at += 1;
      return { kind: 'not', arg: operand() };
    }
    if (c === '(') {
      at += 1;
      const inner = or();
      skip();
      if (text[at] !== ')') fail('missing )');
      at += 1;
      return inner;
    }
    if (c !== "'") fail('expected an operand');
    const read = readQuoted(text, at + 1);
    if (!read) return fail('unterminated lexeme');
    const lexeme = read.value;
    at = read.end;
    let prefix = false;
    let weights = 0;
    if (text[at] === ':') {
      at += 1;
      while (at < text.length && /[*A-Da-d]/.test(text[at]!)) {
        const ch = text[at]!.toUpperCase();
        if (ch === '*') prefix = true;
        else weights |= WEIGHT_BITS[ch]!;
        at += 1;
      }
    }
    return { kind: 'term', lexeme, prefix, weights };
  }

  function phrase(): TsQuery {
    let left = operand();
    for (;;) {
      skip();
      const m = /^<(-|\d+)>/.exec(text.slice(at, at + 8));
      if (!m) return left;
      at += m[0].length;
      left = { kind: 'phrase', left, right: operand(), distance: m[1] === '-' ? 1 : Number(m[1]) };
    }
  }

  function and(): TsQuery {
    let left = phrase();
    for (;;) {
      skip();
      if (text[at] !== '&') return left;
      at += 1;
      left = { kind: 'and', left, right: phrase() };
    }
  }

  function or(): TsQuery {
    let left = and();
    for (;;) {
      skip();
      if (text[at] !== '|') return left;
      at += 1;
      left = { kind: 'or', left, right: and() };
    }
  }

  skip();
  if (at >= text.length) return null;
  const tree = or();
  skip();
  if (at < text.length) fail('unexpected text');
  return tree;
}

/**
 * A lexeme as PostgreSQL prints it in tsquery and tsvector text, read from just after its opening
 * quote: quotes doubled, backslashes escaping. Its text and where reading stopped (after the closing
 * quote), or null when the text ends first.
 */
export function readQuoted(text: string, from: number): { value: string; end: number } | null {
  let value = '';
  let at = from;
  for (;;) {
    const ch = text[at];
    if (ch === undefined) return null;
    if (ch === '\\') {
      value += text[at + 1] ?? '';
      at += 2;
    } else if (ch === "'") {
      if (text[at + 1] !== "'") return { value, end: at + 1 };
      value += "'";
      at += 2;
    } else {
      value += ch;
      at += 1;
    }
  }
}

/** True when the query needs word positions (a phrase), which the index does not keep. */
export function hasPhrase(query: TsQuery): boolean {
  switch (query.kind) {
    case 'term':
      return false;
    case 'not':
      return hasPhrase(query.arg);
    case 'phrase':
      return true;
    default:
      return hasPhrase(query.left) || hasPhrase(query.right);
  }
}

/** The terms the query asks for (not under a `!`): what a match is ranked by. */
export function positiveTerms(query: TsQuery, negated = false, out: Extract<TsQuery, { kind: 'term' }>[] = []): Extract<TsQuery, { kind: 'term' }>[] {
  switch (query.kind) {
    case 'term':
      if (!negated) out.push(query);
      break;
    case 'not':
      positiveTerms(query.arg, !negated, out);
      break;
    default:
      positiveTerms(query.left, negated, out);
      positiveTerms(query.right, negated, out);
  }
  return out;
}
