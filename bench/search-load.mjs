// The search bench's measurement (bench/search.mjs): autocannon runs of a cell into a tally (latencies,
// statuses, the distinct URLs sent, each page kind's latency by its Server-Timing), the tally's
// figures, a digest of an answer to compare servers, and a wait for the database to settle.
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { PAGE_KINDS } from './search-cells.mjs';

/** Waits (at most 60 s) until the bench database runs no statement but this one's. */
export async function settled(databaseUrl) {
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
export function tally() {
  const seen = Object.assign(new Set(), { byKind: {} }); // byKind: latencies per request of a sequence (list, facets)
  return { seen, latencies: [], statuses: new Map(), firstErrors: new Map(), errors: 0, timeouts: 0, seconds: 0, loads: [] };
}

/** One autocannon run of a cell's sequence into `t`; never throws for HTTP errors, counts them and keeps the first few. */
export function run(url, cell, stream, t, { seconds, connections }) {
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
export function summary(t, cell) {
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
export async function digest(url) {
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

export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

