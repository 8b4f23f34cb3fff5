/**
 * The search index's column store: per slot, the product's id and the columns the results page
 * filters, counts and sorts by (typed arrays), its name, and its lexemes' postings; the name order,
 * the sorted lexicon, the manufacturers and the categories. This class changes them; the other parts
 * of the folder read them (corrections.ts fills the names' trigram cache).
 *
 * Slots: each product version gets the next slot; an updated product takes a new slot and its old
 * one is marked dead (postings only ever grow at their end, so they stay sorted). A reload compacts.
 */
import type { ProductType } from '../product-queries.js';
import { parseDocument, wordsOf } from './analysis.js';
import { grow, Posting } from './memory.js';
import { IdSlots, StringColumn } from './strings.js';
import type { TsQuery } from './tsquery.js';
import type { IndexedCategory, IndexedProduct } from './types.js';

export const PRODUCT_TYPE_CODES: readonly ProductType[] = ['affiliate', 'service', 'equipment'];
export const TYPE_CODE = new Map(PRODUCT_TYPE_CODES.map((type, i) => [type, i]));
export const FEATURED = 1;
export const NEW = 2;
export const IN_STOCK = 4;

/** Ordering of names as the database orders text: code points (C/C.UTF-8), or a collator for other collations. */
export type NameCompare = (a: string, b: string) => number;
export const codePointCompare: NameCompare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** What the rating facet counts of a product: its rating's whole part, 0-5 (ratings have one decimal; the counted minimums are whole), or UNRATED. */
export const UNRATED = 255;
export function ratingFloor(rating: number | null): number {
  return rating === null || !(rating >= 0) ? UNRATED : Math.min(5, Math.floor(rating));
}

export class ColumnStore {
  /** slots in use (live and dead) */
  size = 0;
  live = 0;
  ids = new Int32Array(1024);
  alive = new Uint8Array(1024);
  types = new Uint8Array(1024);
  flags = new Uint8Array(1024);
  categories = new Int32Array(1024);
  subcategories = new Int32Array(1024);
  makers = new Int32Array(1024);
  prices = new Float64Array(1024);
  ratings = new Float64Array(1024);
  /** ratingFloor of each slot: what the rating facet counts, made once per product rather than per match */
  floors = new Uint8Array(1024);
  reviews = new Int32Array(1024);
  created = new Float64Array(1024);
  /** UTF-8 in one buffer per column (strings.ts), not a JS string per product */
  names = new StringColumn();
  /** what a suggestion shows beside the name */
  slugs = new StringColumn();
  images = new StringColumn(true);
  /** position of each slot in the name order (name, id); rebuilt after changes */
  nameRank = new Int32Array(0);
  nameRankValid = false;
  /** the live slots in the name order, as of the last `ranks()`; slots added since, for the next one to merge in */
  nameOrder = new Int32Array(0);
  private addedSince: number[] = [];
  readonly slotOf = new IdSlots();
  readonly postings = new Map<string, Posting>();
  /** every lexeme, sorted, for prefix ranges; rebuilt when a new lexeme appears */
  lexemes: string[] = [];
  lexemesValid = false;
  readonly makerIds = new Map<string, number>();
  readonly makerNames: string[] = [];
  categoryList: IndexedCategory[] = [];
  categoryBySlug = new Map<string, number>();
  subcategoryBySlug = new Map<string, number>();
  /** the words of the live products' names (lower case, letters and digits) and how many names hold each: typo corrections */
  readonly nameWords = new Map<string, number>();
  readonly wordTrigrams = new Map<string, Set<string>>();
  /** bumped by every change: what namedByRank (evaluate.ts) was sorted for */
  generation = 0;

  constructor(readonly compareNames: NameCompare = codePointCompare) {}

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
    for (const word of wordsOf(this.names.get(slot)!)) {
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
    this.names.push(slot, product.name);
    this.slugs.push(slot, product.slug);
    this.images.push(slot, product.image_url);
    this.addedSince.push(slot);
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

  /** (name, id) order of two slots: the byte order of the names under a code-point collation, else the collator's. */
  private before(a: number, b: number): number {
    const byName = this.compareNames === codePointCompare ? this.names.compare(a, b) : this.compareNames(this.names.get(a)!, this.names.get(b)!);
    return byName || this.ids[a]! - this.ids[b]!;
  }

  /**
   * The name order (name, id) as a rank per slot: the 'name' sort and the ties of 'Best match'.
   * After a refresh, the few slots added are sorted and merged into the last order (dead slots
   * dropped): a pass over the catalogue, not a sort of it (a second at 1,000,000 products).
   */
  ranks(): Int32Array {
    if (this.nameRankValid) return this.nameRank;
    const added = this.addedSince.filter((slot) => this.alive[slot]);
    const merge = this.nameOrder.length > 0 && added.length < this.nameOrder.length / 8;
    const order = new Int32Array(this.live);
    if (merge) {
      added.sort((a, b) => this.before(a, b));
      const old = this.nameOrder;
      // where each added slot goes in the last order (a dead slot's name is still held, so still compares)
      const at = added.map((slot) => {
        let lo = 0;
        let hi = old.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (this.before(old[mid]!, slot) < 0) lo = mid + 1;
          else hi = mid;
        }
        return lo;
      });
      let n = 0;
      let j = 0;
      for (let i = 0; i < old.length; i += 1) {
        while (j < added.length && at[j]! <= i) order[n++] = added[j++]!;
        if (this.alive[old[i]!]) order[n++] = old[i]!;
      }
      while (j < added.length) order[n++] = added[j++]!;
    } else {
      let n = 0;
      for (let slot = 0; slot < this.size; slot += 1) if (this.alive[slot]) order[n++] = slot;
      if (this.compareNames === codePointCompare) order.sort((a, b) => this.before(a, b));
      else {
        // a collator compares strings: each name decoded once for the sort, not at every comparison
        const names = Array.from(order, (slot) => this.names.get(slot)!);
        const at = new Int32Array(order.length);
        for (let i = 0; i < at.length; i += 1) at[i] = i;
        at.sort((a, b) => this.compareNames(names[a]!, names[b]!) || this.ids[order[a]!]! - this.ids[order[b]!]!);
        const sorted = Array.from(at, (i) => order[i]!);
        order.set(sorted);
      }
    }
    const rank = new Int32Array(this.size);
    for (let i = 0; i < order.length; i += 1) rank[order[i]!] = i;
    this.nameOrder = order;
    this.addedSince = [];
    this.nameRank = rank;
    this.nameRankValid = true;
    return rank;
  }

  /** Prepares what the first search after a change would otherwise build (the name order, the lexicon), and lets go of the room kept for growth. */
  prepare(): void {
    this.ranks();
    this.sortedLexemes();
    for (const posting of this.postings.values()) posting.trim();
    this.names.trim();
    this.slugs.trim();
    this.images.trim();
  }

  private sortedLexemes(): string[] {
    if (!this.lexemesValid) {
      this.lexemes = [...this.postings.keys()].sort();
      this.lexemesValid = true;
    }
    return this.lexemes;
  }

  /** The lexemes a term covers: itself, or every lexeme a prefix starts. */
  coveredLexemes(term: Extract<TsQuery, { kind: 'term' }>): string[] {
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
}
