// The search bench (issue 19), run by `npm run bench -- --only search` and as part of `npm run bench`:
// varied traffic on the 100k-product bench catalogue (dm_bench_<n>), each cell run against the API
// with its response cache off (CATALOGUE_CACHE_MB=0), the API as shipped (cache on), and
// bench/bare-server.mjs (node:http + pg, the SQL the API runs), one after the other in the same run.
//  - varied search: queries drawn Zipf-distributed from the catalogue's own name words and
//    manufacturers (seeded PRNG), 1-2 words, 5 % with a typo, some with a filter or another sort;
//    each search is the results page's one request, GET /api/products?…&facets=true (page 1 and its filters' counts);
//  - suggestions while typing: every prefix (2..n characters) of such queries, GET /api/search/suggestions;
//  - varied list pages: product types × sorts × the first pages, no search;
//  - single products: GET /api/products/:id, ids uniform over the whole catalogue;
//  - product pages (issue 20): GET /products/<slug>, the server-written HTML, slugs uniform over the catalogue.
// The query streams are the same for the three servers (the same seed); the warm-up draws from
// another seed, so the measured searches are not the warm-up's. Every cell reports how many
// distinct URLs it sent, so a reader can see how much a response cache could have answered.
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { prng, zipfPicker } from './generate-catalogue.mjs';

const LIMIT = 24;
const SEED = 19_2026;
const WARMUP_SEED = 7_2026;
const TYPES = ['equipment', 'service', 'affiliate'];
const OTHER_SORTS = ['price-asc', 'price-desc', 'newest', 'rating'];
const TYPO_SHARE = 0.05;
const TWO_WORD_SHARE = 0.4;

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

const againstBare = (u, bare) => [`≥ 0.6× bare ${yes(u.unitsPerSecond / bare.unitsPerSecond >= 0.6)}`];

/** A cell of one request per unit: `draw` picks what to ask from the stream, `pathOf` makes its path. */
function single(key, name, draw, pathOf, sampleCount, goal) {
  return {
    key,
    name,
    unit: 'requests',
    perUnit: 1,
    goal,
    requests: (stream, seen) => [
      {
        method: 'GET',
        setupRequest(request) {
          const value = draw(stream);
          seen.add(value);
          seen.sent = (seen.sent ?? 0) + 1;
          return { ...request, path: pathOf(value) };
        },
      },
    ],
    samples: (stream) => Array.from({ length: sampleCount }, () => pathOf(draw(stream))),
  };
}

/**
 * The cells: each `requests(stream, seen)` builds autocannon's request sequence for one run;
 * `seen` collects the distinct URLs (or searches) it sent. `perUnit` requests make one counted unit.
 */
