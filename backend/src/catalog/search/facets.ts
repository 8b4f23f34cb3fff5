/**
 * Facets: how many results each filter value would leave (counted in the search's own pass over its
 * matches), and the facets' answer made from those tallies.
 */
import { counted, TOTAL_CAP } from '../product-queries.js';
import { type ColumnStore, IN_STOCK, PRODUCT_TYPE_CODES, UNRATED } from './columns.js';
import type { IndexFacets, IndexFilter, IndexSearch } from './types.js';

/** A facets pass's tallies: products per type, in stock, per whole rating (0-5), per manufacturer, and the price range. */
export interface Counts {
  types: Int32Array;
  stock: number;
  ratingFloors: Int32Array;
  makers: Int32Array;
  priceMin: number;
  priceMax: number;
}

export function newCounts(manufacturers: number): Counts {
  return { types: new Int32Array(3), stock: 0, ratingFloors: new Int32Array(6), makers: new Int32Array(manufacturers), priceMin: Infinity, priceMax: -Infinity };
}

/** Counts a product's rating floor: unrated counts nowhere. */
export function countRating(counts: Counts, floor: number): void {
  if (floor !== UNRATED) counts.ratingFloors[floor]! += 1;
}

/** A product that passes every filter: counted for every facet. */
export function countAll(counts: Counts, slot: number, columns: { types: Uint8Array; flags: Uint8Array; floors: Uint8Array; makers: Int32Array; prices: Float64Array }): void {
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

export const cents = (value: number) => `${Math.trunc(value / 100)}.${String(Math.abs(value % 100)).padStart(2, '0')}`;

export function facetsOf(
  store: ColumnStore,
  total: number,
  counts: Counts,
  filter: IndexFilter,
  { manufacturerSearch, manufacturersListed, ratings }: NonNullable<IndexSearch['facets']>,
): IndexFacets {
  const needle = manufacturerSearch?.trim().toLowerCase();
  const found: { name: string; n: number }[] = [];
  counts.makers.forEach((n, maker) => {
    if (n === 0) return;
    const name = store.makerNames[maker]!;
    if (!needle || name.toLowerCase().includes(needle)) found.push({ name, n });
  });
  const byCount = (a: { name: string; n: number }, b: { name: string; n: number }) => b.n - a.n || store.compareNames(a.name, b.name);
  found.sort(byCount);
  const listed = found.slice(0, manufacturersListed);
  for (const name of filter.manufacturer ?? []) {
    if (listed.some((row) => row.name === name)) continue;
    const maker = store.makerIds.get(name);
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

export function emptyFacets(store: ColumnStore, filter: IndexFilter, facets: NonNullable<IndexSearch['facets']>): IndexFacets {
  return facetsOf(store, 0, newCounts(store.makerNames.length), filter, facets);
}
