#!/usr/bin/env node
// `npm run bench [-- --products 100000 --seconds 10 --connections 50 --skip-generate --only api|search|size|lighthouse|first-tap|resilience|orders|imports|clicks|analytics|keys|webhooks|replicas|guides|drill|search-1m|invoice-reminders]`
// (`--only search --cells search,suggest,list,product` runs some of the search cells, `--cells ssr,pages` issue 20's pages with
//  autocannon and with wrk (bench/pages.mjs: Debian's wrk, skipped where it is not installed); `--rounds 2`: interleaved slices per server)
// (resilience, orders, imports, clicks, analytics and keys are not in the default set: resilience takes about five minutes; `--root DIR` runs it on another checkout's build)
// Run after `npm run build`. Figures, not assertions: every table says which goal holds.
//  1. a deterministic N-product catalogue in its own database (bench/generate-catalogue.mjs);
//  2. the API on it (NODE_ENV=production) beside bench/bare-server.mjs (node:http + pg, the same
//     SQL), each endpoint loaded by autocannon on ours then bare (warm-up, then measured);
//  2b. the search bench (bench/search.mjs): varied searches with facets, suggestions, list pages and
//     single products, each against the API with the cache off, with it on, and the bare server;
//  3. the embedded default (embedded PostgreSQL, demo catalogue): same endpoints, RSS, start time;
//  4. the JS each route really downloads in Debian Chromium, compressed as sent;
//  5. Lighthouse mobile (default simulated throttling) for / and /marketplace;
//  6. with --only resilience: outage, kill, SIGTERM and soak figures (bench/resilience.mjs).
//  6. orders (only with --only orders): checkout throughput, retry storm, email outbox, admin grid (bench/orders.mjs).
//  7. imports (only with --only imports): CSV export, round trip, dry run and apply of 100,000 rows (bench/imports.mjs).
//  8. clicks (only with --only clicks): partner-click beacons from many visitors, rows counted (bench/clicks.mjs).
//  9. analytics (only with --only analytics): the Analytics tab's charts at 1,000,000 orders and 10,000,000 clicks (bench/analytics.mjs).
// 10. first taps (only with --only first-tap): a phone's dead time and first tap, loopback and slow 4G (bench/first-tap.mjs).
// 11. API keys (only with --only keys): the admin product list with a key against a session (bench/keys.mjs).
// 12. webhooks (only with --only webhooks; --rate 100 --seconds 30 --down 60 --around 10 --retry-max 30 --retry-delay 5 --drain-limit 600 --root DIR):
//     order.placed deliveries at a fixed order rate, receiver up then refusing connections (bench/webhooks.mjs).
// 13. replicas (only with --only replicas): uncached catalogue reads, primary only against with a streaming replica (bench/replicas.mjs).
// 14. order guides (only with --only guides): 'Add all to cart' of a 50-line guide, 1, 10 and 50 connections (bench/guides.mjs).
// 15. drill (only with --only drill; --seconds 120 --connections 200 --think-ms 0 --retry-delay-ms 500 --no-curve --curve-connections 50
//     --curve-seconds 15): three API processes behind HAProxy, a primary and a replica; kill -9, a roll and the replica stopped
//     under shopper traffic; then 1, 2 and 3 processes' throughput (bench/drill.mjs, drill-curve.mjs; needs Debian's haproxy).
// 16. search at a million products (only with --only search-1m; --products 1000000 --searches 400 --connections 10 --seconds 20 --root DIR
//     --drop): one API process's RSS with the index loaded, its start → ready time, uncached searches (bench/search-1m.mjs).
// 17. invoice reminders (only with --only invoice-reminders): the daily reminder job at 1,000,000 orders and 10,000 practices (bench/invoices.mjs).
// Results are printed and written to bench/results/latest.md.
// The parts live beside this file: options.mjs (the options above), report.mjs (output, tables),
// servers.mjs (the bench catalogue, the API's processes), load.mjs (autocannon on one route),
// scale.mjs (1, 2), search.mjs (2b), embedded.mjs (3), browser.mjs (4, 5), and the benches named above.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { analyticsBench } from './analytics.mjs';
import { jsPerRoute, lighthouseMobile } from './browser.mjs';
import { clicksBench } from './clicks.mjs';
import { embeddedDefault } from './embedded.mjs';
import { importsBench } from './imports.mjs';
import { keysBench } from './keys.mjs';
import { CHROMIUM, option, opts, root } from './options.mjs';
import { ordersBench } from './orders.mjs';
import { f0, f1, loadavg, out, table, writeReport, yes } from './report.mjs';
import { apiAtScale } from './scale.mjs';
import { searchAtScale } from './search.mjs';
import { startApi } from './servers.mjs';

const cpu = os.cpus();
const git = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
})();
out(`# DentalMarket bench, ${new Date().toISOString()}`);
out();
out(`${cpu[0]?.model ?? '?'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB; Node ${process.version}; HEAD ${git} (plus the working tree); autocannon in the same machine.`);
out();
out(`Load average (1/5/15 min) at start: ${loadavg()}. Anything else running on the machine shows in every figure below.`);
out();
const benchStarted = Date.now();
try {
  if (opts.only.has('scale')) await apiAtScale();
  if (opts.only.has('search')) await searchAtScale();
  if (opts.only.has('orders')) await ordersBench({ opts, out, table, startApi, f0, f1, yes });
  if (opts.only.has('imports')) await importsBench({ opts, out, table, startApi, f0, f1, yes });
  if (opts.only.has('clicks')) await clicksBench({ opts, out, table, startApi, f0, f1, yes });
  if (opts.only.has('analytics')) await analyticsBench({ opts, out, table, startApi, f0, f1, yes });
  if (opts.only.has('keys')) await keysBench();
  if (opts.only.has('webhooks')) await (await import('./webhooks.mjs')).webhooksBench();
  if (opts.only.has('replicas')) await (await import('./replicas.mjs')).replicasBench();
  if (opts.only.has('guides')) await (await import('./guides.mjs')).guidesBench();
  if (opts.only.has('drill')) await (await import('./drill.mjs')).drillBench();
  if (opts.only.has('search-1m')) await (await import('./search-1m.mjs')).search1mBench();
  if (opts.only.has('invoice-reminders')) await (await import('./invoices.mjs')).invoicesBench();
  const needBrowser = opts.only.has('size') || opts.only.has('lighthouse') || opts.only.has('first-tap');
  // the embedded default's start-time figures come with any of its parts, not with the orders bench alone
  const app = ['embedded', 'size', 'lighthouse', 'first-tap'].some((part) => opts.only.has(part)) ? await embeddedDefault(needBrowser) : null;
  if (app) {
    try {
      if (opts.only.has('size')) await jsPerRoute(app.url);
      if (opts.only.has('lighthouse')) await lighthouseMobile(app.url);
      if (opts.only.has('first-tap')) await (await import('./first-tap.mjs')).firstTapBench({ out, table, url: app.url, chromiumPath: CHROMIUM, f0, yes });
    } finally {
      await app.stop();
    }
  }
  // database outage, killed embedded server, SIGTERM under load, soak (bench/resilience.mjs)
  if (opts.only.has('resilience')) await (await import('./resilience.mjs')).resilience({ root: option('root', root), out, table });
} finally {
  out(`Bench took ${((Date.now() - benchStarted) / 60000).toFixed(1)} min; load average at the end: ${loadavg()}.`);
  writeReport();
}
