// Load on one route: autocannon with opts.connections, exact percentiles per response, and a probe of
// what a route answers (to check two servers serve the same).
import autocannon from 'autocannon';
import { opts } from './options.mjs';
import { treeRssMb } from './processes.mjs';

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One autocannon run; latencies are collected per response for exact p50/p95/p99. */
export function load(url, seconds, collect) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon({ url, connections: opts.connections, duration: seconds, timeout: 10 }, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      resolve({
        rps: result.requests.average,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        errors: result.errors + result.non2xx,
        requests: result.requests.total,
      });
    });
    if (collect) instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** A route on a server: warm-up, then measured; with the server's RSS after. */
export async function measure(server, route) {
  await load(`${server.url}${route}`, opts.warmup, false);
  const result = await load(`${server.url}${route}`, opts.seconds, true);
  return { ...result, rss: treeRssMb(server.pid) };
}

/** What a route answers: status, item count and total, to check ours and bare serve the same. */
export async function probe(url) {
  const response = await fetch(url);
  const body = await response.json().catch(() => null);
  if (Array.isArray(body)) {
    const capped = response.headers.get('x-total-count-capped') === 'true';
    return { status: response.status, items: body.length, total: Number(response.headers.get('x-total-count') ?? body.length), capped };
  }
  return { status: response.status, items: body?.products?.length, total: body?.total, capped: body?.totalCapped === true };
}
