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

interface Schema {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  enum?: unknown[];
  allOf?: Schema[];
}
interface Operation {
  method: string;
  path: string;
  params: Array<{ name: string; in: 'path' | 'query'; schema?: Schema }>;
  body?: Schema;
  /** the documented example of a JSON body (@ApiBodyExample): a request the route accepts */
  example?: Record<string, unknown>;
  /** the body is a multipart form (an upload): also sent as one, its file parts generated */
  multipart: boolean;
}
interface Sent {
  method: string;
  url: string;
  contentType?: string;
  body?: string;
  admin: boolean;
  /** which number a malformed-number request spells wrong, and how */
  label?: string;
}

/**
 * The strings and values that broke, or could break, a layer below validation. Overlong strings
 * stay under Node's 16 KB header limit in URLs (beyond it Node itself answers 431 and drops the
 * connection); bodies get longer ones.
 */
const nastyString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\ud83d', '%00', '\\u0000', "'; DROP TABLE users; --", '${7*7}', '../../etc/passwd', ''),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 2_001, max: 4_000 }).map((n) => 'x'.repeat(n)),
);
const overlongBodyString = fc.integer({ min: 20_001, max: 120_000 }).map((n) => 'y'.repeat(n));
const nastyNumber = fc.oneof(
  fc.constantFrom('1e308', '-1e308', '1e-308', 'NaN', 'Infinity', '-Infinity', '0', '-1', '2147483648', '9007199254740993', '99999999999999999999', '0x1F', '1.5', ' 1'),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
);
const nastyScalar = fc.oneof(nastyString, nastyNumber);
/** Objects whose conversion to a primitive throws or lies: `Number(o)` and `${o}` with these. */
const primitiveTrap = fc.oneof(
  fc.constantFrom({ toString: 'x' }, { valueOf: 1, toString: {} }, { toString: null, valueOf: null }, { toJSON: 1 }, { constructor: 'x' }),
  nastyString.map((value) => ({ toString: value, valueOf: [value] })),
);
const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  primitiveTrap,
  fc.array(primitiveTrap, { maxLength: 2 }),
  // an array where an object belongs, an object where an array belongs
  fc.array(fc.dictionary(nastyString, nastyString, { maxKeys: 2 }), { minLength: 1, maxLength: 2 }),
  fc.array(nastyString, { maxLength: 2 }).map((items) => Object.fromEntries(items.map((item, i) => [String(i), item]))),
  overlongBodyString,
  nastyNumber.map(Number),
  fc.constantFrom(null, true, false, [], {}, [null], { $ne: 1 }, ['a', 'b'], JSON.parse('{"__proto__":{"admin":true}}')),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);
