// Shopper traffic for the failure drill (bench/drill.mjs): `connections` shoppers, each on its own
// keep-alive connection with its own cookies, walking journeys in a loop: a listing page, a search
// (a results page or the header's suggestions), two product pages, the cart's price check
// (`/api/products?ids=`) and, every other journey, a guest checkout (POST /api/orders with an
// Idempotency-Key made once per checkout). A request that meets a network error or a 502, 503 or
// 504 (what a load balancer answers for a server that failed) is retried ONCE, after
// `retryDelayMs`, with the same Idempotency-Key: what the checkout page does when its shopper
// submits again after "Order not placed" (checkout-mfe/src/checkout/usePlaceOrder.ts).
// Runs in a worker thread, so the drill's own work (starting and killing processes, reading their
// output) never stalls a shopper's clock. Records every request: kind, start, milliseconds (the
// retry's time included: what the shopper waited), each try's outcome.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { prng } from './generate-catalogue.mjs';

/** How many of the slowest requests are kept for the report. */
const SLOWEST = 12;

/** Statuses the client retries (with network errors). */
export const RETRIED_STATUSES = new Set([502, 503, 504]);

/**
 * One journey's requests: [{ kind, method, path, body? }] from a seeded `random` and the catalogue
 * ({ listPaths, searchTerms, productRefs, cartProducts: [{ id, price }] }), ending with a checkout
 * when `checkout`.
 */
export function journey(random, catalogue, { checkout, shipping }) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const term = pick(catalogue.searchTerms);
  const steps = [
    { kind: 'list', method: 'GET', path: pick(catalogue.listPaths) },
    random() < 0.5
      ? { kind: 'search', method: 'GET', path: `/api/products?search=${encodeURIComponent(term)}&limit=24&page=1` }
      : { kind: 'suggest', method: 'GET', path: `/api/search/suggestions?q=${encodeURIComponent(term.slice(0, 4))}` },
    { kind: 'product', method: 'GET', path: `/api/products/${encodeURIComponent(pick(catalogue.productRefs))}` },
    { kind: 'product', method: 'GET', path: `/api/products/${encodeURIComponent(pick(catalogue.productRefs))}` },
  ];
  const cart = new Map();
  while (cart.size < 1 + Math.floor(random() * 3)) {
    const product = pick(catalogue.cartProducts);
    cart.set(product.id, product);
  }
  const lines = [...cart.values()];
  steps.push({ kind: 'cart', method: 'GET', path: `/api/products?ids=${lines.map((p) => p.id).join(',')}` });
  if (checkout) {
    const body = { lines: lines.map((p) => ({ product_id: p.id, quantity: 1 + Math.floor(random() * 3), unit_price: p.price })), shipping };
    steps.push({ kind: 'checkout', method: 'POST', path: '/api/orders', body: JSON.stringify(body), key: randomUUID() });
  }
  return steps;
}

