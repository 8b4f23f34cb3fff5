// The API keys bench (issue 35), run by `npm run bench -- --only keys`: the admin product list
// (GET /api/admin/products, the grid's first page) on the N-product bench catalogue, asked by
// opts.connections connections as the signed-in admin (session cookie) and with an API key of scope
// catalogue:read (Authorization: Bearer <secret>), in interleaved slices (cookie, key, key, cookie, …)
// so a change in the machine's load weighs on both alike. Goal: the key ≤ 5 % slower than the session.
// The API runs with API_KEY_RATE_LIMIT=1000000 (the most it accepts): at the default 600 a minute the
// key would be answered 429 after its first 600 requests; the limit is still counted on every request.
import autocannon from 'autocannon';
import { percentile } from './load.mjs';
import { opts } from './options.mjs';
import { signInAdmin } from './processes.mjs';
import { f0, f1, loadavg, out, table, yes } from './report.mjs';
import { benchCatalogue, startApi } from './servers.mjs';

const ROUTE = '/api/admin/products?page=1&limit=25';
const RATE_LIMIT = 1_000_000;
const GOAL = 0.05;

/** What the list answers with these headers: status, total and the page's ids (both ways must answer the same). */
async function listed(url, headers) {
  const response = await fetch(`${url}${ROUTE}`, { headers });
  const body = await response.json().catch(() => null);
  return { status: response.status, total: body?.total, ids: body?.products?.map((p) => p.id), limit: response.headers.get('ratelimit-limit') };
}

/** A key of scope catalogue:read, made by the signed-in admin (sent with the admin UI's own Origin); { id, secret }. */
async function createKey(url, cookie) {
  const response = await fetch(`${url}/api/admin/api-keys`, {
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `bench keys ${new Date().toISOString()}`, scopes: ['catalogue:read'] }),
  });
  if (response.status !== 201) throw new Error(`creating an API key: ${response.status} ${await response.text()}`);
  const { key, secret } = await response.json();
  return { id: key.id, secret };
}

async function revokeKey(url, cookie, id) {
  await fetch(`${url}/api/admin/api-keys/${id}/revoke`, { method: 'POST', headers: { cookie, origin: url } }).catch(() => undefined);
}

/** What the slices of one way add up to. */
const tally = () => ({ latencies: [], responses: 0, errors: 0, statuses: new Map(), seconds: 0, slices: [] });

/** One autocannon run of the list with `headers`; measured into `t` when given. */
function slice(url, headers, seconds, t) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: `${url}${ROUTE}`, connections: opts.connections, duration: seconds, timeout: 10, headers }, (error, result) => {
      if (error) return reject(error);
      if (t) {
        t.errors += result.errors + result.timeouts + result.non2xx;
        t.seconds += seconds;
        t.slices.push(result.requests.total / seconds);
      }
      resolve();
    });
    if (t) {
      instance.on('response', (_client, status, _bytes, ms) => {
        t.latencies.push(ms);
        t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
      });
    }
  });
}

function figures(t) {
  const sorted = [...t.latencies].sort((a, b) => a - b);
  return {
    rps: sorted.length / t.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    responses: sorted.length,
    errors: t.errors,
    tooMany: t.statuses.get(429) ?? 0,
    slices: t.slices,
  };
}