function cells() {
  return [
    {
      key: 'search',
      name: 'varied search + facets (page 1)',
      unit: 'searches',
      // the results page's one request: page 1 of the list with its filters' counts (facets=true)
      perUnit: 1,
      goal: (u) => [`≥ 500 searches/s ${yes(u.unitsPerSecond >= 500)}`, `p97.5 ≤ 100 ms ${yes(u.p975 <= 100)}`, `0 errors ${yes(u.errors === 0)}`],
      requests: (stream, seen) => [
        {
          method: 'GET',
          setupRequest(request) {
            const { qs, typo: hasTypo } = stream.search();
            seen.add(qs);
            seen.sent = (seen.sent ?? 0) + 1;
            if (hasTypo) seen.typos = (seen.typos ?? 0) + 1;
            return { ...request, path: `/api/products?${qs}&limit=${LIMIT}&page=1&facets=true` };
          },
        },
      ],
      samples: (stream) => Array.from({ length: 12 }, () => `/api/products?${stream.search().qs}&limit=${LIMIT}&page=1&facets=true`),
    },
    single('suggest', 'suggestions while typing (prefixes)', (stream) => stream.prefix(), (q) => `/api/search/suggestions?q=${encodeURIComponent(q)}`, 16,
      (u) => [`p97.5 ≤ 50 ms ${yes(u.p975 <= 50)}`, `0 errors ${yes(u.errors === 0)}`]),
    single('list', 'varied list pages (types × sorts × pages 1-5)', (stream) => stream.listPage(), (qs) => `/api/products?${qs}`, 12, againstBare),
    single('product', 'single products (any id)', (stream) => stream.productId(), (id) => `/api/products/${id}`, 12, againstBare),
    // issue 20: a product's canonical page as the server renders it (its head, JSON-LD and content);
    // slugs uniform over 100k products, so nearly every request is what the goal calls a miss. The bare
    // server has no pages.
    single('page', "product pages' HTML (/products/<slug>)", (stream) => stream.productSlug(), (slug) => `/products/${encodeURIComponent(slug)}`, 12,
      (u) => [renderedGoal(u), `0 errors ${yes(u.errors === 0)}`]),
    // issue 20's goal row: the shopper's pages rendered on the server (React through the storefront's
    // server container), 50 connections, as browsers ask for them (Accept-Encoding). Each connection
    // asks 19 popular pages (rendered once per catalogue version, then sent as kept) for one page
    // nobody asked before, in turn a marketplace with any of the catalogue's products' view open (the
    // product's data added to the marketplace page the render thread rendered before) and a search
    // nobody asked before (rendered whole); made then and there, or, when every render thread is
    // full, sent at once for the browser to render; each kind's latency on its own, by the page's
    // Server-Timing. The bare server renders no pages.
    {
      key: 'ssr',
      name: "server-rendered pages, 19 kept for 1 new (/, /marketplace?type=… kept; new: …&product=<any> or …&search=<new>)",
      unit: 'requests',
      perUnit: 1,
      goal: (u) => [`kept p97.5 ≤ 50 ms ${yes(pageKind(u, 'kept').p975 <= 50)}`, renderedGoal(u), `0 errors ${yes(u.errors === 0)}`],
      requests: (stream, seen) =>
        Array.from({ length: 20 }, (_, i) => {
          const kind = i === 19 ? 'rendered' : 'kept';
          return {
            method: 'GET',
            headers: { 'accept-encoding': 'br, gzip' },
            setupRequest(request) {
              const path = kind === 'kept' ? stream.popularPage() : stream.rarePage();
              seen.add(path);
              seen.sent = (seen.sent ?? 0) + 1;
              return { ...request, path };
            },
          };
        }),
      samples: (stream) => [...Array.from({ length: 6 }, () => stream.popularPage()), ...Array.from({ length: 6 }, () => stream.rarePage())],
    },
  ];
}

const yes = (ok) => (ok ? '✅' : '❌');
/** How a server-rendered page was made, as its Server-Timing says. */
const PAGE_KINDS = {
  kept: 'kept',
  server: 'rendered on the server',
  view: "a product's view over a page rendered before (the product's data added on the server)",
  busy: 'sent for the browser to render (render threads full)',
  browser: 'sent for the browser to render (render failed)',
};
const pageKind = (u, name) => u.byKind.find((k) => k.kind === PAGE_KINDS[name]) ?? { p975: NaN, n: 0 };
/**
 * Issue 20's goal for a page not kept: made on the server within 300 ms (p97.5), whether rendered
 * whole or a product's view over a page rendered before (each judged on its own), and how many of
 * the misses were made on the server at all.
 */
function renderedGoal(u) {
  const [whole, view] = [pageKind(u, 'server'), pageKind(u, 'view')];
  const misses = whole.n + view.n + pageKind(u, 'busy').n + pageKind(u, 'browser').n;
  const verdict = (kind) => (kind.n ? yes(kind.p975 <= 300) : '–');
  return `rendered whole p97.5 ≤ 300 ms ${verdict(whole)}, views p97.5 ≤ 300 ms ${verdict(view)} (${whole.n} rendered whole and ${view.n} views of ${misses} misses; the rest sent for the browser to render)`;
}

