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
 * The parts, in this folder:
 * - search-index.ts: the SearchIndex class (a search's one pass over its matches: filters, facet
 *   counts, one word's 'Best match' keys) and the re-exports the other modules import.
 * - types.ts: the rows the index loads and a search's request and answer (IndexedProduct, IndexSearch, …).
 * - analysis.ts: text analysis: a search document's lexemes and weights; the words and trigrams of names.
 * - memory.ts: typed-array primitives: posting lists, growable columns, per-search scratch buffers.
 * - strings.ts: the text columns (UTF-8 in one buffer per column) and the id → slot lookup: no JS object per product.
 * - snapshot.ts: the index kept in a file and read back (SEARCH_INDEX_DIR), so a start need not read the whole catalogue.
 * - columns.ts: the column store: per-slot columns, postings, the name order and the lexicon; products added and removed.
 * - evaluate.ts: query evaluation over the posting lists, pruning, and the names-first path of suggestions.
 * - paging.ts: a results page: the sort orders, 'Best match' keys, the k best without sorting every match.
 * - facets.ts: the facets' tallies and their answer.
 * - corrections.ts: typo corrections by trigram similarity to the words of the names.
 * - tsquery.ts: PostgreSQL's printed tsquery read into the tree the index evaluates.
 * - search-index.thread.ts, search-index.worker.ts: the index in a worker thread, and the API's side of it.
 * - search-index.service.ts: the Nest service that loads the index and follows the products table.
 */
import type { ProductType } from '../product-queries.js';
import { correctionOf } from './corrections.js';
import { codePointCompare, ColumnStore, FEATURED, IN_STOCK, type NameCompare, NEW, PRODUCT_TYPE_CODES, TYPE_CODE } from './columns.js';
import { isConjunction, type Matches, QueryEvaluator } from './evaluate.js';
import { cents, countAll, countRating, type Counts, emptyFacets, facetsOf, newCounts } from './facets.js';
import { DenseScratch, grow, Posting, SlotLists, WEIGHT_BITS, WEIGHT_MASK } from './memory.js';
import { bestMatchKey, Pager } from './paging.js';
import { positiveTerms, type TsQuery } from './tsquery.js';
import { readSnapshot, saveSnapshot, type SnapshotMeta } from './snapshot.js';
import type { IndexedCategory, IndexedProduct, IndexResult, IndexSearch } from './types.js';

export { parseDocument, trigrams } from './analysis.js';
export { codePointCompare, type NameCompare, PRODUCT_TYPE_CODES } from './columns.js';
export { CORRECTION_SIMILARITY } from './corrections.js';
export type { SnapshotMeta } from './snapshot.js';
export type { IndexedCategory, IndexedProduct, IndexFacets, IndexFilter, IndexResult, IndexSearch } from './types.js';

const EMPTY_POSTING = new Posting();

export class SearchIndex {
  private readonly store: ColumnStore;
  private readonly bytes = new DenseScratch(1024);
  private readonly lists = new SlotLists(1024);
  private hits = new Int32Array(1024);
  private readonly evaluator: QueryEvaluator;
  private readonly pager: Pager;

  constructor(compareNames: NameCompare = codePointCompare, store?: ColumnStore) {
    this.store = store ?? new ColumnStore(compareNames);
    this.evaluator = new QueryEvaluator(this.store, this.bytes, this.lists);
    this.pager = new Pager(this.store, this.evaluator);
  }

  /** The index kept in `file` by `save` (snapshot.ts), or undefined when there is none of this format. */
  static read(file: string, compareNames: NameCompare = codePointCompare): { index: SearchIndex; meta: SnapshotMeta } | undefined {
    const read = readSnapshot(file, compareNames);
    return read && { index: new SearchIndex(compareNames, read.store), meta: read.meta };
  }

  /** Keeps the index in `file` for the next start (snapshot.ts). */
  save(file: string, meta: SnapshotMeta): void {
    saveSnapshot(this.store, file, meta);
  }

  /** Products held (live). */
  get count(): number {
    return this.store.count;
  }

  /** Share of slots that are dead: above a third, a reload compacts. */
  get deadShare(): number {
    return this.store.deadShare;
  }

  setCategories(categories: IndexedCategory[], subcategories: { id: number; slug: string }[]): void {
    this.store.setCategories(categories, subcategories);
  }

  /** Adds or replaces products (by id). */
  upsert(products: IndexedProduct[]): void {
    this.store.upsert(products);
  }

  remove(id: number): void {
    this.store.remove(id);
  }

  /** Prepares what the first search after a change would otherwise build (the name order, the lexicon). */
  prepare(): void {
    this.store.prepare();
  }

  /**
   * One results page (ids in order) and the number of matches; with `facets`, how many results
   * each filter value would leave (every other filter applied but its own), from the same pass.
   */
  search(request: IndexSearch): IndexResult {
    const size = this.store.size;
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
    if (query === null) return { ids: [], total: 0, ...(facets ? { facets: emptyFacets(this.store, filter, facets) } : {}) };
    // 'autoclave' reads 'autoclave':* | 'autoclav' | 'autocla' | …: the alternatives no product
    // holds change neither the matches nor their ranking, so they are not merged, and a word whose
    // one alternative is held is ranked as the one word it is
    if (query) query = this.evaluator.pruned(query) ?? query;
    if (pageOnly && query && sort === 'relevance' && page === 1 && !facets && isConjunction(query) && Object.values(filter).every((v) => v === undefined)) {
      const terms = positiveTerms(query);
      const named = terms.every((term) => !term.weights) ? this.evaluator.namedFirst(terms, limit) : undefined;
      if (named) return { ids: named, total: named.length };
    }
    // one word (most searches): 'Best match' keys are made in the matching pass from its weights
    // (no scoring pass after it); a whole word's posting list is the matches, its weights beside them
    const single = query && query.kind === 'term' && !query.weights ? query : undefined;
    const posting = single && !single.prefix ? (this.store.postings.get(single.lexeme) ?? EMPTY_POSTING) : undefined;
    const matched: Pick<Matches, 'slots' | 'n'> | null = posting ? { slots: this.slotsOf(posting), n: posting.length } : query ? this.evaluator.evaluate(query, weightsOf) : null;
    const keyed = single !== undefined && sort === 'relevance';
    let rank: Int32Array = this.store.nameRank;
    if (keyed) {
      rank = this.store.ranks();
      this.pager.scores = grow(this.pager.scores, size);
    }
    const scores = this.pager.scores;
    const postingEntries = posting?.entries;
    // a prefix: each match's best weight over the words it covers
    const termWeights = single && !posting ? weightsOf.get(single)! : undefined;

    // the filters without counts: any failing one drops the product
    const category = filter.categorySlug !== undefined ? (this.store.categoryBySlug.get(filter.categorySlug) ?? -2) : (filter.categoryId ?? -1);
    const subcategory = filter.subcategorySlug !== undefined ? (this.store.subcategoryBySlug.get(filter.subcategorySlug) ?? -2) : (filter.subcategoryId ?? -1);
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
      makerSet = new Uint8Array(this.store.makerNames.length);
      for (const name of filter.manufacturer) {
        const maker = this.store.makerIds.get(name);
        if (maker !== undefined) makerSet[maker] = 1;
      }
    }
    const minRating = filter.minRating;

    const counts: Counts | null = facets ? newCounts(this.store.makerNames.length) : null;
    this.hits = grow(this.hits, size);
    const hits = this.hits;
    let total = 0;
    const { alive, flags, types, categories, subcategories, prices, makers, ratings } = this.store;
    const floors = this.store.floors;
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
        if (keyed) scores[slot] = bestMatchKey(postingEntries ? postingEntries[i]! & WEIGHT_MASK : termWeights![slot]!, rank[slot]!);
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
          if (keyed) scores[slot] = bestMatchKey(postingEntries ? postingEntries[i]! & WEIGHT_MASK : termWeights![slot]!, rank[slot]!);
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

    const ids = this.pager.page(hits, total, sort, page, limit, keyed ? 'keyed' : query ? { query, weightsOf } : undefined);
    if (!counts || !facets) return { ids, total };
    return { ids, total, facets: facetsOf(this.store, total, counts, filter, facets) };
  }

  /** A posting's slots (its entries without their weights), in a scratch list. */
  private slotsOf(posting: Posting): Int32Array {
    const slots = this.lists.take();
    const { entries, length } = posting;
    for (let i = 0; i < length; i += 1) slots[i] = entries[i]! >>> WEIGHT_BITS;
    return slots;
  }

  /** For a search that found nothing: the closest word of the products' names (corrections.ts correctionOf). */
  correction(term: string): string | undefined {
    return correctionOf(this.store, term);
  }

  /** What the header's suggestions show of the products `ids` (held ones only, in the same order). */
  suggestionsOf(ids: number[]): { id: number; name: string; slug: string; product_type: ProductType; manufacturer: string; price: string; image_url: string | null }[] {
    return ids.flatMap((id) => {
      const slot = this.store.slotOf.get(id);
      if (slot === undefined) return [];
      return [
        {
          id,
          name: this.store.names.get(slot)!,
          slug: this.store.slugs.get(slot)!,
          product_type: PRODUCT_TYPE_CODES[this.store.types[slot]!]!,
          manufacturer: this.store.makerNames[this.store.makers[slot]!]!,
          price: cents(this.store.prices[slot]!),
          image_url: this.store.images.get(slot),
        },
      ];
    });
  }

  /** Up to `limit` categories whose name holds `q` (any case), by name. */
  categoriesMatching(q: string, limit: number): IndexedCategory[] {
    const needle = q.toLowerCase();
    const out: IndexedCategory[] = [];
    for (const category of this.store.categoryList) {
      if (category.name.toLowerCase().includes(needle)) out.push(category);
      if (out.length === limit) break;
    }
    return out;
  }
}
