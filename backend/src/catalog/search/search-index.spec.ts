/**
 * The search index on its own: PostgreSQL's printed tsquery and tsvector read right, matches,
 * 'Best match' and the other orders, paging, each facet counted with every other filter but its
 * own, typo corrections, and products replaced or removed. (test/search-index.spec.ts runs it
 * against PostgreSQL through the API.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument, SearchIndex, trigrams, type IndexedProduct, type IndexSearch } from './search-index.js';
import { hasPhrase, parseTsQuery, positiveTerms } from './tsquery.js';

let nextId = 1;
function product(fields: Partial<IndexedProduct> & { document: string }): IndexedProduct {
  const id = fields.id ?? nextId++;
  return {
    id,
    name: `Product ${id}`,
    slug: `product-${id}`,
    image_url: null,
    manufacturer: 'Acme',
    product_type: 'equipment',
    category_id: 1,
    subcategory_id: 10,
    is_featured: false,
    is_new: false,
    in_stock: true,
    price_cents: 10_000,
    rating: 4,
    reviews_count: 0,
    created_us: id * 1000,
    ...fields,
  };
}

const FACETS = { manufacturersListed: 20, ratings: [4, 3, 2, 1] } as const;

function search(index: SearchIndex, tsquery: string | undefined, rest: Partial<IndexSearch> = {}) {
  return index.search({ query: tsquery === undefined ? undefined : parseTsQuery(tsquery), filter: {}, sort: 'relevance', page: 1, limit: 10, ...rest });
}

describe('parseTsQuery', () => {
  it('reads operands, prefixes, weights, and the operators by precedence', () => {
    expect(parseTsQuery("'scaler'")).toEqual({ kind: 'term', lexeme: 'scaler', prefix: false, weights: 0 });
    expect(parseTsQuery("'autocl':*")).toEqual({ kind: 'term', lexeme: 'autocl', prefix: true, weights: 0 });
    expect(parseTsQuery("'a':*AB")).toEqual({ kind: 'term', lexeme: 'a', prefix: true, weights: 8 | 4 });
    const tree = parseTsQuery("'a' | 'b' & !'c'");
    expect(tree).toEqual({
      kind: 'or',
      left: { kind: 'term', lexeme: 'a', prefix: false, weights: 0 },
      right: { kind: 'and', left: { kind: 'term', lexeme: 'b', prefix: false, weights: 0 }, right: { kind: 'not', arg: { kind: 'term', lexeme: 'c', prefix: false, weights: 0 } } },
    });
    expect(positiveTerms(tree!).map((t) => t.lexeme)).toEqual(['a', 'b']);
    expect(parseTsQuery("( 'a' | 'b' ) & 'c'")!.kind).toBe('and');
  });

  it('reads quotes and backslashes inside a lexeme, and phrases', () => {
    expect(parseTsQuery("'it''s' & 'back\\\\slash'")).toMatchObject({ left: { lexeme: "it's" }, right: { lexeme: 'back\\slash' } });
    const phrase = parseTsQuery("'x-ray' <-> 'x' <-> 'ray'")!;
    expect(hasPhrase(phrase)).toBe(true);
    expect(hasPhrase(parseTsQuery("'a' <2> 'b'")!)).toBe(true);
    expect(hasPhrase(parseTsQuery("'a' & 'b'")!)).toBe(false);
  });

  it('is null for the empty query and refuses text that is not a tsquery', () => {
    expect(parseTsQuery('')).toBeNull();
    expect(() => parseTsQuery("'a' &")).toThrow('tsquery text');
    expect(() => parseTsQuery("'a")).toThrow('unterminated');
  });
});

describe('parseDocument', () => {
  it('keeps each lexeme once with its best weight (no letter is D)', () => {
    expect(parseDocument("'scaler':4A,8C,12 'tip':3 'x''s':5B 'bare'")).toEqual([
      ['scaler', 4],
      ['tip', 1],
      ["x's", 3],
      ['bare', 1],
    ]);
  });
});

describe('SearchIndex', () => {
  const index = new SearchIndex();
  const holder = product({ name: 'Aardvark Holder', document: "'aardvark':1A 'holder':2A 'scaler':5" });
  const scaler = product({ name: 'Zeta Scaler', document: "'zeta':1A 'scaler':2A", manufacturer: 'Brightline, Inc.', price_cents: 25_000, rating: 4.5 });
  const tip = product({ name: 'Scaler Tip', document: "'scaler':1A 'tip':2A", price_cents: 2_000, rating: 3, in_stock: false });
  const plan = product({ name: 'Scaling Plan', document: "'scale':1A 'plan':2A 'scaler':4B", product_type: 'service', price_cents: 0, rating: null, category_id: 2, subcategory_id: null });
  index.setCategories(
    [
      { id: 1, name: 'Handpieces', slug: 'handpieces', product_type: 'equipment' },
      { id: 2, name: 'Maintenance', slug: 'maintenance', product_type: 'service' },
    ],
    [{ id: 10, slug: 'scalers' }],
  );
  index.upsert([holder, scaler, tip, plan]);

  it("ranks a name holding every word first, then by the words' weights, then by name", () => {
    const { ids, total } = search(index, "'scaler'");
    expect(total).toBe(4);
    // Scaler Tip and Zeta Scaler (name), then Scaling Plan (manufacturer weight B), then Aardvark Holder (description)
    expect(ids).toEqual([tip.id, scaler.id, plan.id, holder.id]);
    // two words: only the one holding both in its name first
    expect(search(index, "'scaler' & 'tip'").ids).toEqual([tip.id]);
  });

  it("matches prefixes over every lexeme they start, 'or' and '-word'", () => {
    expect(search(index, "'scal':*").total).toBe(4);
    expect(search(index, "'scaler' & !'tip'").ids).toEqual([scaler.id, plan.id, holder.id]);
    expect(new Set(search(index, "'tip' | 'plan'").ids)).toEqual(new Set([tip.id, plan.id]));
    expect(search(index, "!'scaler'").total).toBe(0);
    expect(search(index, "'nothing'").total).toBe(0);
    // only stop words: nothing
    expect(index.search({ query: null, filter: {}, sort: 'relevance', page: 1, limit: 10 }).total).toBe(0);
  });

  it('applies the other sorts with the id as the last tie-break, and pages', () => {
    expect(search(index, "'scaler'", { sort: 'price-asc' }).ids).toEqual([plan.id, tip.id, holder.id, scaler.id]);
    expect(search(index, "'scaler'", { sort: 'price-desc' }).ids).toEqual([scaler.id, holder.id, tip.id, plan.id]);
    expect(search(index, "'scaler'", { sort: 'name' }).ids).toEqual([holder.id, tip.id, plan.id, scaler.id]);
    // unrated last
    expect(search(index, "'scaler'", { sort: 'rating' }).ids).toEqual([scaler.id, holder.id, tip.id, plan.id]);
    expect(search(index, "'scaler'", { sort: 'newest' }).ids).toEqual([plan.id, tip.id, scaler.id, holder.id]);
    expect(search(index, "'scaler'", { sort: 'name', page: 2, limit: 3 }).ids).toEqual([scaler.id]);
    expect(search(index, "'scaler'", { sort: 'name', page: 3, limit: 3 }).ids).toEqual([]);
  });

  it('filters by slug, type, stock, price (inclusive), manufacturer and rating', () => {
    expect(search(index, "'scaler'", { filter: { categorySlug: 'maintenance' } }).ids).toEqual([plan.id]);
    expect(search(index, "'scaler'", { filter: { categorySlug: 'unknown' } }).total).toBe(0);
    expect(search(index, "'scaler'", { filter: { subcategorySlug: 'scalers' } }).total).toBe(3);
    expect(search(index, "'scaler'", { filter: { productType: 'service' } }).ids).toEqual([plan.id]);
    expect(search(index, "'scaler'", { filter: { inStock: false } }).ids).toEqual([tip.id]);
    expect(search(index, "'scaler'", { filter: { minPrice: '20.00', maxPrice: '100' } }).ids).toEqual([tip.id, holder.id]);
    expect(search(index, "'scaler'", { filter: { manufacturer: ['Brightline, Inc.', 'Nobody'] } }).ids).toEqual([scaler.id]);
    // unrated fails every minimum
    expect(search(index, "'scaler'", { filter: { minRating: 3.5 } }).ids).toEqual([scaler.id, holder.id]);
  });

  it('counts each facet with every other filter applied but its own', () => {
    const { facets, total } = search(index, "'scaler'", { filter: { productType: 'equipment', inStock: true }, facets: FACETS });
    expect(total).toBe(2);
    expect(facets).toEqual({
      total: 2,
      totalCapped: false,
      // without the type filter: 2 equipment in stock, 1 service in stock
      productTypes: [
        { value: 'affiliate', count: 0 },
        { value: 'service', count: 1 },
        { value: 'equipment', count: 2 },
      ],
      manufacturers: [
        { value: 'Acme', count: 1 },
        { value: 'Brightline, Inc.', count: 1 },
      ],
      manufacturersMore: false,
      // without the stock filter: 3 equipment, 2 of them in stock
      inStock: { value: true, count: 2 },
      ratings: [
        { value: 4, count: 2 },
        { value: 3, count: 2 },
        { value: 2, count: 2 },
        { value: 1, count: 2 },
      ],
      price: { min: '100.00', max: '250.00' },
    });
    // the price range leaves out free products and ignores the price filter itself
    expect(search(index, "'scaler'", { filter: { minPrice: '200' }, facets: FACETS }).facets!.price).toEqual({ min: '20.00', max: '250.00' });
    // a selected manufacturer is listed even with no result; manufacturerSearch narrows the list
    const selected = search(index, "'tip'", { filter: { manufacturer: ['Brightline, Inc.'] }, facets: FACETS }).facets!;
    expect(selected.manufacturers).toEqual([
      { value: 'Acme', count: 1 },
      { value: 'Brightline, Inc.', count: 0 },
    ]);
    expect(search(index, "'scaler'", { facets: { ...FACETS, manufacturerSearch: 'BRIGHT' } }).facets!.manufacturers).toEqual([{ value: 'Brightline, Inc.', count: 1 }]);
    expect(search(index, "'scaler'", { facets: { ...FACETS, manufacturersListed: 1 } }).facets!.manufacturersMore).toBe(true);
  });

  it('caps counts above 1000 and says so', () => {
    const big = new SearchIndex();
    big.upsert(Array.from({ length: 1200 }, (_, i) => product({ id: 10_000 + i, name: `Kit ${i}`, document: "'kit':1A" })));
    const { total, facets, ids } = big.search({ query: parseTsQuery("'kit'"), filter: {}, sort: 'name', page: 2, limit: 5, facets: FACETS });
    expect(total).toBe(1200);
    expect(ids).toHaveLength(5);
    expect(facets!.total).toBe(1000);
    expect(facets!.totalCapped).toBe(true);
    expect(facets!.productTypes[2]).toEqual({ value: 'equipment', count: 1000, capped: true });
  });

  it('corrects a typo to the closest word of a name, never to itself', () => {
    const words = new SearchIndex();
    words.upsert([product({ name: 'Straight Handpiece', document: "'straight':1A 'handpiec':2A" }), product({ name: 'Dental Implant Kit', document: "'dental':1A 'implant':2A 'kit':3A" })]);
    expect(words.correction('handpeice')).toBe('handpiece');
    expect(words.correction('implnt')).toBe('implant');
    expect(words.correction('Implant')).toBeUndefined();
    expect(words.correction('zzzzqqq')).toBeUndefined();
    expect([...trigrams('Ab')]).toEqual(['  a', ' ab', 'ab ']);
  });

  it('follows products replaced and removed', () => {
    const live = new SearchIndex();
    const first = product({ name: 'Old Name', document: "'old':1A 'name':2A" });
    live.upsert([first, product({ name: 'Other', document: "'other':1A" })]);
    expect(live.search({ query: parseTsQuery("'old'"), filter: {}, sort: 'relevance', page: 1, limit: 5 }).ids).toEqual([first.id]);
    live.upsert([{ ...first, name: 'New Name', document: "'new':1A 'name':2A", price_cents: 5 }]);
    expect(live.search({ query: parseTsQuery("'old'"), filter: {}, sort: 'relevance', page: 1, limit: 5 }).total).toBe(0);
    expect(live.search({ query: parseTsQuery("'new'"), filter: { maxPrice: '0.05' }, sort: 'relevance', page: 1, limit: 5 }).ids).toEqual([first.id]);
    expect(live.count).toBe(2);
    expect(live.correction('nam')).toBe('name');
    live.remove(first.id);
    expect(live.search({ query: parseTsQuery("'name'"), filter: {}, sort: 'relevance', page: 1, limit: 5 }).total).toBe(0);
    expect(live.search({ query: undefined, filter: {}, sort: 'name', page: 1, limit: 5, facets: FACETS }).facets!.total).toBe(1);
    expect(live.correction('nam')).toBeUndefined();
    expect(live.deadShare).toBeCloseTo(2 / 3);
  });

  it('keeps the name order through refreshes as a fresh load orders it (merged, not re-sorted), for code points and a collator', () => {
    for (const compare of [undefined, new Intl.Collator('en').compare]) {
      const names = (i: number) => `${['Ärmel', 'apex', 'Zeta', 'zeta', 'Beta', 'béta', '€uro', '日本 Kit'][i % 8]} ${(i * 7919) % 97}`;
      const rows = Array.from({ length: 400 }, (_, i) => product({ id: 70_000 + i, name: names(i), image_url: i % 2 ? `/media/${i}.png` : null, document: "'kit':1A" }));
      const live = new SearchIndex(compare);
      live.upsert(rows);
      const byName = (index: SearchIndex) => index.search({ query: undefined, filter: {}, sort: 'name', page: 1, limit: 1000 }).ids;
      byName(live);
      // a refresh: a few renamed (new slots), a few removed, a few new; twice
      const renamed = [3, 150, 399].map((i) => ({ ...rows[i]!, name: names(i + 5) }));
      const added = Array.from({ length: 20 }, (_, i) => product({ id: 80_000 + i, name: names(i * 3), document: "'kit':1A" }));
      live.upsert(renamed);
      live.remove(rows[7]!.id);
      live.upsert(added.slice(0, 10));
      byName(live);
      live.upsert(added.slice(10));
      const fresh = new SearchIndex(compare);
      fresh.upsert([...rows.filter((_, i) => ![3, 150, 399, 7].includes(i)), ...renamed, ...added]);
      expect(byName(live)).toEqual(byName(fresh));
      expect(live.search({ query: parseTsQuery("'kit'"), filter: {}, sort: 'relevance', page: 1, limit: 1000 }).ids).toEqual(byName(fresh));
      // the text columns give back what they were given
      const [one, two] = [rows[11]!, added[0]!];
      expect(live.suggestionsOf([one.id, two.id]).map((s) => [s.name, s.slug, s.image_url])).toEqual([
        [one.name, one.slug, one.image_url],
        [two.name, two.slug, null],
      ]);
    }
  });

  it('reads back from its file as it was kept, and goes on from there like the index it was', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-snapshot-'));
    try {
      const file = path.join(dir, 'catalogue.idx');
      const rows = Array.from({ length: 300 }, (_, i) =>
        product({ id: 90_000 + i, name: `${['Scaler', 'Scanner', 'Kit', 'Chair'][i % 4]} ${(i * 31) % 300}`, image_url: i % 3 ? null : `/m/${i}.png`, manufacturer: `Maker ${i % 7}`, document: `'${['scaler', 'scanner', 'kit', 'chair'][i % 4]}':1A 'tip':${i % 5 ? 9 : '2B'}` }),
      );
      const kept = new SearchIndex();
      kept.upsert(rows);
      kept.remove(rows[5]!.id);
      const meta = { identity: '1-2', collation: 'C', version: '42', xmin: '1000', refreshedAt: 1234 };
      kept.save(file, meta);
      const read = SearchIndex.read(file)!;
      expect(read.meta).toEqual(meta);
      const answers = (index: SearchIndex) => [
        index.search({ query: undefined, filter: {}, sort: 'name', page: 1, limit: 500 }).ids,
        search(index, "'tip' & 'sca':*", { facets: FACETS, limit: 20 }),
        search(index, "'tip'", { filter: { manufacturer: ['Maker 3'], minPrice: '50' }, facets: FACETS, sort: 'price-desc' }),
        index.suggestionsOf(rows.slice(0, 12).map((row) => row.id)),
        index.correction('scannr'),
        index.count,
      ];
      expect(answers(read.index)).toEqual(answers(kept));
      // a refresh after the read: products added, replaced and removed, as on the index kept
      const more = [product({ id: 95_000, name: 'Scaler Zero', document: "'scaler':1A 'new':2A" }), { ...rows[7]!, name: 'Kit Renamed', document: "'kit':1A 'renam':2A" }];
      for (const index of [read.index, kept]) {
        index.upsert(more);
        index.remove(rows[9]!.id);
      }
      expect(answers(read.index)).toEqual(answers(kept));
      expect(SearchIndex.read(path.join(path.dirname(file), 'none.idx'))).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a page-only one-word search (the suggestions) answers the first page of the full ranking', () => {
    const big = new SearchIndex();
    const words = ['scaler', 'scale', 'scalpel', 'scan', 'tip'];
    // names holding one or two of the words, others only in the description (weight D)
    big.upsert(
      Array.from({ length: 300 }, (_, i) =>
        product({
          id: 50_000 + i,
          name: `Item ${String((i * 7919) % 300).padStart(3, '0')}`,
          document: i % 3 === 0 ? `'${words[i % 5]}':1A '${words[(i + 1) % 5]}':2A` : `'${words[i % 5]}':9`,
        }),
      ),
    );
    const first = (q: string, pageOnly: boolean, limit = 5) => big.search({ query: parseTsQuery(q), filter: {}, sort: 'relevance', page: 1, limit, pageOnly }).ids;
    for (const q of ["'sca':*", "'scal':*", "'scaler'", "'tip'", "'s':*", "'t':*", "'scaler' & 'scale'", "'scan' & 's':*", "'tip' & 'sc':*", "'scale' & 'tip' & 's':*"]) {
      expect(first(q, true)).toEqual(first(q, false));
    }
    // more than the names hold: the full ranking fills the page with the others
    expect(first("'scalpel'", true, 100)).toEqual(first("'scalpel'", false, 100));
    // after a change, the lists follow it
    big.remove(50_000);
    big.upsert([product({ id: 49_999, name: 'Aaa First', document: "'scaler':1A" })]);
    expect(first("'sca':*", true)[0]).toBe(49_999);
    expect(first("'sca':*", true)).toEqual(first("'sca':*", false));
  });

  describe('one search after another, and alternatives no product holds', () => {
    const words = ['autoclav', 'scaler', 'scale', 'scalpel', 'tip'];
    const products = Array.from({ length: 400 }, (_, i) =>
      product({
        id: 70_000 + i,
        name: `Item ${String((i * 7919) % 400).padStart(3, '0')}`,
        manufacturer: ['Acme', 'Brightline', 'Kavora'][i % 3]!,
        rating: i % 7 === 0 ? null : (i % 50) / 10,
        price_cents: 1_000 + ((i * 37) % 900) * 100,
        in_stock: i % 4 !== 0,
        document: i % 3 === 0 ? `'${words[i % 5]}':1A '${words[(i + 2) % 5]}':2A` : `'${words[i % 5]}':9 '${words[(i + 1) % 5]}':4B`,
      }),
    );
    const fresh = () => {
      const index = new SearchIndex();
      index.upsert(products);
      return index;
    };
    const queries = [
      "'autoclave':* | 'autoclav' | 'autocla' | 'autocl'",
      "'sca':*",
      "'scaler' & !'tip'",
      "'tip' | 'scalpel'",
      "!'scale'",
      "'scale' & 'sc':*",
      "'nothing':* | 'tip'",
      "'tip' & ( 'nothing' | 'scal':* )",
    ];
    const run = (index: SearchIndex, q: string) =>
      index.search({ query: parseTsQuery(q), filter: { manufacturer: ['Acme', 'Kavora'] }, sort: 'relevance', page: 1, limit: 30, facets: FACETS });

    it('answers each query the same after any other as on a fresh index (the buffers a search leaves come back clean)', () => {
      const shared = fresh();
      const expected = queries.map((q) => run(fresh(), q));
      for (const order of [queries, [...queries].reverse(), [...queries, ...queries]]) {
        for (const q of order) expect(run(shared, q)).toEqual(expected[queries.indexOf(q)]);
      }
    });

    it('reads alternatives no product holds as absent: the same matches, order and counts as the query without them', () => {
      const index = fresh();
      expect(run(index, "'autoclave':* | 'autoclav' | 'autocla' | 'autocl'")).toEqual(run(index, "'autoclav'"));
      expect(run(index, "'nothing':* | 'tip'")).toEqual(run(index, "'tip'"));
      expect(run(index, "'tip' & ( 'nothing' | 'scal':* )")).toEqual(run(index, "'tip' & 'scal':*"));
      expect(run(index, "'nothing' | 'nowhere':*").total).toBe(0);
    });

    it("ranks a one-word prefix as the general 'Best match' does (the same word twice takes that path)", () => {
      const index = fresh();
      for (const q of ["'sca':*", "'scal':*", "'t':*", "'scaler'"]) {
        const once = index.search({ query: parseTsQuery(q), filter: {}, sort: 'relevance', page: 1, limit: 400 });
        const twice = index.search({ query: parseTsQuery(`${q} & ${q}`), filter: {}, sort: 'relevance', page: 1, limit: 400 });
        expect(once.total).toBeGreaterThan(0);
        expect(once).toEqual(twice);
      }
    });
  });

  it("shows a suggestion's name, slug, type, manufacturer, price and image as held", () => {
    expect(index.suggestionsOf([plan.id, 999_999, scaler.id])).toEqual([
      { id: plan.id, name: 'Scaling Plan', slug: plan.slug, product_type: 'service', manufacturer: 'Acme', price: '0.00', image_url: null },
      { id: scaler.id, name: 'Zeta Scaler', slug: scaler.slug, product_type: 'equipment', manufacturer: 'Brightline, Inc.', price: '250.00', image_url: null },
    ]);
  });

  it('suggests categories whose name holds the text, by name', () => {
    expect(index.categoriesMatching('AIN', 3).map((c) => c.slug)).toEqual(['maintenance']);
    expect(index.categoriesMatching('e', 1).map((c) => c.slug)).toEqual(['handpieces']);
  });
});
