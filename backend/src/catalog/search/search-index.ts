/**
 * The catalogue's search index, held in the API process: an inverted index of every product's
 * weighted search document (the very lexemes PostgreSQL's triggers store in `search_document`) and
 * the columns the results page filters, counts and sorts by, in typed arrays.
 *
 * Why in the process: a results page needs its matches ranked AND counted per filter value
 * (facets). For a common word that is tens of thousands of rows; PostgreSQL has to visit each of
 * them on every request (measured: 2 s at p50 under 50 shoppers for 100k products, cache off),
 * while a pass over typed arrays here takes a fraction of a millisecond. Nothing is cached per
 * search: every search, asked before or not, is evaluated against the index as it is.
 *
 * PostgreSQL stays the source of truth. The index is loaded whole at start and then follows the
 * table through `changed_txid` and `product_deletions` (migration 1765000000000); the rows a page
 * shows are read from the table by id. No Nest here (search-index.service.ts wires it), so it is
 * testable and measurable on its own.
 *
 * Slots: each product version gets the next slot; an updated product takes a new slot and its old
 * one is marked dead (postings only ever grow at their end, so they stay sorted). A reload compacts.
 */
import { counted, type ProductFacets, type ProductSort, type ProductType, TOTAL_CAP } from '../product-queries.js';
import { positiveTerms, readQuoted, type TsQuery } from './tsquery.js';

export const PRODUCT_TYPE_CODES: readonly ProductType[] = ['affiliate', 'service', 'equipment'];
const TYPE_CODE = new Map(PRODUCT_TYPE_CODES.map((type, i) => [type, i]));
const FEATURED = 1;
const NEW = 2;
const IN_STOCK = 4;
/** Weight codes as stored per posting: 0 absent, D 1, C 2, B 3, A 4. */
const WEIGHT_CODE: Record<string, number> = { A: 4, B: 3, C: 2, D: 1 };
/** What a weight adds to a match's rank: PostgreSQL's default ts_rank weights (A 1, B 0.4, C 0.2, D 0.1). */
const WEIGHT_TENTHS = [0, 1, 2, 4, 10];
/** 'Best match' keys (SearchIndex.page): the name order in the low 21 bits, in the name at 2^45. */
const RANK_SPAN = 2 ** 21;
/** tsquery's weight bit of A (tsquery.ts). */
const WEIGHT_BITS_A = 8;
const NAMED = 2 ** 45;

/** A products row as the index loads it (search-index.service.ts INDEX_COLUMNS). */
export interface IndexedProduct {
  id: number;
  name: string;
  slug: string;
  image_url: string | null;
  manufacturer: string;
  product_type: ProductType;
  category_id: number;
  subcategory_id: number | null;
  is_featured: boolean;
  is_new: boolean;
  in_stock: boolean;
  /** price in cents */
  price_cents: number;
  /** null when unrated */
  rating: number | null;
  reviews_count: number;
  /** microseconds since the epoch */
  created_us: number;
  /** `search_document::text`: 'lexeme':1A,5 'other':3B … */
  document: string;
}

export interface IndexedCategory {
  id: number;
  name: string;
  slug: string;
  product_type: ProductType;
}

/** The filter of GET /api/products as the index takes it (the list's DTO, slugs not yet resolved). */
export interface IndexFilter {
  categorySlug?: string;
  subcategorySlug?: string;
  categoryId?: number;
  subcategoryId?: number;
  productType?: ProductType;
  featured?: boolean;
  new?: boolean;
  inStock?: boolean;
  minPrice?: string;
  maxPrice?: string;
  manufacturer?: string[];
  minRating?: number;
}

/** GET /api/products/facets' answer, as the SQL facets give it. */
export type IndexFacets = ProductFacets;

export interface IndexSearch {
  /** the parsed query; undefined = no search (every product) */
  query?: TsQuery | null;
  filter: IndexFilter;
  sort: ProductSort;
  /** 1-based */
  page: number;
  limit: number;
  facets?: { manufacturerSearch?: string; manufacturersListed: number; ratings: readonly number[] };
  /** true: the caller needs the page only, not the number of matches (`total` is then a lower bound) */
  pageOnly?: boolean;
}