/** Waits (at most 60 s) until the bench database runs no statement but this one's. */
async function settled(databaseUrl) {
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let waited = 0; waited < 60_000; waited += 100) {
      const { rows: [{ n }] } = await client.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      if (n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** What the runs of one cell on one server add up to (several interleaved slices of the measured time). */
function tally() {
  const seen = Object.assign(new Set(), { byKind: {} }); // byKind: latencies per request of a sequence (list, facets)
  return { seen, latencies: [], statuses: new Map(), firstErrors: new Map(), errors: 0, timeouts: 0, seconds: 0, loads: [] };
}

/** One autocannon run of a cell's sequence into `t`; never throws for HTTP errors, counts them and keeps the first few. */
function run(url, cell, stream, t, { seconds, connections }) {
  return new Promise((resolve, reject) => {
    const requests = cell.requests(stream, t.seen).map((request) => ({
      ...request,
      setupRequest(req, context) {
        context.started = performance.now();
        return request.setupRequest ? request.setupRequest(req, context) : req;
      },
      onResponse(status, body, context, headers) {
        t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
        if ((status < 200 || status >= 300) && t.firstErrors.size < 3 && !t.firstErrors.has(status)) t.firstErrors.set(status, String(body).slice(0, 200));
        // a page says how it was made (Server-Timing: render;desc=kept|server|view|busy|browser): each kind's latency on its own
        const timing = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'server-timing')?.[1];
        const made = /render;desc="(\w+)"/.exec(String(timing ?? ''))?.[1];
        if (made) (t.seen.byKind[PAGE_KINDS[made] ?? made] ??= []).push(performance.now() - context.started);
        request.onResponse?.(status, body, context);
      },
    }));
    const instance = autocannon({ url, connections, duration: seconds, timeout: 10, requests }, (error, result) => {
      if (error) return reject(error);
      t.errors += result.errors + result.timeouts + result.non2xx;
      t.timeouts += result.timeouts;
      t.seconds += seconds;
      t.loads.push(os.loadavg()[0]);
      resolve(t);
    });
    instance.on('response', (_client, _status, _bytes, ms) => t.latencies.push(ms));
  });
}

/** The figures of a tally. */
function summary(t, cell) {
  const latencies = [...t.latencies].sort((a, b) => a - b);
  const responses = latencies.length;
  return {
    rps: responses / t.seconds,
    unitsPerSecond: responses / cell.perUnit / t.seconds,
    p50: percentile(latencies, 50),
    p975: percentile(latencies, 97.5),
    errors: t.errors,
    timeouts: t.timeouts,
    responses,
    distinct: t.seen.size,
    sent: t.seen.sent ?? 0,
    typos: t.seen.typos ?? 0,
    statuses: t.statuses,
    firstErrors: t.firstErrors,
    load: Math.max(...t.loads),
    byKind: Object.entries(t.seen.byKind).map(([kind, ms]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return { kind, n: ms.length, p50: percentile(sorted, 50), p975: percentile(sorted, 97.5) };
    }),
  };
}

/** Status and a digest of the answer (ids and total), to check ours and bare serve the same rows. */
async function digest(url) {
  try {
    const response = await fetch(url);
    const text = await response.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const summary =
      body && typeof body === 'object' && 'q' in body
        ? { products: body.products?.map((p) => p.id), categories: body.categories?.map((c) => c.id) } // suggestions
        : Array.isArray(body?.products)
          ? { total: body.total, capped: body.totalCapped === true, corrected: body.correctedSearch, ids: body.products.map((p) => p.id) } // a list page
          : body && typeof body === 'object' && 'manufacturers' in body
            ? { total: body.total, capped: body.totalCapped, types: body.productTypes, manufacturers: body.manufacturers?.slice(0, 5), inStock: body.inStock, ratings: body.ratings, price: body.price } // facets
            : body && typeof body === 'object' && 'id' in body
              ? { id: body.id, name: body.name, price: body.price } // one product
              : body;
    return { status: response.status, summary, error: response.ok ? null : String(typeof body === 'string' ? body : (body?.message ?? text)).slice(0, 160) };
  } catch (error) {
    return { status: 'failed', summary: null, error: error.message };
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Runs the search cells against the three servers. `servers`: { off, on, bare } as started by
 * bench/processes.mjs; `vocab` from vocabulary(). Prints one table and notes through `out`/`table`.
 */
export async function searchBench({ servers, vocab, opts, out, table, f0, f1, databaseUrl }) {
  const order = [
    ['off', 'API, cache off'],
    ['on', 'API, cache on'],
    ['bare', 'bare node:http + pg'],
  ];
  const rows = [];
  const notes = [];
  const verdicts = [];
  const chosen = cells().filter((c) => !opts.searchCells || opts.searchCells.has(c.key));
  if (chosen.length === 0) return verdicts;
  for (const cell of chosen) {
    // what each server answers to the same sample requests: refused endpoints are reported, not measured
    const samples = cell.samples(traffic(vocab, SEED + 1));
    const answers = {};
    for (const [key] of order) answers[key] = await Promise.all(samples.map((path) => digest(`${servers[key].url}${path}`)));
    // asked again: an answer that changes between two identical requests is not the bare server's fault
    const again = await Promise.all(samples.map((path) => digest(`${servers.off.url}${path}`)));
    const unstable = samples.filter((_, i) => answers.off[i].status === 200 && !same(answers.off[i], again[i]));
    if (unstable.length) {
      const i = samples.indexOf(unstable[0]);
      notes.push(`${cell.name}: the API (cache off) answered ${unstable.length} of ${samples.length} sample requests differently when asked twice, e.g. \`${unstable[0]}\`: ${JSON.stringify(answers.off[i].summary).slice(0, 200)}, then ${JSON.stringify(again[i].summary).slice(0, 200)}`);
    }
    const mismatched = samples.filter((_, i) => !same(answers.off[i], answers.bare[i]));
    if (mismatched.length) {
      const i = samples.indexOf(mismatched[0]);
      notes.push(`${cell.name}: API and bare answered ${mismatched.length} of ${samples.length} sample requests differently, e.g. \`${mismatched[0]}\`: API ${JSON.stringify(answers.off[i]).slice(0, 300)}; bare ${JSON.stringify(answers.bare[i]).slice(0, 300)}`);
    }
    const results = {};
    for (const [key, label] of order) {
      const refused = answers[key].filter((a) => a.status !== 200);
      if (refused.length === samples.length) {
        results[key] = null;
        notes.push(`${cell.name}, ${label}: not measured, every sample request failed (${[...new Set(refused.map((a) => `${a.status}: ${a.error}`))].slice(0, 2).join('; ')})`);
        console.error(`  search bench ${cell.key} ${label}: every sample failed, skipped`);
        continue;
      }
      await run(servers[key].url, cell, traffic(vocab, WARMUP_SEED), tally(), { seconds: opts.warmup, connections: opts.connections });
      await settled(databaseUrl);
      results[key] = { stream: traffic(vocab, SEED), tally: tally() };
    }
    // the measured time in interleaved slices (off, on, bare, off, on, bare…), so a change in the
    // machine's load during the cell weighs on the three servers alike
    const rounds = Math.max(1, opts.searchRounds ?? 2);
    for (let round = 0; round < rounds; round += 1) {
      for (const [key] of order) {
        if (!results[key]) continue;
        await run(servers[key].url, cell, results[key].stream, results[key].tally, { seconds: opts.seconds / rounds, connections: opts.connections });
        // statements a slice left running (a slow search's SQL goes on after its client stops
        // waiting) would otherwise weigh on the next server's slice
        await settled(databaseUrl);
      }
    }
    for (const [key, label] of order) {
      if (!results[key]) continue;
      const r = (results[key] = summary(results[key].tally, cell));
      if (r.errors) {
        const codes = [...r.statuses].filter(([s]) => s < 200 || s >= 300).map(([s, n]) => `${n} × ${s}`);
        notes.push(`${cell.name}, ${label}: ${r.errors} errors (${[...codes, r.timeouts ? `${r.timeouts} timeouts` : ''].filter(Boolean).join(', ') || 'connection errors'})` +
          `${r.firstErrors.size ? `; first: ${[...r.firstErrors].map(([s, b]) => `${s} ${b}`).join(' | ')}` : ''}`);
      }
      if (r.p50 > (100 * opts.seconds) / rounds) {
        notes.push(`${cell.name}, ${label}: p50 ${f0(r.p50)} ms is over a tenth of a ${f1(opts.seconds / rounds)} s slice: requests still in flight when a slice ends are not counted, so the rate reads low (use --rounds 1 or more --seconds)`);
      }
      if (r.byKind.length) notes.push(`${cell.name}, ${label}: ${r.byKind.map((k) => `${k.kind}: ${k.n}, p50 ${f1(k.p50)} ms, p97.5 ${f1(k.p975)} ms`).join('; ')} (timed from building the request to its answer)`);
      console.error(`  search bench ${cell.key} ${label}: ${f0(r.unitsPerSecond)} ${cell.unit}/s, p50 ${f1(r.p50)} ms, p97.5 ${f1(r.p975)} ms, ${r.errors} errors, ${r.distinct} distinct`);
    }
    for (const [key, label] of order) {
      const r = results[key];
      const bare = results.bare;
      const ratio = r && bare ? r.unitsPerSecond / bare.unitsPerSecond : NaN;
      const goal = key === 'off' && r && bare ? cell.goal(r, bare).join(', ') : key === 'off' && r ? cell.goal(r, { unitsPerSecond: NaN }).join(', ') : '';
      if (key === 'off') verdicts.push([cell.name, goal || 'not measured']);
      rows.push([
        key === 'off' ? cell.name : '',
        label,
        r ? `${f0(r.unitsPerSecond)} ${cell.unit}/s` : 'not measured',
        r ? f0(r.rps) : '–',
        r ? f1(r.p50) : '–',
        r ? f1(r.p975) : '–',
        r ? String(r.errors) : '–',
        r ? `${r.distinct.toLocaleString('en')} of ${r.sent.toLocaleString('en')}${r.typos ? ` (${r.typos} with a typo)` : ''}` : '–',
        key === 'bare' || !Number.isFinite(ratio) ? '' : `${ratio.toFixed(2)}×${r.errors > r.responses / 100 || bare.errors > bare.responses / 100 ? ' ⚠ errors' : ''}`,
        r ? r.load.toFixed(1) : '–',
        goal,
      ]);
    }
  }
  out(`## Search at ${vocab.total.toLocaleString('en')} products, varied traffic, ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.seconds} s measured per server`);
  out();
  out(`Three servers on the same database, each with the same seeded request stream, measured in ${opts.searchRounds ?? 2} interleaved slices (cache off, cache on, bare, cache off, …) that add up to the measured time (seed ${SEED}; the warm-up draws from seed ${WARMUP_SEED}): ` +
    `the API with CATALOGUE_CACHE_MB=0 (every request runs its SQL), the API as shipped (response cache on), and \`bench/bare-server.mjs\` (node:http + pg, ${servers.bare.sqlNote}). ` +
    `Search words: the ${vocab.terms.length} words of the catalogue's product names and its manufacturers' names, ranked by how many products carry them, drawn Zipf (s = 1) by that rank; ` +
    `${(100 * (1 - TWO_WORD_SHARE)).toFixed(0)} % one word, ${(100 * TWO_WORD_SHARE).toFixed(0)} % two, ${(100 * TYPO_SHARE).toFixed(0)} % with a typo (a letter dropped or two swapped); ` +
    `30 % of searches carry one filter (manufacturer, price band, in stock, rating 4+, product type) and 15 % another sort than 'relevance'.`);
  out();
  out(`**Rate column:** for "varied search + facets" one search = GET /api/products?search=…&page=1 followed by GET /api/products/facets?… with the same query on the same connection, so searches/s = HTTP responses/s ÷ 2; ` +
    `"HTTP req/s" counts every response. **Latency** (p50, p97.5) is per HTTP request (a browser sends the list and the facets at the same time, so a shopper waits about one of them). ` +
    `**Distinct of sent** = how many different searches (list query strings; prefixes; list URLs; product ids) the measured run sent, of how many it sent (a search counts once, facets included): the share a response cache could have answered from an earlier identical request is at most 1 − distinct/total. ` +
    `"× bare" = rate ÷ the bare server's rate in the same cell; "load" = the highest 1-minute load average seen after any of its slices (2 cores shared with other work: anything above ~2 means the figures are pulled down). Goals (issue 19) are judged on the API with the cache off.`);
  out();
  table(['cell', 'server', 'rate', 'HTTP req/s', 'p50 ms', 'p97.5 ms', 'errors', 'distinct of sent', '× bare', 'load', 'goal (cache off)'], rows);
  if (notes.length) {
    out('Notes:');
    for (const note of notes) out(`- ${note}`);
    out();
  }
  return verdicts;
}
