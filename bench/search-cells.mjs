// The search bench's cells (bench/search.mjs): what each asks (autocannon's request sequence over a
// stream of bench/search-traffic.mjs), its samples to compare the servers' answers, and its goals.
import { LIMIT } from './search-traffic.mjs';

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
export function cells() {
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
export const PAGE_KINDS = {
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

