/**
 * A results page: the matches in the order asked ('Best match' keys from the words' weights and the
 * name order; price, newest, rating, name), and the page's k best selected without sorting every match.
 */
import type { ProductSort } from '../product-queries.js';
import type { ColumnStore } from './columns.js';
import { isConjunction, type QueryEvaluator } from './evaluate.js';
import { grow } from './memory.js';
import { positiveTerms, type TsQuery } from './tsquery.js';

/** What a weight adds to a match's rank: PostgreSQL's default ts_rank weights (A 1, B 0.4, C 0.2, D 0.1). */
const WEIGHT_TENTHS = [0, 1, 2, 4, 10];
/** 'Best match' keys (Pager.page): the name order in the low 21 bits, in the name at 2^45. */
const RANK_SPAN = 2 ** 21;
/** tsquery's weight bit of A (tsquery.ts). */
const WEIGHT_BITS_A = 8;
const NAMED = 2 ** 45;

/** Selects the `k` smallest of `slots[0..n)` by `before` (a strict order), in order. */
function smallest(slots: Int32Array, n: number, k: number, before: (a: number, b: number) => boolean): number[] {
  if (k <= 0 || n === 0) return [];
  if (k >= n || k > 4096) {
    const all = Array.from(slots.subarray(0, n));
    all.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    return all.slice(0, k);
  }
  // a max-heap of the best k so far: most candidates lose to its top at once
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[parent]!, heap[i]!)) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && before(heap[worst]!, heap[l]!)) worst = l;
      if (r < heap.length && before(heap[worst]!, heap[r]!)) worst = r;
      if (worst === i) return;
      [heap[worst], heap[i]] = [heap[i]!, heap[worst]!];
      i = worst;
    }
  };
  for (let i = 0; i < n; i += 1) {
    const slot = slots[i]!;
    if (heap.length < k) {
      heap.push(slot);
      up(heap.length - 1);
    } else if (before(slot, heap[0]!)) {
      heap[0] = slot;
      down(0);
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
}

/** The query with every word restricted to the name (weight A): a product matching both holds every searched word in its name. */
function nameOnly(query: TsQuery): TsQuery {
  switch (query.kind) {
    case 'term':
      return { ...query, weights: WEIGHT_BITS_A };
    case 'not':
      // a negated word is absent from a product that matches the query itself: no narrower in the name
      return query;
    default:
      return { ...query, left: nameOnly(query.left), right: nameOnly(query.right) };
  }
}

/** 'Best match' key of a one-word search's match: its weight (A: in the name) and its place in the name order. */
export function bestMatchKey(weight: number, rank: number): number {
  return (weight === 4 ? NAMED : 0) + WEIGHT_TENTHS[weight]! * RANK_SPAN + (RANK_SPAN - 1 - rank);
}

export class Pager {
  /** per slot, the 'Best match' key of a match (made by SearchIndex.run for one word, by page for any other query) */
  scores = new Float64Array(1024);

  constructor(private readonly store: ColumnStore, private readonly evaluator: QueryEvaluator) {}

  page(
    hits: Int32Array,
    total: number,
    sort: ProductSort,
    page: number,
    limit: number,
    /** the search, or 'keyed' when run() has made the 'Best match' keys already */
    searched: { query: TsQuery; weightsOf: Map<Extract<TsQuery, { kind: 'term' }>, Uint8Array> } | 'keyed' | undefined,
  ): number[] {
    const offset = (page - 1) * limit;
    if (offset >= total) return [];
    const k = Math.min(total, offset + limit);
    const { ids, prices, created, ratings, reviews } = this.store;
    const rank = this.store.ranks();
    let before: (a: number, b: number) => boolean;
    switch (sort) {
      case 'price-asc':
        before = (a, b) => prices[a]! < prices[b]! || (prices[a] === prices[b] && ids[a]! < ids[b]!);
        break;
      case 'price-desc':
        before = (a, b) => prices[a]! > prices[b]! || (prices[a] === prices[b] && ids[a]! > ids[b]!);
        break;
      case 'newest':
        before = (a, b) => created[a]! > created[b]! || (created[a] === created[b] && ids[a]! > ids[b]!);
        break;
      case 'rating': {
        // rating DESC NULLS LAST, reviews_count DESC, id
        const r = (slot: number) => (Number.isNaN(ratings[slot]!) ? -1 : ratings[slot]!);
        before = (a, b) => r(a) > r(b) || (r(a) === r(b) && (reviews[a]! > reviews[b]! || (reviews[a] === reviews[b] && ids[a]! < ids[b]!)));
        break;
      }
      case 'relevance': {
        if (!searched) {
          before = (a, b) => rank[a]! < rank[b]!;
          break;
        }
        if (searched === 'keyed') {
          const keys = this.scores;
          before = (a, b) => keys[a]! > keys[b]!;
          break;
        }
        // names holding every searched word first (the query read with every word in the name),
        // then the weights of the words found (A 1, B 0.4, C 0.2, D 0.1), then the name order
        const { query, weightsOf } = searched;
        const termWeights = positiveTerms(query).map((term) => weightsOf.get(term)!);
        this.scores = grow(this.scores, this.store.size);
        const score = this.scores;
        // a query of words only (no 'or', no '-'): every word in the name is every weight A
        const plain = isConjunction(query);
        // otherwise: the query read with every word in the name only (SQL's nameOnly), evaluated once
        const inName = plain ? undefined : this.evaluator.evaluate(nameOnly(query), new Map()).dense;
        // one number per match, highest first: in the name (bit 45), the words' weights in tenths
        // (bits 21-44), then the name order (the low 21 bits: up to 2,097,151 products); exact in a double
        const maxRank = RANK_SPAN - 1;
        for (let i = 0; i < total; i += 1) {
          const slot = hits[i]!;
          let tenths = 0;
          let named = true;
          for (let t = 0; t < termWeights.length; t += 1) {
            const w = termWeights[t]![slot]!;
            if (w !== 4) named = false;
            tenths += WEIGHT_TENTHS[w]!;
          }
          if (inName) named = inName[slot] !== 0;
          score[slot] = (named ? NAMED : 0) + tenths * RANK_SPAN + (maxRank - rank[slot]!);
        }
        before = (a, b) => score[a]! > score[b]!;
        break;
      }
      default:
        before = (a, b) => rank[a]! < rank[b]!;
    }
    return smallest(hits, total, k, before)
      .slice(offset)
      .map((slot) => ids[slot]!);
  }
}
