/**
 * Query evaluation: what a parsed query (tsquery.ts) matches, over the posting lists of the column
 * store, with each term's weights for ranking; the alternatives no product holds pruned first; and
 * the first page of a query of words read from the names' holders alone.
 */
import type { ColumnStore } from './columns.js';
import { type DenseScratch, type SlotLists, WEIGHT_BITS, WEIGHT_MASK } from './memory.js';
import type { TsQuery } from './tsquery.js';

/** What a query (or part of it) matches: `n` slots ascending in `slots`, and `dense[slot]` non-zero for each (a term: its weight code). */
export interface Matches {
  slots: Int32Array;
  n: number;
  dense: Uint8Array;
}

/** Only words joined by 'and' (phrases read as 'and' here too). */
export function isConjunction(query: TsQuery): boolean {
  if (query.kind === 'term') return true;
  if (query.kind === 'and' || query.kind === 'phrase') return isConjunction(query.left) && isConjunction(query.right);
  return false;
}

export class QueryEvaluator {
  /** per lexeme, the live slots holding it in their name (weight A), in the name order; made on first use */
  private readonly namedByRank = new Map<string, { generation: number; slots: Int32Array }>();

  constructor(private readonly store: ColumnStore, private readonly bytes: DenseScratch, private readonly lists: SlotLists) {}

  /**
   * The best `limit` matches of a query of words (joined by 'and') when at least that many hold
   * every word in their name: those are ranked first, by the name order, so the lists of the name
   * holders of the rarest word (one per lexeme the word or prefix covers, each in the name order)
   * are merged, keeping those whose name holds the other words too, until `limit` are found. Undefined when fewer hold it in their name (the full evaluation then ranks the rest).
   * What the header's suggestions ask for while the shopper types: no pass over every match.
   */
  namedFirst(terms: Extract<TsQuery, { kind: 'term' }>[], limit: number): number[] | undefined {
    const rank = this.store.ranks();
    // per word, the lists of its name holders (one per lexeme it covers), each in the name order
    const listsOf = terms.map((term) => this.store.coveredLexemes(term).map((lexeme) => this.namedSlots(lexeme, rank)).filter((list) => list.length > 0));
    const sizes = listsOf.map((lists) => lists.reduce((sum, list) => sum + list.length, 0));
    // walk the word with the fewest holders; the others are looked up
    const driver = sizes.indexOf(Math.min(...sizes));
    const others = listsOf.flatMap((lists, i) => {
      if (i === driver) return [];
      const holds = this.bytes.take();
      for (const list of lists) {
        for (let j = 0; j < list.length; j += 1) holds[list[j]!] = 1;
        this.bytes.wrote(holds, list, list.length);
      }
      return [holds];
    });
    const lists = listsOf[driver]!;
    const at = new Int32Array(lists.length);
    const found: number[] = [];
    const seen = new Set<number>();
    while (found.length < limit) {
      let best = -1;
      for (let i = 0; i < lists.length; i += 1) {
        if (at[i]! < lists[i]!.length && (best < 0 || rank[lists[i]![at[i]!]!]! < rank[lists[best]![at[best]!]!]!)) best = i;
      }
      if (best < 0) return undefined;
      const slot = lists[best]![at[best]!]!;
      at[best]! += 1;
      if (!seen.has(slot) && others.every((holds) => holds[slot] !== 0)) {
        seen.add(slot);
        found.push(this.store.ids[slot]!);
      }
    }
    return found;
  }

  private namedSlots(lexeme: string, rank: Int32Array): Int32Array {
    const known = this.namedByRank.get(lexeme);
    if (known && known.generation === this.store.generation) return known.slots;
    const { entries, length } = this.store.postings.get(lexeme)!;
    let n = 0;
    const out = new Int32Array(length);
    for (let i = 0; i < length; i += 1) {
      const slot = entries[i]! >>> WEIGHT_BITS;
      if ((entries[i]! & WEIGHT_MASK) === 4 && this.store.alive[slot]) out[n++] = slot;
    }
    const named = out.slice(0, n).sort((a, b) => rank[a]! - rank[b]!);
    this.namedByRank.set(lexeme, { generation: this.store.generation, slots: named });
    return named;
  }

  /**
   * `query` without the 'or' alternatives that match no product (a word no document holds, a
   * prefix that starts none), inside 'and' and phrases too; undefined when nothing is left.
   * Negations are kept whole (what they exclude is evaluated as it is).
   */
  pruned(query: TsQuery): TsQuery | undefined {
    switch (query.kind) {
      case 'term':
        if (query.prefix) return this.store.coveredLexemes(query).length > 0 ? query : undefined;
        return (this.store.postings.get(query.lexeme)?.length ?? 0) > 0 ? query : undefined;
      case 'not':
        return query;
      case 'or': {
        const left = this.pruned(query.left);
        const right = this.pruned(query.right);
        if (!left || !right) return left ?? right;
        return left === query.left && right === query.right ? query : { ...query, left, right };
      }
      default: {
        const left = this.pruned(query.left) ?? query.left;
        const right = this.pruned(query.right) ?? query.right;
        return left === query.left && right === query.right ? query : { ...query, left, right };
      }
    }
  }

  /** Matches whose `dense` was written at `slots[0..n)` only (so the scratch clears just those). */
  private matched(slots: Int32Array, n: number, dense: Uint8Array): Matches {
    this.bytes.wrote(dense, slots, n);
    return { slots, n, dense };
  }