export interface IndexResult {
  /** the page's product ids, in order */
  ids: number[];
  /** every match (not capped: the caller caps what it reports) */
  total: number;
  facets?: IndexFacets;
}

/** A growable list of (slot, weight code) pairs, slots ascending. */
class Posting {
  slots = new Int32Array(4);
  weights = new Uint8Array(4);
  length = 0;
  add(slot: number, weight: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const weights = new Uint8Array(this.length * 2);
      weights.set(this.weights);
      this.weights = weights;
    }
    this.slots[this.length] = slot;
    this.weights[this.length] = weight;
    this.length += 1;
  }
}

/** Growable typed column. */
function grow<T extends Int32Array | Float64Array | Uint8Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

/** Ordering of names as the database orders text: code points (C/C.UTF-8), or a collator for other collations. */
export type NameCompare = (a: string, b: string) => number;
export const codePointCompare: NameCompare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

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

/**
 * Buffers of one search, reused by the next (evaluation is synchronous, one search at a time): what
 * a search took comes back at releaseAll, made ready by `recycle`; all are dropped when the
 * catalogue outgrows them.
 */
abstract class Scratch<Free, Taken> {
  protected readonly free: Free[] = [];
  protected readonly used: Taken[] = [];
  constructor(protected size: number) {}
  releaseAll(size: number): void {
    if (size > this.size) {
      this.size = size;
      this.free.length = 0;
      this.used.length = 0;
      return;
    }
    for (const taken of this.used) this.free.push(this.recycle(taken));
    this.used.length = 0;
  }
  protected abstract recycle(taken: Taken): Free;
}

/** Slot lists, read only up to the count their producer wrote, so handed back as they are. */
class SlotLists extends Scratch<Int32Array, Int32Array> {
  /**
   * A list of the current size, as the last search left it (zeroing a catalogue-sized Int32Array
   * per take cost more than the matching itself: about a tenth of the API's CPU under varied searches)
   */
  take(): Int32Array {
    const buffer = this.free.pop() ?? new Int32Array(this.size);
    this.used.push(buffer);
    return buffer;
  }
  protected recycle(buffer: Int32Array): Int32Array {
    return buffer;
  }
}

/**
 * Per-slot bytes of one search (a term's weights, a match set's membership), handed out zeroed.
 * A buffer's producer says where it wrote (`wrote`: the slot lists of its matches), so the next
 * search gets it back zeroed by clearing only those slots (work in proportion to the matches, not
 * a memset of the catalogue per buffer); a buffer nobody accounted for is cleared whole.
 */
class DenseScratch extends Scratch<Uint8Array, { buffer: Uint8Array; writes: [ArrayLike<number>, number][] }> {
  take(): Uint8Array {
    const buffer = this.free.pop() ?? new Uint8Array(this.size);
    this.used.push({ buffer, writes: [] });
    return buffer;
  }
  /** `buffer` was written at `slots[0..n)` and nowhere else (those lists must stay as they are until releaseAll). */
  wrote(buffer: Uint8Array, slots: ArrayLike<number>, n: number): void {
    for (let i = this.used.length - 1; i >= 0; i -= 1) {
      if (this.used[i]!.buffer === buffer) {
        this.used[i]!.writes.push([slots, n]);
        return;
      }
    }
  }
  protected recycle({ buffer, writes }: { buffer: Uint8Array; writes: [ArrayLike<number>, number][] }): Uint8Array {
    const written = writes.reduce((sum, [, n]) => sum + n, 0);
    if (writes.length === 0 || written > buffer.length >> 2) buffer.fill(0);
    else for (const [slots, n] of writes) for (let i = 0; i < n; i += 1) buffer[slots[i]!] = 0;
    return buffer;
  }
}

/** What a query (or part of it) matches: `n` slots ascending in `slots`, and `dense[slot]` non-zero for each (a term: its weight code). */
interface Matches {
  slots: Int32Array;
  n: number;
  dense: Uint8Array;
}

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

/** A facets pass's tallies: products per type, in stock, per whole rating (0-5), per manufacturer, and the price range. */
interface Counts {
  types: Int32Array;
  stock: number;
  ratingFloors: Int32Array;
  makers: Int32Array;
  priceMin: number;
  priceMax: number;
}

