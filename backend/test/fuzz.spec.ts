/**
 * Generated bad input over every route of the app's own OpenAPI document: for each operation,
 * requests whose path parameters, query parameters and body fields carry NUL characters, lone
 * surrogates, huge and negative numbers, arrays and objects for scalars, objects with their own
 * toString/valueOf (which no converter can turn into a primitive), arrays where objects belong and
 * objects where arrays belong, overlong strings, deep nesting, wrong content types, and uploads as
 * multipart forms with generated files (binary noise, broken CSV), anonymously and signed in as an
 * admin. No answer may be a 5xx and the server must keep answering. And, signed in as an admin,
 * every number in a path, query or body spelled other than in canonical decimal must answer 400 and
 * change no row. A route added later is covered without editing this file.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { freshDatabase, startTestApp, type TestApp } from './helpers.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const MIN_REQUESTS = 5000;
const IN_FLIGHT = 8;
const TIMEOUT_MS = 15_000;

import { type Schema, type Operation, type Sent, operations, requestFor, REQUEST_COUNTERS, numberSlots, withNumber, malformedSpellings } from './fuzz-requests.js';

async function tableContents(dataSource: DataSource): Promise<Record<string, string>> {
  const tables: Array<{ name: string; key: string | null }> = await dataSource.query(`
    SELECT c.relname AS name,
           (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY array_position(i.indkey::int2[], a.attnum))
              FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
             WHERE i.indrelid = c.oid AND i.indisprimary) AS key
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
     ORDER BY c.relname`);
  const contents: Record<string, string> = {};
  for (const { name, key } of tables) {
    if (REQUEST_COUNTERS.has(name)) continue;
    const [row] = await dataSource.query(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY ${key ?? 't::text'}), '')) AS md5 FROM "${name.replaceAll('"', '""')}" t`,
    );
    contents[name] = `${row.rows} rows, md5 ${row.md5}`;
  }
  return contents;
}

describe('generated bad input over every route of the OpenAPI document', () => {
  let app: TestApp;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let base: string;
  let ops: Operation[];
  let components: Record<string, Schema>;
  let adminCookie: string;
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

  beforeAll(async () => {
    // a database of its own: admin requests with plausible bodies do create and delete rows
    db = await freshDatabase('fuzz', { seeded: true });
    app = await startTestApp(db.env);
    await app.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.http.address() as AddressInfo).port}`;

    const documentResponse = await send({ method: 'GET', url: '/api/docs-json', admin: false }, undefined);
    const document = JSON.parse(documentResponse.body);
    ops = operations(document);
    components = document.components?.schemas ?? {};
    const login = await send(
      { method: 'POST', url: '/api/login', contentType: 'application/json', body: JSON.stringify({ username: 'admin', password: 'DentalAdmin!2026' }), admin: false },
      undefined,
    );
    expect(login.status).toBe(200);
    adminCookie = login.setCookie.map((c) => c.split(';')[0]).join('; ');
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    // the storm's failed logins from this address must not throttle the suites that run after it
    await app?.app.get(DataSource).query('DELETE FROM "rate_limits"');
    await app?.close();
    await db?.drop();
  });

  /**
   * One request; a keep-alive socket the server closed just as it was reused (after a 431, Node
   * drops the connection) is retried once on a fresh socket — the race Node documents under
   * `request.reusedSocket`, a client matter, not an answer of the API.
   */
  async function send(request: Sent, cookie: string | undefined): Promise<{ status: number; body: string; setCookie: string[] }> {
    try {
      return await sendOnce(request, cookie);
    } catch (error) {
      if ((error as { reusedSocket?: boolean }).reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET') return sendOnce(request, cookie);
      throw error;
    }
  }

  function sendOnce(request: Sent, cookie: string | undefined): Promise<{ status: number; body: string; setCookie: string[] }> {
    return new Promise((resolvePromise, reject) => {
      const payload = request.body === undefined ? undefined : Buffer.from(request.body);
      const req = http.request(
        `${base}${request.url}`,
        {
          method: request.method,
          agent,
          timeout: TIMEOUT_MS,
          headers: {
            ...(payload ? { 'content-type': request.contentType, 'content-length': payload.length } : {}),
            ...(cookie ? { cookie } : {}),
          },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, body, setCookie: response.headers['set-cookie'] ?? [] }));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
      req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
      req.end(payload);
    });
  }

  /** Sends the requests IN_FLIGHT at a time, calling `check` with each answer. */
  async function sendAll(requests: Sent[], check: (request: Sent, response: Awaited<ReturnType<typeof send>>) => void): Promise<void> {
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < requests.length; i = next++) check(requests[i], await send(requests[i], requests[i].admin ? adminCookie : undefined));
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  }

  // first, while the seeded rows a converted id would name (1, 2, 16) are all there
  it('refuses every malformed spelling of a number in a path, query or body with 400, and changes no row', async () => {
    const slots = ops.flatMap((op) => numberSlots(op, components));
    expect(slots.filter((slot) => slot.in === 'path').length).toBeGreaterThanOrEqual(10);
    expect(slots.filter((slot) => slot.in === 'query').length).toBeGreaterThanOrEqual(20);
    expect(slots.filter((slot) => slot.in === 'body').length).toBeGreaterThanOrEqual(10);
    for (const slot of slots) {
      if (!slot.whole) slot.whole = (await send(withNumber(slot, slot.in === 'body' ? 1.5 : '1.5', components), adminCookie)).status === 400;
    }
    const before = await tableContents(app.app.get(DataSource));

    const requests = slots.flatMap((slot) =>
      malformedSpellings(slot)
        .map((value) => ({ ...withNumber(slot, value, components), label: `${slot.in} ${slot.name} ${JSON.stringify(value)}` })),
    );
    const accepted: Array<{ request: string; status: number; answer: string }> = [];
    const statuses = new Map<number, number>();
    await sendAll(requests, (request, response) => {
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      // a rate limit is a guard, and guards run before validation: its 429 refuses the request as surely
      if (response.status !== 400 && response.status !== 429) {
        accepted.push({ request: `${request.method} ${request.url} (${request.label})`, status: response.status, answer: response.body.slice(0, 200) });
      }
    });
    const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
    const wholeCount = slots.filter((slot) => slot.whole).length;
    process.stdout.write(`fuzz: ${requests.length} malformed numbers over ${slots.length} number parameters and fields (${wholeCount} whole): ${summary}\n`);
    const after = await tableContents(app.app.get(DataSource));
    expect({ accepted: accepted.slice(0, 20), tables: after }).toEqual({ accepted: [], tables: before });
  }, 300_000);

  it(`answers at least ${MIN_REQUESTS} generated requests without a single 5xx (seed ${SEED})`, async () => {
    expect(ops.length).toBeGreaterThanOrEqual(10);
    const perOperation = Math.ceil(MIN_REQUESTS / ops.length);
    const requests = ops.flatMap((op) => fc.sample(requestFor(op, components), { seed: SEED, numRuns: perOperation }));
    expect(requests.length).toBeGreaterThanOrEqual(MIN_REQUESTS);

    const failures: Array<Sent & { status: number | string; answer: string }> = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < requests.length; i = next++) {
        const request = requests[i];
        try {
          const response = await send(request, request.admin ? adminCookie : undefined);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          // the one documented 5xx: AI generation (and its test) answers 503 while no provider is configured (as in this run)
          const documented = response.status === 503 && (request.url.startsWith('/api/admin/gemini/') || request.url.startsWith('/api/admin/integrations/ai/test')) && response.body.includes('AI generation is not configured');
          if (response.status >= 500 && !documented) failures.push({ ...request, url: request.url.slice(0, 300), body: request.body?.slice(0, 200), status: response.status, answer: response.body.slice(0, 300) });
        } catch (error) {
          failures.push({ ...request, url: request.url.slice(0, 300), body: request.body?.slice(0, 200), status: 'no answer', answer: (error as Error).message });
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    // still answering, and the admin session survived the storm
    expect((await send({ method: 'GET', url: '/api/health/ready', admin: false }, undefined)).status).toBe(200);
    const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
    process.stdout.write(`fuzz: ${requests.length} requests over ${ops.length} operations, seed ${SEED}: ${summary}\n`);
    expect(failures.slice(0, 10)).toEqual([]);
    // the bad input was really refused, not silently accepted everywhere
    expect(statuses.get(400) ?? 0).toBeGreaterThan(requests.length / 4);
  }, 600_000);
});