/** A browser's cookie jar, reduced to what the API sets: name=value with Max-Age, path /. */
export function cookieJar() {
  const cookies = new Map();
  return {
    store(setCookie = [], now = Date.now()) {
      for (const line of setCookie) {
        const [pair, ...attributes] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq <= 0) continue;
        const maxAge = attributes.map((a) => a.trim().match(/^max-age=(-?\d+)$/i)).find(Boolean);
        const expires = maxAge ? now + Number(maxAge[1]) * 1000 : Infinity;
        cookies.set(pair.slice(0, eq).trim(), { value: pair.slice(eq + 1).trim(), expires });
      }
    },
    header(now = Date.now()) {
      const live = [];
      for (const [name, cookie] of cookies) {
        if (cookie.expires > now) live.push(`${name}=${cookie.value}`);
        else cookies.delete(name);
      }
      return live.join('; ');
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One try: { status, number? } or { error } (a code: ECONNRESET, ECONNREFUSED, TIMEOUT, …). */
function send(target, agent, step, jar, timeoutMs) {
  return new Promise((resolve) => {
    const headers = { accept: 'application/json' };
    const cookie = jar.header();
    if (cookie) headers.cookie = cookie;
    if (step.body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(step.body), 'idempotency-key': step.key });
    const req = http.request({ host: target.hostname, port: target.port, path: step.path, method: step.method, headers, agent, timeout: timeoutMs }, (res) => {
      jar.store(res.headers['set-cookie']);
      const chunks = [];
      const keepBody = step.body || res.statusCode >= 400;
      res.on('data', (chunk) => (keepBody ? chunks.push(chunk) : undefined));
      res.once('end', () => {
        let number;
        if (res.statusCode >= 400) {
          // who answered: HAProxy's own error pages are HTML, the API's errors JSON
          const from = String(res.headers['content-type'] ?? '').includes('json') ? 'API' : 'HAProxy';
          return resolve({ status: res.statusCode, from, message: Buffer.concat(chunks).toString().slice(0, 300), server: res.headers['x-served-by'] });
        }
        if (step.body && res.statusCode < 300) {
          try {
            number = JSON.parse(Buffer.concat(chunks).toString()).number;
          } catch {
            // not JSON: no number, so not acknowledged
          }
        }
        resolve({ status: res.statusCode, number, server: res.headers['x-served-by'] });
      });
      res.once('error', (error) => resolve({ error: error.code ?? 'RESPONSE_ERROR' }));
    });
    req.once('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.once('error', (error) => resolve({ error: error.code ?? error.message }));
    req.end(step.body);
  });
}

/** Whether a try's outcome is retried by the client. */
export const retryable = (outcome) => outcome.error !== undefined || RETRIED_STATUSES.has(outcome.status);

/** The worker: runs the shoppers until `untilEpochMs`, then posts { records, checkouts }. */
async function runShoppers({ url, connections, catalogue, untilEpochMs, retryDelayMs, thinkMs, timeoutMs, shipping, seed }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const records = [];
  const checkouts = [];
  /** the first try of each kind of failure (request kind, error or status and who answered): { at, text }, for the report */
  const samples = {};
  /** the slowest requests of the run, with the process (X-Served-By, set by HAProxy) each try reached */
  const slowest = [];
  await Promise.all(
    Array.from({ length: connections }, async (_, client) => {
      const random = prng(seed + client);
      const jar = cookieJar();
      // shoppers start spread over the first second, not all at once
      await sleep(random() * 1000);
      for (let n = 0; Date.now() < untilEpochMs; n++) {
        for (const step of journey(random, catalogue, { checkout: n % 2 === 1, shipping })) {
          if (Date.now() >= untilEpochMs) break;
          const start = Date.now();
          const began = performance.now();
          const tries = [await send(target, agent, step, jar, timeoutMs)];
          if (retryable(tries[0])) {
            await sleep(retryDelayMs);
            tries.push(await send(target, agent, step, jar, timeoutMs));
          }
          for (const t of tries) {
            const kind = t.error ? `${step.kind} ${t.error}` : t.from ? `${step.kind} ${t.status} (${t.from})` : undefined;
            if (kind) samples[kind] ??= { at: start, text: `${step.method} ${step.path}${t.message ? `: ${t.message}` : ''}` };
          }
          const last = tries.at(-1);
          const ms = performance.now() - began;
          if (ms > (slowest.at(-1)?.ms ?? 0) || slowest.length < SLOWEST) {
            slowest.push({ at: start, ms, kind: step.kind, path: step.path, tries: tries.map((t) => `${t.error ?? t.status}${t.server ? ` from ${t.server}` : ''}`) });
            slowest.sort((a, b) => b.ms - a.ms).splice(SLOWEST);
          }
          records.push({ kind: step.kind, start, ms, tries: tries.map((t) => (t.error ? t.error : t.from ? `${t.status} ${t.from}` : t.status)) });
          if (step.kind === 'checkout') checkouts.push({ key: step.key, start, acknowledged: last.status >= 200 && last.status < 300 && typeof last.number === 'string', number: last.number ?? null });
          if (thinkMs > 0) await sleep(thinkMs * (0.5 + random()));
        }
      }
    }),
  );
  agent.destroy();
  return { records, checkouts, samples, slowest };
}

if (!isMainThread && workerData?.shopperTraffic) {
  parentPort.postMessage(await runShoppers(workerData.shopperTraffic));
}

/**
 * Starts the shoppers in a worker thread; resolves to { records, checkouts } once they have
 * stopped at `untilEpochMs` (each finishes the try it is waiting for).
 */
export function shopperTraffic(options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { shopperTraffic: options } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the shoppers' worker exited with ${code}`))));
  });
}