function newCounts(manufacturers: number): Counts {
  return { types: new Int32Array(3), stock: 0, ratingFloors: new Int32Array(6), makers: new Int32Array(manufacturers), priceMin: Infinity, priceMax: -Infinity };
}

/** What the rating facet counts of a product: its rating's whole part, 0-5 (ratings have one decimal; the counted minimums are whole), or UNRATED. */
const UNRATED = 255;
function ratingFloor(rating: number | null): number {
  return rating === null || !(rating >= 0) ? UNRATED : Math.min(5, Math.floor(rating));
}

/** Counts a product's rating floor: unrated counts nowhere. */
function countRating(counts: Counts, floor: number): void {
  if (floor !== UNRATED) counts.ratingFloors[floor]! += 1;
}

/** A product that passes every filter: counted for every facet. */
function countAll(counts: Counts, slot: number, columns: { types: Uint8Array; flags: Uint8Array; floors: Uint8Array; makers: Int32Array; prices: Float64Array }): void {
  counts.types[columns.types[slot]!]! += 1;
  if (columns.flags[slot]! & IN_STOCK) counts.stock += 1;
  countRating(counts, columns.floors[slot]!);
  counts.makers[columns.makers[slot]!]! += 1;
  const price = columns.prices[slot]!;
  if (price > 0) {
    if (price < counts.priceMin) counts.priceMin = price;
    if (price > counts.priceMax) counts.priceMax = price;
  }
}

/** Least trigram similarity for a correction (pg_trgm's default similarity threshold). */
export const CORRECTION_SIMILARITY = 0.3;

