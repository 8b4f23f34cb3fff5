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
// The traffic is bench/search-traffic.mjs, the cells bench/search-cells.mjs, the runs and their
// figures bench/search-load.mjs; here the servers are started and the cells run and tabled.
import { pagesBench } from './pages.mjs';
import { opts } from './options.mjs';
import { f0, f1, loadavg, out, table, yes } from './report.mjs';
import { cells } from './search-cells.mjs';
import { digest, run, same, settled, summary, tally } from './search-load.mjs';
import { SEED, traffic, TWO_WORD_SHARE, TYPO_SHARE, vocabulary, WARMUP_SEED } from './search-traffic.mjs';
import { benchCatalogue, startApi, startNode } from './servers.mjs';

/** `--only search`: the API with its cache off, as shipped, and the bare server on the bench catalogue; the search cells, then issue 20's pages row. */
export async function searchAtScale() {
  const url = await benchCatalogue();
  const vocab = await vocabulary(url);
  const env = { DATABASE_URL: url, SEED_DEMO: 'false' };
  const servers = {};
  try {
    servers.off = await startApi({ ...env, CATALOGUE_CACHE_MB: '0' });
    servers.on = await startApi(env);
    servers.bare = await startNode('bench/bare-server.mjs', { DATABASE_URL: url });
    servers.bare.sqlNote = `search SQL: ${servers.bare.log().match(/search SQL: (.*)/)?.[1] ?? '?'}`;
    out(`Load average (1/5/15 min) before the search bench: ${loadavg()}.`);
    out();
    await searchBench({ servers, vocab, opts, out, table, f0, f1, databaseUrl: url });
    // issue 20's pages row again, with a load generator that leaves the cores to the server
    if (!opts.searchCells || opts.searchCells.has('pages')) {
      for (const [key, label] of [['off', 'API, cache off'], ['on', 'API, cache on']]) await pagesBench({ server: servers[key], label, vocab, opts, out, table, f0, f1, yes });
    }
    out(`Load average after the search bench: ${loadavg()}.`);
    out();
  } finally {
    for (const server of Object.values(servers)) await server.stop();
  }
}

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