export async function keysBench() {
  const url = await benchCatalogue();
  const api = await startApi({ DATABASE_URL: url, SEED_DEMO: 'false', API_KEY_RATE_LIMIT: String(RATE_LIMIT) });
  let cookie;
  let key;
  try {
    cookie = await signInAdmin(api.url);
    key = await createKey(api.url, cookie);
    const ways = [
      { name: 'session', label: 'signed-in admin (session cookie)', headers: { cookie } },
      { name: 'key', label: 'API key, catalogue:read (Authorization: Bearer)', headers: { authorization: `Bearer ${key.secret}` } },
    ];
    const [bySession, byKey] = await Promise.all(ways.map((way) => listed(api.url, way.headers)));
    if (bySession.status !== 200 || byKey.status !== 200) throw new Error(`the admin list answered ${bySession.status} to the session and ${byKey.status} to the key`);
    const sameAnswer = bySession.total === byKey.total && JSON.stringify(bySession.ids) === JSON.stringify(byKey.ids);
    const rounds = Math.max(1, opts.searchRounds);
    out(`## API keys against a session: the admin product list at ${bySession.total.toLocaleString('en')} products, ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.seconds} s measured per way in ${rounds} interleaved slices`);
    out();
    out(`\`GET ${ROUTE}\` (the admin grid's first page, no-store) on \`node backend/dist/main.js\` (NODE_ENV=production, DATABASE_URL to ${opts.server.replace(/^.*@/, '')}/dm_bench_${opts.products}), ` +
      `**started with API_KEY_RATE_LIMIT=${RATE_LIMIT}** (the most it accepts; the limit is still counted in PostgreSQL on every keyed request, but at the default 600 a minute the key would be refused with 429 after 600 requests). ` +
      `Session: the demo admin signed in with POST /api/login, its cookie sent (express-session's row in PostgreSQL, passport's user). ` +
      `Key: made by that admin with POST /api/admin/api-keys (scope catalogue:read), its secret sent as a bearer token (no session read: its hash looked up, the per-key limit counted), revoked after. ` +
      `Both answered the same page: ${yes(sameAnswer)}${sameAnswer ? '' : ` (session: ${bySession.total} rows, ids ${bySession.ids?.slice(0, 5)}…; key: ${byKey.total} rows, ids ${byKey.ids?.slice(0, 5)}…)`}; the key's RateLimit-Limit: ${byKey.limit ?? 'none'}. ` +
      `Slices alternate which way goes first (session, key, key, session, …); load average at the start: ${loadavg()}.`);
    out();
    for (const way of ways) await slice(api.url, way.headers, opts.warmup);
    const tallies = { session: tally(), key: tally() };
    for (let round = 0; round < rounds; round += 1) {
      for (const way of round % 2 === 0 ? ways : [...ways].reverse()) await slice(api.url, way.headers, opts.seconds / rounds, tallies[way.name]);
    }
    const [s, k] = [figures(tallies.session), figures(tallies.key)];
    const ratio = k.rps / s.rps;
    const slower = 1 - ratio;
    const row = (way, r, vsSession) => [way.label, f0(r.rps), f1(r.p50), f1(r.p95), f1(r.p99), `${r.errors}${r.tooMany ? ` (${r.tooMany} × 429)` : ''}`, r.responses.toLocaleString('en'), r.slices.map(f0).join(', '), vsSession];
    table(['auth', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'responses', 'req/s per slice', 'key ÷ session'], [
      row(ways[0], s, ''),
      row(ways[1], k, `req/s ${ratio.toFixed(3)}, p50 ${(k.p50 / s.p50).toFixed(2)}×, p95 ${(k.p95 / s.p95).toFixed(2)}×, p99 ${(k.p99 / s.p99).toFixed(2)}×`),
    ]);
    out(`**Verdict (issue 35: a keyed request ≤ ${GOAL * 100} % slower than the same with a session, 50 connections):** the key serves ${f0(k.rps)} req/s against the session's ${f0(s.rps)}, ` +
      `${slower >= 0 ? `${(100 * slower).toFixed(1)} % slower` : `${(-100 * slower).toFixed(1)} % faster`} (p95 ${f1(k.p95)} against ${f1(s.p95)} ms): ${yes(slower <= GOAL && k.errors === 0 && s.errors === 0)}` +
      `${k.errors || s.errors ? ` (errors: key ${k.errors}, session ${s.errors})` : ''}${opts.connections !== 50 ? ` (run with ${opts.connections} connections, not the goal's 50)` : ''}. Load average at the end: ${loadavg()}.`);
    out();
    console.error(`  keys: session ${f0(s.rps)} req/s p95 ${f1(s.p95)} ms, key ${f0(k.rps)} req/s p95 ${f1(k.p95)} ms, key ÷ session ${ratio.toFixed(3)}`);
  } catch (error) {
    console.error(`keys bench failed; the API's last output:\n${api.log()}`);
    throw error;
  } finally {
    if (key) await revokeKey(api.url, cookie, key.id);
    await api.stop();
  }
}
