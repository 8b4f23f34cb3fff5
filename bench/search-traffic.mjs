// The search bench's traffic (bench/search.mjs): the catalogue's own vocabulary, and seeded streams of
// searches, typed prefixes, list pages, product ids and slugs, and server-rendered pages drawn from it
// (Zipf-distributed words, 1-2 words, 5 % with a typo). Also the pages bench's (bench/pages.mjs).
import pg from 'pg';
import { prng, zipfPicker } from './generate-catalogue.mjs';

export const LIMIT = 24;
export const SEED = 19_2026;
export const WARMUP_SEED = 7_2026;
const TYPES = ['equipment', 'service', 'affiliate'];
const OTHER_SORTS = ['price-asc', 'price-desc', 'newest', 'rating'];
export const TYPO_SHARE = 0.05;
export const TWO_WORD_SHARE = 0.4;

/** Index 0..n-1 with P(k) ∝ 1/(k+1)^s: rank 0 the most frequent. */
const zipf = (n, s = 1) => zipfPicker(n, s);

/**
 * The catalogue's vocabulary: the words of its product names (letters only, 3+ characters) and its
 * manufacturers' names, each ranked by how many products carry it (most frequent first).
 */
export async function vocabulary(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: words } = await client.query(
      `SELECT w AS term, count(*)::int AS n FROM products, regexp_split_to_table(lower(name), '[^[:alpha:]]+') w
       WHERE length(w) >= 3 GROUP BY w`,
    );
    const { rows: makers } = await client.query('SELECT manufacturer AS name, count(*)::int AS n FROM products WHERE manufacturer IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1');
    const { rows: [{ maxId, total }] } = await client.query('SELECT max(id)::int AS "maxId", count(*)::int AS total FROM products');
    // the product pages' addresses (/products/<slug>), in id order
    const { rows: slugs } = await client.query('SELECT slug FROM products ORDER BY id');
    const terms = new Map(words.map((w) => [w.term, w.n]));
    for (const m of makers) {
      const term = m.name.toLowerCase();
      if (!terms.has(term)) terms.set(term, m.n); // 'nordhaus medical' beside 'nordhaus' and 'medical'
    }
    const ranked = [...terms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([term]) => term);
    return { terms: ranked, manufacturers: makers.map((m) => m.name), maxId, total, slugs: slugs.map((row) => row.slug) };
  } finally {
    await client.end();
  }
}

/** One character dropped or two neighbours swapped, in a word of 4+ letters (the typo a shopper makes). */
function typo(query, random) {
  const words = query.split(' ');
  const candidates = words.map((w, i) => [w, i]).filter(([w]) => w.length >= 4);
  if (candidates.length === 0) return query;
  const [word, i] = candidates[Math.floor(random() * candidates.length)];
  const at = 1 + Math.floor(random() * (word.length - 2)); // never the first letter
  words[i] = random() < 0.5 ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return words.join(' ');
}

/** Streams of requests over the vocabulary, deterministic for a seed. */
export function traffic(vocab, seed) {
  const random = prng(seed);
  const term = zipf(vocab.terms.length);
  const maker = zipf(vocab.manufacturers.length);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const query = () => {
    const first = vocab.terms[term(random())];
    let text = first;
    if (random() < TWO_WORD_SHARE) {
      let second = vocab.terms[term(random())];
      for (let tries = 0; second === first && tries < 5; tries += 1) second = vocab.terms[term(random())];
      if (second !== first) text = `${first} ${second}`;
    }
    return random() < TYPO_SHARE ? { text: typo(text, random), typo: true } : { text, typo: false };
  };
  /** A results page's query string: the search, sometimes a filter, mostly 'Best match'. */
  const search = () => {
    const { text, typo: hasTypo } = query();
    const params = new URLSearchParams({ search: text });
    const r = random();
    if (r < 0.1) {
      params.append('manufacturer', vocab.manufacturers[maker(random())]);
      if (random() < 0.3) params.append('manufacturer', vocab.manufacturers[maker(random())]);
    } else if (r < 0.17) {
      const [min, max] = pick([[null, '100'], ['100', '500'], ['500', '2000'], ['2000', null]]);
      if (min) params.set('minPrice', min);
      if (max) params.set('maxPrice', max);
    } else if (r < 0.22) params.set('inStock', 'true');
    else if (r < 0.26) params.set('minRating', '4');
    else if (r < 0.3) params.set('productType', pick(TYPES));
    params.set('sort', random() < 0.85 ? 'relevance' : pick(OTHER_SORTS));
    return { qs: params.toString(), typo: hasTypo };
  };
  /** Every prefix of a query, 2..n characters, one after the other as the shopper types. */
  let typing = [];
  const prefix = () => {
    if (typing.length === 0) {
      const { text } = query();
      for (let n = 2; n <= text.length; n += 1) if (text[n - 1] !== ' ') typing.push(text.slice(0, n));
      if (typing.length === 0) typing.push(text);
    }
    return typing.shift();
  };
  /** A catalogue page: type (or none) × sort (or the name order) × page 1..5, the first pages likelier. */
  const pageOf = zipf(5, 1);
  const listPage = () => {
    const params = new URLSearchParams();
    const type = pick([...TYPES, null]);
    if (type) params.set('productType', type);
    const sort = pick([null, ...OTHER_SORTS]);
    if (sort) params.set('sort', sort);
    params.set('limit', String(LIMIT));
    params.set('page', String(1 + pageOf(random())));
    return params.toString();
  };
  const productId = () => 1 + Math.floor(random() * vocab.maxId);
  const productSlug = () => vocab.slugs[Math.floor(random() * vocab.slugs.length)];
  /** A shopper's page the server renders and keeps: the home page, or a type's marketplace in one of its orders (13 in all). */
  const popularPage = () => {
    const r = random();
    if (r < 0.1) return '/';
    const params = new URLSearchParams({ type: pick(TYPES) });
    const sort = pick([null, ...OTHER_SORTS.slice(0, 3)]);
    if (sort) params.set('sort', sort);
    return `/marketplace?${params}`;
  };
  /**
   * A page asked for the first time, of two kinds in turn: a type's marketplace with a product's view
   * open (any of the catalogue's: its HTML is the marketplace's, so the render thread adds the
   * product's data to the page it rendered before), and a search nobody asked before (a page
   * rendered whole).
   */
  let rare = 0;
  const rarePage = () =>
    rare++ % 2 === 0
      ? `/marketplace?${new URLSearchParams({ type: pick(TYPES), product: productSlug() })}`
      : `/marketplace?${new URLSearchParams({ type: pick(TYPES), search: query().text })}`;
  return { search, prefix, listPage, productId, productSlug, popularPage, rarePage };
}