const nestedBody = fc.integer({ min: 17, max: 5000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
/** An uploaded file: nothing, binary noise, or CSV-like lines of nasty cells under a header that may be right. */
const nastyFile = fc.oneof(
  nastyString,
  fc.tuple(
    fc.constantFrom('', 'name,product_type,category\r\n', 'slug;name;product_type;category;price\n', '\ufeffname\tproduct_type\tcategory\tfeatures\n', 'name,name\n'),
    fc.array(fc.array(fc.oneof(nastyString, fc.constantFrom('equipment', '"', '""', '"a\nb"', '[1', '{}', '=1+1')), { maxLength: 5 }), { maxLength: 6 }),
    fc.constantFrom(',', ';', '\t'),
  ).map(([header, rows, delimiter]) => header + rows.map((cells) => cells.join(delimiter)).join('\n')),
);

/** A multipart/form-data body: file fields (format binary) get `file`, the others a text value. */
function multipartBody(fields: Array<[string, Schema]>, values: unknown[], file: string): { contentType: string; body: string } {
  const boundary = '----dentalmarket-fuzz-7c1d';
  const parts = fields.map(([name, schema], i) =>
    schema.format === 'binary'
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="fuzz.csv"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text(values[i])}\r\n`,
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: `${parts.join('')}--${boundary}--\r\n` };
}

function resolve(schema: Schema | undefined, components: Record<string, Schema>): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolve(components[schema.$ref.split('/').pop()!], components);
  if (schema.allOf?.length) return resolve(schema.allOf[0], components);
  return schema;
}

function operations(document: { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } }): Operation[] {
  const components = document.components?.schemas ?? {};
  const result: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (op.parameters ?? []).filter((p: { in: string }) => p.in === 'path' || p.in === 'query');
      const content = op.requestBody?.content ?? {};
      const bodySchema = content['application/json']?.schema ?? content['multipart/form-data']?.schema;
      const example = Object.values<{ value?: Record<string, unknown> }>(content['application/json']?.examples ?? {})[0]?.value;
      result.push({ method: method.toUpperCase(), path, params, body: resolve(bodySchema, components), example, multipart: Boolean(content['multipart/form-data']) });
    }
  }
  return result;
}

/** Percent-encodes like encodeURIComponent, but sends a lone surrogate as its WTF-8 bytes (%ED%A0%80) */
function encode(value: string): string {
  let out = '';
  for (const char of value) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** A plausible value for a field, so that the one bad field is what validation meets. */
function plausible(schema: Schema | undefined): unknown {
  if (schema?.enum?.length) return schema.enum[0];
  switch (schema?.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items)];
    case 'object':
      return {};
    default:
      return 'plausible-value';
  }
}

/** One request for an operation: some parameters and body fields bad, the rest plausible. */
function requestFor(op: Operation, components: Record<string, Schema>): fc.Arbitrary<Sent> {
  const bodyFields = Object.entries(resolve(op.body, components)?.properties ?? {});
  return fc
    .record({
      badParams: fc.array(fc.boolean(), { minLength: op.params.length, maxLength: op.params.length }),
      paramValues: fc.array(nastyScalar, { minLength: op.params.length, maxLength: op.params.length }),
      extraQuery: fc.option(fc.tuple(nastyString, nastyScalar), { nil: undefined }),
      repeatQuery: fc.boolean(),
      badFields: fc.array(fc.boolean(), { minLength: bodyFields.length, maxLength: bodyFields.length }),
      fieldValues: fc.array(nastyJson, { minLength: bodyFields.length, maxLength: bodyFields.length }),
      bodyShape: fc.constantFrom('object', 'object', 'object', 'object', 'whole-bad', 'in-array', 'nested', 'text-plain', 'form', 'broken-json'),
      wholeBad: nastyJson,
      nested: nestedBody,
      admin: fc.boolean(),
      asMultipart: fc.boolean(),
      file: nastyFile,
    })
    .map((r) => {
      let path = op.path;
      const query: string[] = [];
      op.params.forEach((param, i) => {
        const value = r.badParams[i] ? text(r.paramValues[i]) : text(plausible(param.schema));
        if (param.in === 'path') path = path.replace(`{${param.name}}`, encode(value));
        else {
          query.push(`${encode(param.name)}=${encode(value)}`);
          if (r.repeatQuery && r.badParams[i]) query.push(`${encode(param.name)}=${encode(value)}`); // an array for a scalar
        }
      });
      if (r.extraQuery) query.push(`${encode(text(r.extraQuery[0]).slice(0, 100))}=${encode(text(r.extraQuery[1]))}`);
      const url = `${path}${query.length ? `?${query.join('&')}` : ''}`;
      const sent: Sent = { method: op.method, url, admin: r.admin && op.path !== '/api/logout' };
      if (op.method === 'GET' || op.method === 'DELETE') return sent;
      const object = Object.fromEntries(bodyFields.map(([name, schema], i) => [name, r.badFields[i] ? r.fieldValues[i] : plausible(schema)]));
      if (op.multipart && r.asMultipart) return { ...sent, ...multipartBody(bodyFields, Object.values(object), r.file) };
      switch (r.bodyShape) {
        case 'whole-bad':
          return { ...sent, contentType: 'application/json', body: JSON.stringify(r.wholeBad) ?? 'null' };
        case 'in-array':
          // the body's object, bad fields and all, inside an array
          return { ...sent, contentType: 'application/json', body: JSON.stringify([object]) };
        case 'nested':
          return { ...sent, contentType: 'application/json', body: r.nested };
        case 'text-plain':
          return { ...sent, contentType: 'text/plain', body: JSON.stringify(object) };
        case 'form':
          return { ...sent, contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(Object.entries(object).map(([k, v]): [string, string] => [k, text(v)])).toString() };
        case 'broken-json':
          return { ...sent, contentType: 'application/json', body: `${JSON.stringify(object).slice(0, -1)},` };
        default:
          return { ...sent, contentType: 'application/json', body: JSON.stringify(object) };
      }
    });
}

/**
 * Numbers spelled other than in canonical decimal. `Number()` and `@Type(() => Number)` read most as
 * a valid id or count ('0x10' 16, ' 1' 1, '2e0' 2, '' 0, '01' 1, true 1): a route that converts
 * before it checks acts on another row. ' 1' goes out as %201, '+1' as %2B1 (a raw + in a query is
 * a space). A whole-number field also gets '1.0'; a body gets them as JSON strings, and the booleans.
 */
const MALFORMED_NUMBERS = ['0x10', ' 1', '1 ', '2e0', 'true', '', '+1', '01'];
const MALFORMED_WHOLE = [...MALFORMED_NUMBERS, '1.0'];
const MALFORMED_BODY_EXTRAS = [true, false];
/** Tables that count requests rather than hold data: any answer may change them. */
const REQUEST_COUNTERS = new Set(['session', 'rate_limits']);

/** One number of an operation: a path or query parameter, or a top-level field of its JSON body. */
interface NumberSlot {
  op: Operation;
  in: 'path' | 'query' | 'body';
  name: string;
  /** the document says integer, or the route refuses a fraction there ('number' is all Nest writes for both) */
  whole: boolean;
}

const isNumberSchema = (schema: Schema | undefined) => schema?.type === 'integer' || schema?.type === 'number';

function numberSlots(op: Operation, components: Record<string, Schema>): NumberSlot[] {
  const params = op.params.filter((param) => isNumberSchema(resolve(param.schema, components)));
  const fields = op.multipart ? [] : Object.entries(resolve(op.body, components)?.properties ?? {}).filter(([, schema]) => isNumberSchema(resolve(schema, components)));
  return [
    ...params.map((param) => ({ op, in: param.in, name: param.name, whole: resolve(param.schema, components)?.type === 'integer' })),
    ...fields.map(([name, schema]) => ({ op, in: 'body' as const, name, whole: resolve(schema, components)?.type === 'integer' })),
  ];
}

/**
 * The operation's request with one number spelled `value`: path parameters plausible, no other
 * query parameter, the documented example as the body (else plausible fields), so that only the
 * malformed number stands between the request and a change. A query number of an operation with a
 * body goes without the body: such a query is read only then (a partner click's ping).
 */
function withNumber(slot: NumberSlot, value: unknown, components: Record<string, Schema>): Sent {
  const { op } = slot;
  let path = op.path;
  for (const param of op.params.filter((p) => p.in === 'path')) {
    path = path.replace(`{${param.name}}`, encode(slot.in === 'path' && slot.name === param.name ? text(value) : text(plausible(resolve(param.schema, components)))));
  }
  const url = slot.in === 'query' ? `${path}?${encode(slot.name)}=${encode(text(value))}` : path;
  const sent: Sent = { method: op.method, url, admin: true };
  if (!op.body || op.multipart || slot.in === 'query' || op.method === 'GET' || op.method === 'DELETE') return sent;
  const fields = Object.entries(resolve(op.body, components)?.properties ?? {});
  const base = op.example ?? Object.fromEntries(fields.map(([name, schema]) => [name, plausible(resolve(schema, components))]));
  const body = slot.in === 'body' ? { ...base, [slot.name]: value } : base;
  return { ...sent, contentType: 'application/json', body: JSON.stringify(body) };
}

function malformedSpellings(slot: NumberSlot): unknown[] {
  // an empty path segment is another URL (a 404 of another route), not a number spelled wrong
  const spellings = (slot.whole ? MALFORMED_WHOLE : MALFORMED_NUMBERS).filter((value) => slot.in !== 'path' || value !== '');
  return slot.in === 'body' ? [...spellings, ...MALFORMED_BODY_EXTRAS] : spellings;
}

/** Every table but the request counters: its row count and an md5 of its rows in primary-key order. */
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
    db = await freshDatabase('fuzz');
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