/** The words of a name as the corrections offer them: lower case, split at anything but letters and digits. */
function wordsOf(name: string): string[] {
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

/** Only words joined by 'and' (phrases read as 'and' here too). */
function isConjunction(query: TsQuery): boolean {
  if (query.kind === 'term') return true;
  if (query.kind === 'and' || query.kind === 'phrase') return isConjunction(query.left) && isConjunction(query.right);
  return false;
}

const EMPTY_POSTING = new Posting();

/** 'Best match' key of a one-word search's match: its weight (A: in the name) and its place in the name order. */
function bestMatchKey(weight: number, rank: number): number {
  return (weight === 4 ? NAMED : 0) + WEIGHT_TENTHS[weight]! * RANK_SPAN + (RANK_SPAN - 1 - rank);
}

const cents = (value: number) => `${Math.trunc(value / 100)}.${String(Math.abs(value % 100)).padStart(2, '0')}`;

export class SearchIndex {
  /** slots in use (live and dead) */
  private size = 0;
  private live = 0;
  private ids = new Int32Array(1024);
  private alive = new Uint8Array(1024);
  private types = new Uint8Array(1024);
  private flags = new Uint8Array(1024);
  private categories = new Int32Array(1024);
  private subcategories = new Int32Array(1024);
  private makers = new Int32Array(1024);
  private prices = new Float64Array(1024);
  private ratings = new Float64Array(1024);
  /** ratingFloor of each slot: what the rating facet counts, made once per product rather than per match */
  private floors = new Uint8Array(1024);
  private reviews = new Int32Array(1024);
  private created = new Float64Array(1024);
  private names: string[] = [];
  /** what a suggestion shows beside the name */
  private slugs: string[] = [];
  private images: (string | null)[] = [];
  /** position of each slot in the name order (name, id); rebuilt after changes */
  private nameRank = new Int32Array(0);
  private nameRankValid = false;
  private readonly slotOf = new Map<number, number>();
  private readonly postings = new Map<string, Posting>();
  /** every lexeme, sorted, for prefix ranges; rebuilt when a new lexeme appears */
  private lexemes: string[] = [];
  private lexemesValid = false;
  private readonly makerIds = new Map<string, number>();
  private readonly makerNames: string[] = [];
  private categoryList: IndexedCategory[] = [];
  private categoryBySlug = new Map<string, number>();
  private subcategoryBySlug = new Map<string, number>();
  /** the words of the live products' names (lower case, letters and digits) and how many names hold each: typo corrections */
  private readonly nameWords = new Map<string, number>();
  private readonly wordTrigrams = new Map<string, Set<string>>();
  private readonly bytes = new DenseScratch(1024);
  private readonly lists = new SlotLists(1024);
  private hits = new Int32Array(1024);
  /** bumped by every change: what namedByRank was sorted for */
  private generation = 0;
  /** per lexeme, the live slots holding it in their name (weight A), in the name order; made on first use */
  private readonly namedByRank = new Map<string, { generation: number; slots: Int32Array }>();
  private scores = new Float64Array(1024);

  constructor(private readonly compareNames: NameCompare = codePointCompare) {}

  /** Products held (live). */
  get count(): number {
    return this.live;
  }

  /** Share of slots that are dead: above a third, a reload compacts. */
  get deadShare(): number {
    return this.size === 0 ? 0 : (this.size - this.live) / this.size;
  }

  setCategories(categories: IndexedCategory[], subcategories: { id: number; slug: string }[]): void {
    this.categoryList = [...categories].sort((a, b) => this.compareNames(a.name, b.name) || a.id - b.id);
    this.categoryBySlug = new Map(categories.map((c) => [c.slug, c.id]));
    this.subcategoryBySlug = new Map(subcategories.map((s) => [s.slug, s.id]));
  }

  /** Adds or replaces products (by id). */
  upsert(products: IndexedProduct[]): void {
    for (const product of products) {
      this.remove(product.id);
      this.add(product);
    }
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    for (const word of wordsOf(this.names[slot]!)) {
      const n = (this.nameWords.get(word) ?? 0) - 1;
      if (n > 0) this.nameWords.set(word, n);
      else {
        this.nameWords.delete(word);
        this.wordTrigrams.delete(word);
      }
    }
    this.alive[slot] = 0;
    this.live -= 1;
    this.nameRankValid = false;
    this.generation += 1;
  }

  private add(product: IndexedProduct): void {
    const slot = this.size;
    this.size += 1;
    const n = this.size;
    this.ids = grow(this.ids, n);
    this.alive = grow(this.alive, n);
    this.types = grow(this.types, n);
    this.flags = grow(this.flags, n);
    this.categories = grow(this.categories, n);
    this.subcategories = grow(this.subcategories, n);
    this.makers = grow(this.makers, n);
    this.prices = grow(this.prices, n);
    this.ratings = grow(this.ratings, n);
    this.floors = grow(this.floors, n);
    this.reviews = grow(this.reviews, n);
    this.created = grow(this.created, n);
    this.ids[slot] = product.id;
    this.alive[slot] = 1;
    this.types[slot] = TYPE_CODE.get(product.product_type) ?? 0;
    this.flags[slot] = (product.is_featured ? FEATURED : 0) | (product.is_new ? NEW : 0) | (product.in_stock ? IN_STOCK : 0);
    this.categories[slot] = product.category_id;
    this.subcategories[slot] = product.subcategory_id ?? -1;
    let maker = this.makerIds.get(product.manufacturer);
    if (maker === undefined) {
      maker = this.makerNames.length;
      this.makerNames.push(product.manufacturer);
      this.makerIds.set(product.manufacturer, maker);
    }
    this.makers[slot] = maker;
    this.prices[slot] = product.price_cents;
    this.ratings[slot] = product.rating ?? Number.NaN;
    this.floors[slot] = ratingFloor(product.rating);
    this.reviews[slot] = product.reviews_count;
    this.created[slot] = product.created_us;
    this.names[slot] = product.name;
    this.slugs[slot] = product.slug;
    this.images[slot] = product.image_url;
    for (const word of wordsOf(product.name)) this.nameWords.set(word, (this.nameWords.get(word) ?? 0) + 1);
    for (const [lexeme, weight] of parseDocument(product.document)) {
      let posting = this.postings.get(lexeme);
      if (!posting) {
        posting = new Posting();
        this.postings.set(lexeme, posting);
        this.lexemesValid = false;
      }
      posting.add(slot, weight);
    }
    this.slotOf.set(product.id, slot);
    this.live += 1;
    this.nameRankValid = false;
    this.generation += 1;
  }

  /**
   * The best `limit` matches of a query of words (joined by 'and') when at least that many hold
   * every word in their name: those are ranked first, by the name order, so the lists of the name
   * holders of the rarest word (one per lexeme the word or prefix covers, each in the name order)
   * are merged, keeping those whose name holds the other words too, until `limit` are found. Undefined when fewer hold it in their name (the full evaluation then ranks the rest).
   * What the header's suggestions ask for while the shopper types: no pass over every match.
   */
  private namedFirst(terms: Extract<TsQuery, { kind: 'term' }>[], limit: number): number[] | undefined {
    const rank = this.ranks();
    // per word, the lists of its name holders (one per lexeme it covers), each in the name order
    const listsOf = terms.map((term) => this.coveredLexemes(term).map((lexeme) => this.namedSlots(lexeme, rank)).filter((list) => list.length > 0));
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
        found.push(this.ids[slot]!);
      }
    }
    return found;
  }

  /** The lexemes a term covers: itself, or every lexeme a prefix starts. */
  private coveredLexemes(term: Extract<TsQuery, { kind: 'term' }>): string[] {
    if (!term.prefix) return this.postings.has(term.lexeme) ? [term.lexeme] : [];
    const sorted = this.sortedLexemes();
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < term.lexeme) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(term.lexeme); i += 1) out.push(sorted[i]!);
    return out;
  }

  private namedSlots(lexeme: string, rank: Int32Array): Int32Array {
    const known = this.namedByRank.get(lexeme);
    if (known && known.generation === this.generation) return known.slots;
    const { slots, weights, length } = this.postings.get(lexeme)!;
    let n = 0;
    const out = new Int32Array(length);
    for (let i = 0; i < length; i += 1) if (weights[i] === 4 && this.alive[slots[i]!]) out[n++] = slots[i]!;
    const named = out.slice(0, n).sort((a, b) => rank[a]! - rank[b]!);
    this.namedByRank.set(lexeme, { generation: this.generation, slots: named });
    return named;
  }

  /** The name order (name, id) as a rank per slot: the 'name' sort and the ties of 'Best match'. */
  private ranks(): Int32Array {
    if (this.nameRankValid) return this.nameRank;
    const order: number[] = [];
    for (let slot = 0; slot < this.size; slot += 1) if (this.alive[slot]) order.push(slot);
    const names = this.names;
    const ids = this.ids;
    order.sort((a, b) => this.compareNames(names[a]!, names[b]!) || ids[a]! - ids[b]!);
    const rank = new Int32Array(this.size);
    order.forEach((slot, i) => (rank[slot] = i));
    this.nameRank = rank;
    this.nameRankValid = true;
    return rank;
  }

  /** Prepares what the first search after a change would otherwise build (the name order, the lexicon). */
  prepare(): void {
    this.ranks();
    this.sortedLexemes();
  }

  private sortedLexemes(): string[] {
    if (!this.lexemesValid) {
      this.lexemes = [...this.postings.keys()].sort();
      this.lexemesValid = true;
    }
    return this.lexemes;
  }

  /**
   * `query` without the 'or' alternatives that match no product (a word no document holds, a
   * prefix that starts none), inside 'and' and phrases too; undefined when nothing is left.
   * Negations are kept whole (what they exclude is evaluated as it is).
   */
  private pruned(query: TsQuery): TsQuery | undefined {
    switch (query.kind) {
      case 'term':
        if (query.prefix) return this.coveredLexemes(query).length > 0 ? query : undefined;
        return (this.postings.get(query.lexeme)?.length ?? 0) > 0 ? query : undefined;
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
      const posting = this.postings.get(term.lexeme);
      if (!posting) return this.restricted(term, this.matched(new Int32Array(0), 0, dense));
      const { slots, weights, length } = posting;
      for (let i = 0; i < length; i += 1) dense[slots[i]!] = weights[i]!;
      // a posting holds each slot once, ascending
      return this.restricted(term, this.matched(slots, length, dense));
    }
    const out = this.lists.take();
    let n = 0;
    let sorted = true;
    for (const lexeme of this.coveredLexemes(term)) {
      const { slots, weights, length } = this.postings.get(lexeme)!;
      for (let j = 0; j < length; j += 1) {
        const slot = slots[j]!;
        const w = weights[j]!;
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
      if (n > this.size >> 4) {
        n = 0;
        for (let slot = 0; slot < this.size; slot += 1) if (dense[slot] !== 0) out[n++] = slot;
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
  private evaluate(query: TsQuery, weightsOf: Map<Extract<TsQuery, { kind: 'term' }>, Uint8Array>): Matches {
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
        for (let slot = 0; slot < this.size; slot += 1) {
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

  /**
   * One results page (ids in order) and the number of matches; with `facets`, how many results
   * each filter value would leave (every other filter applied but its own), from the same pass.
   */
  search(request: IndexSearch): IndexResult {
    const size = this.size;
    this.bytes.releaseAll(size);
    this.lists.releaseAll(size);
    try {
      return this.run(request, size);
    } finally {
      this.bytes.releaseAll(size);
      this.lists.releaseAll(size);
    }
  }

  private run({ query, filter, sort, page, limit, facets, pageOnly }: IndexSearch, size: number): IndexResult {
    const weightsOf = new Map<Extract<TsQuery, { kind: 'term' }>, Uint8Array>();
    if (query === null) return { ids: [], total: 0, ...(facets ? { facets: this.emptyFacets(filter, facets) } : {}) };
    // 'autoclave' reads 'autoclave':* | 'autoclav' | 'autocla' | …: the alternatives no product
    // holds change neither the matches nor their ranking, so they are not merged, and a word whose
    // one alternative is held is ranked as the one word it is
    if (query) query = this.pruned(query) ?? query;
    if (pageOnly && query && sort === 'relevance' && page === 1 && !facets && isConjunction(query) && Object.values(filter).every((v) => v === undefined)) {
      const terms = positiveTerms(query);
      const named = terms.every((term) => !term.weights) ? this.namedFirst(terms, limit) : undefined;
      if (named) return { ids: named, total: named.length };
    }
    // one word (most searches): 'Best match' keys are made in the matching pass from its weights
    // (no scoring pass after it); a whole word's posting list is the matches, its weights beside them
    const single = query && query.kind === 'term' && !query.weights ? query : undefined;
    const posting = single && !single.prefix ? (this.postings.get(single.lexeme) ?? EMPTY_POSTING) : undefined;
    const matched: Pick<Matches, 'slots' | 'n'> | null = posting ? { slots: posting.slots, n: posting.length } : query ? this.evaluate(query, weightsOf) : null;
    const keyed = single !== undefined && sort === 'relevance';
    let rank: Int32Array = this.nameRank;
    if (keyed) {
      rank = this.ranks();
      this.scores = grow(this.scores, size);
    }
    const scores = this.scores;
    const postingWeights = posting?.weights;
    // a prefix: each match's best weight over the words it covers
    const termWeights = single && !posting ? weightsOf.get(single)! : undefined;

    // the filters without counts: any failing one drops the product
    const category = filter.categorySlug !== undefined ? (this.categoryBySlug.get(filter.categorySlug) ?? -2) : (filter.categoryId ?? -1);
    const subcategory = filter.subcategorySlug !== undefined ? (this.subcategoryBySlug.get(filter.subcategorySlug) ?? -2) : (filter.subcategoryId ?? -1);
    const wantCategory = filter.categorySlug !== undefined || filter.categoryId !== undefined;
    const wantSubcategory = filter.subcategorySlug !== undefined || filter.subcategoryId !== undefined;
    const featured = filter.featured;
    const isNew = filter.new;
    // the filters with counts, one bit each
    const TYPE = 1;
    const STOCK = 2;
    const PRICE = 4;
    const MAKER = 8;
    const RATING = 16;
    const type = filter.productType !== undefined ? (TYPE_CODE.get(filter.productType) ?? -1) : -1;
    const inStock = filter.inStock;
    const minCents = filter.minPrice !== undefined ? Math.ceil(Number(filter.minPrice) * 100 - 1e-6) : -Infinity;
    const maxCents = filter.maxPrice !== undefined ? Math.floor(Number(filter.maxPrice) * 100 + 1e-6) : Infinity;
    const hasPrice = filter.minPrice !== undefined || filter.maxPrice !== undefined;
    let makerSet: Uint8Array | null = null;
    if (filter.manufacturer?.length) {
      makerSet = new Uint8Array(this.makerNames.length);
      for (const name of filter.manufacturer) {
        const maker = this.makerIds.get(name);
        if (maker !== undefined) makerSet[maker] = 1;
      }
    }
    const minRating = filter.minRating;

    const counts: Counts | null = facets ? newCounts(this.makerNames.length) : null;
    this.hits = grow(this.hits, size);
    const hits = this.hits;
    let total = 0;
    const { alive, flags, types, categories, subcategories, prices, makers, ratings } = this;
    const floors = this.floors;
    const columns = { types, flags, floors, makers, prices };
    const candidates = matched ? matched.n : size;
    const matchedSlots = matched?.slots;
    const anyFilter = wantCategory || wantSubcategory || featured !== undefined || isNew !== undefined || filter.productType !== undefined || inStock !== undefined || hasPrice || makerSet !== null || minRating !== undefined;

    if (!anyFilter) {
      // the common case (a search and nothing else): every match is a result and counts everywhere
      for (let i = 0; i < candidates; i += 1) {
        const slot = matchedSlots ? matchedSlots[i]! : i;
        if (!alive[slot]) continue;
        hits[total++] = slot;
        if (keyed) scores[slot] = bestMatchKey(postingWeights ? postingWeights[i]! : termWeights![slot]!, rank[slot]!);
        if (counts) countAll(counts, slot, columns);
      }
    } else {
      for (let i = 0; i < candidates; i += 1) {
        const slot = matchedSlots ? matchedSlots[i]! : i;
        if (!alive[slot]) continue;
        if (wantCategory && categories[slot] !== category) continue;
        if (wantSubcategory && subcategories[slot] !== subcategory) continue;
        const f = flags[slot]!;
        if (featured !== undefined && (f & FEATURED ? true : false) !== featured) continue;
        if (isNew !== undefined && (f & NEW ? true : false) !== isNew) continue;
        let fails = 0;
        if (type >= 0 ? types[slot] !== type : filter.productType !== undefined) fails |= TYPE;
        if (inStock !== undefined && (f & IN_STOCK ? true : false) !== inStock) fails |= STOCK;
        const price = prices[slot]!;
        if (hasPrice && (price < minCents || price > maxCents)) fails |= PRICE;
        if (makerSet && !makerSet[makers[slot]!]) fails |= MAKER;
        // NaN (unrated) fails every minimum, as NULL >= n does in SQL
        if (minRating !== undefined && !(ratings[slot]! >= minRating)) fails |= RATING;
        if (fails === 0) {
          hits[total++] = slot;
          if (keyed) scores[slot] = bestMatchKey(postingWeights ? postingWeights[i]! : termWeights![slot]!, rank[slot]!);
          if (counts) countAll(counts, slot, columns);
          continue;
        }
        if (!counts || (fails & (fails - 1)) !== 0) continue;
        // failing only one filter: counted for that filter's own values
        if (fails === TYPE) counts.types[types[slot]!]! += 1;
        else if (fails === STOCK) {
          if (f & IN_STOCK) counts.stock += 1;
        } else if (fails === RATING) countRating(counts, floors[slot]!);
        else if (fails === MAKER) counts.makers[makers[slot]!]! += 1;
        else if (fails === PRICE && price > 0) {
          if (price < counts.priceMin) counts.priceMin = price;
          if (price > counts.priceMax) counts.priceMax = price;
        }
      }
    }

    const ids = this.page(hits, total, sort, page, limit, keyed ? 'keyed' : query ? { query, weightsOf } : undefined);
    if (!counts || !facets) return { ids, total };
    return { ids, total, facets: this.facetsOf(total, counts, filter, facets) };
  }

  private page(
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
    const { ids, prices, created, ratings, reviews } = this;
    const rank = this.ranks();
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
        this.scores = grow(this.scores, this.size);
        const score = this.scores;
        // a query of words only (no 'or', no '-'): every word in the name is every weight A
        const plain = isConjunction(query);
        // otherwise: the query read with every word in the name only (SQL's nameOnly), evaluated once
        const inName = plain ? undefined : this.evaluate(nameOnly(query), new Map()).dense;
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

  private facetsOf(
    total: number,
    counts: Counts,
    filter: IndexFilter,
    { manufacturerSearch, manufacturersListed, ratings }: NonNullable<IndexSearch['facets']>,
  ): IndexFacets {
    const needle = manufacturerSearch?.trim().toLowerCase();
    const found: { name: string; n: number }[] = [];
    counts.makers.forEach((n, maker) => {
      if (n === 0) return;
      const name = this.makerNames[maker]!;
      if (!needle || name.toLowerCase().includes(needle)) found.push({ name, n });
    });
    const byCount = (a: { name: string; n: number }, b: { name: string; n: number }) => b.n - a.n || this.compareNames(a.name, b.name);
    found.sort(byCount);
    const listed = found.slice(0, manufacturersListed);
    for (const name of filter.manufacturer ?? []) {
      if (listed.some((row) => row.name === name)) continue;
      const maker = this.makerIds.get(name);
      listed.push({ name, n: maker === undefined ? 0 : counts.makers[maker]! });
    }
    listed.sort(byCount);
    return {
      total: Math.min(total, TOTAL_CAP),
      totalCapped: total > TOTAL_CAP,
      productTypes: PRODUCT_TYPE_CODES.map((type, i) => counted(type, counts.types[i]!)),
      manufacturers: listed.map(({ name, n }) => counted(name, n)),
      manufacturersMore: found.length > manufacturersListed,
      inStock: counted(true as const, counts.stock),
      // at least r (whole): the products whose rating's whole part is r or more
      ratings: ratings.map((rating) => counted(rating, counts.ratingFloors.subarray(Math.ceil(rating)).reduce((sum, n) => sum + n, 0))),
      price: counts.priceMin === Infinity ? null : { min: cents(counts.priceMin), max: cents(counts.priceMax) },
    };
  }

  private emptyFacets(filter: IndexFilter, facets: NonNullable<IndexSearch['facets']>): IndexFacets {
    return this.facetsOf(0, newCounts(this.makerNames.length), filter, facets);
  }

  /**
   * For a search that found nothing: the word of the products' names most similar to `term` (pg_trgm's
   * similarity: shared trigrams over all trigrams, at least CORRECTION_SIMILARITY), ties to the word
   * more names hold, then the first by code point; undefined when none is close or it is the term itself.
   */
  correction(term: string): string | undefined {
    const wanted = trigrams(term);
    if (wanted.size === 0) return undefined;
    let best: string | undefined;
    let bestScore = CORRECTION_SIMILARITY;
    let bestCount = 0;
    for (const [word, count] of this.nameWords) {
      let own = this.wordTrigrams.get(word);
      if (!own) {
        own = trigrams(word);
        this.wordTrigrams.set(word, own);
      }
      let shared = 0;
      for (const trigram of own) if (wanted.has(trigram)) shared += 1;
      if (shared === 0) continue;
      const score = shared / (own.size + wanted.size - shared);
      if (score > bestScore || (score === bestScore && best !== undefined && (count > bestCount || (count === bestCount && word < best)))) {
        best = word;
        bestScore = score;
        bestCount = count;
      }
    }
    return best === undefined || best === term.toLowerCase() ? undefined : best;
  }

  /** What the header's suggestions show of the products `ids` (held ones only, in the same order). */
  suggestionsOf(ids: number[]): { id: number; name: string; slug: string; product_type: ProductType; manufacturer: string; price: string; image_url: string | null }[] {
    return ids.flatMap((id) => {
      const slot = this.slotOf.get(id);
      if (slot === undefined) return [];
      return [
        {
          id,
          name: this.names[slot]!,
          slug: this.slugs[slot]!,
          product_type: PRODUCT_TYPE_CODES[this.types[slot]!]!,
          manufacturer: this.makerNames[this.makers[slot]!]!,
          price: cents(this.prices[slot]!),
          image_url: this.images[slot]!,
        },
      ];
    });
  }

  /** Up to `limit` categories whose name holds `q` (any case), by name. */
  categoriesMatching(q: string, limit: number): IndexedCategory[] {
    const needle = q.toLowerCase();
    const out: IndexedCategory[] = [];
    for (const category of this.categoryList) {
      if (category.name.toLowerCase().includes(needle)) out.push(category);
      if (out.length === limit) break;
    }
    return out;
  }
}