  /** A term's matches, each slot's best weight code in `dense` (a prefix: over every lexeme it starts). */
  private term(term: Extract<TsQuery, { kind: 'term' }>): Matches {
    const dense = this.bytes.take();
    if (!term.prefix) {
      const posting = this.store.postings.get(term.lexeme);
      if (!posting) return this.restricted(term, this.matched(new Int32Array(0), 0, dense));
      const { entries, length } = posting;
      const slots = this.lists.take();
      for (let i = 0; i < length; i += 1) {
        const slot = entries[i]! >>> WEIGHT_BITS;
        slots[i] = slot;
        dense[slot] = entries[i]! & WEIGHT_MASK;
      }
      // a posting holds each slot once, ascending
      return this.restricted(term, this.matched(slots, length, dense));
    }
    const out = this.lists.take();
    let n = 0;
    let sorted = true;
    for (const lexeme of this.store.coveredLexemes(term)) {
      const { entries, length } = this.store.postings.get(lexeme)!;
      for (let j = 0; j < length; j += 1) {
        const slot = entries[j]! >>> WEIGHT_BITS;
        const w = entries[j]! & WEIGHT_MASK;
        const had = dense[slot]!;
        if (had === 0) {
          if (n > 0 && out[n - 1]! > slot) sorted = false;
          out[n++] = slot;
        }
        if (w > had) dense[slot] = w;
      }
    }
    if (!sorted) {
      // many slots: read them back in order from the dense array (a pass over the catalogue is
      // cheaper than sorting tens of thousands); few: sort them
      if (n > this.store.size >> 4) {
        n = 0;
        for (let slot = 0; slot < this.store.size; slot += 1) if (dense[slot] !== 0) out[n++] = slot;
      } else out.subarray(0, n).sort();
    }
    return this.restricted(term, this.matched(out, n, dense));
  }

  /**
   * A weight-restricted operand (':A'): only occurrences of those weights count; the stored best
   * weight stands for them when it is one of them (exact for ':A', the only weight used here).
   */
  private restricted(term: Extract<TsQuery, { kind: 'term' }>, matches: Matches): Matches {
    if (!term.weights) return matches;
    const out = this.lists.take();
    const dense = this.bytes.take();
    let n = 0;
    for (let i = 0; i < matches.n; i += 1) {
      const slot = matches.slots[i]!;
      const w = matches.dense[slot]!;
      if (term.weights & (1 << (w - 1))) {
        out[n++] = slot;
        dense[slot] = w;
      }
    }
    return this.matched(out, n, dense);
  }

  /** The slots of `from` for which `keep(dense of other)` holds, as new matches. */
  private filtered(from: Matches, other: Uint8Array, keepPresent: boolean): Matches {
    const out = this.lists.take();
    const dense = this.bytes.take();
    let n = 0;
    for (let i = 0; i < from.n; i += 1) {
      const slot = from.slots[i]!;
      if ((other[slot] !== 0) === keepPresent) {
        out[n++] = slot;
        dense[slot] = 1;
      }
    }
    return this.matched(out, n, dense);
  }

  /**
   * What the query matches, evaluated over posting lists (the work grows with the matches, not the
   * catalogue); each term's weights kept in `weightsOf` for ranking. Phrases are read as 'and'
   * (the caller sends phrase queries to SQL: the index keeps no positions).
   */
  evaluate(query: TsQuery, weightsOf: Map<Extract<TsQuery, { kind: 'term' }>, Uint8Array>): Matches {
    switch (query.kind) {
      case 'term': {
        const matches = this.term(query);
        weightsOf.set(query, matches.dense);
        return matches;
      }
      case 'not': {
        // alone (a search of only '-word'): everything else
        const arg = this.evaluate(query.arg, weightsOf);
        const out = this.lists.take();
        const dense = this.bytes.take();
        let n = 0;
        for (let slot = 0; slot < this.store.size; slot += 1) {
          if (arg.dense[slot] === 0) {
            out[n++] = slot;
            dense[slot] = 1;
          }
        }
        return this.matched(out, n, dense);
      }
      case 'and':
      case 'phrase': {
        const { left, right } = query;
        // 'a & !b': a's matches without b's, never the complement of b
        if (right.kind === 'not' && left.kind !== 'not') return this.filtered(this.evaluate(left, weightsOf), this.evaluate(right.arg, weightsOf).dense, false);
        if (left.kind === 'not' && right.kind !== 'not') return this.filtered(this.evaluate(right, weightsOf), this.evaluate(left.arg, weightsOf).dense, false);
        const a = this.evaluate(left, weightsOf);
        const b = this.evaluate(right, weightsOf);
        return a.n <= b.n ? this.filtered(a, b.dense, true) : this.filtered(b, a.dense, true);
      }
      case 'or': {
        const a = this.evaluate(query.left, weightsOf);
        const b = this.evaluate(query.right, weightsOf);
        const out = this.lists.take();
        const dense = this.bytes.take();
        let n = 0;
        let i = 0;
        let j = 0;
        while (i < a.n || j < b.n) {
          const x = i < a.n ? a.slots[i]! : Infinity;
          const y = j < b.n ? b.slots[j]! : Infinity;
          const slot = x <= y ? x : y;
          if (x === slot) i += 1;
          if (y === slot) j += 1;
          out[n++] = slot;
          dense[slot] = 1;
        }
        return this.matched(out, n, dense);
      }
    }
  }
}
