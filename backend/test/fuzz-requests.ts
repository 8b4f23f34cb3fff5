/**
 * The requests fuzz.spec sends: each OpenAPI operation's parameters and body, generated with fast-check as
 * values no converter should accept (NUL, lone surrogates, huge numbers, wrong shapes, deep nesting, broken
 * uploads), and the malformed spellings of every number slot.
 */
import fc from 'fast-check';

export interface Schema {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  enum?: unknown[];
  allOf?: Schema[];
}
export interface Operation {
  method: string;
  path: string;
  params: Array<{ name: string; in: 'path' | 'query'; schema?: Schema }>;
  body?: Schema;
  /** the documented example of a JSON body (@ApiBodyExample): a request the route accepts */
  example?: Record<string, unknown>;
  /** the body is a multipart form (an upload): also sent as one, its file parts generated */
  multipart: boolean;
}
export interface Sent {
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
export const nastyString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\ud83d', '%00', '\\u0000', "'; DROP TABLE users; --", '${7*7}', '../../etc/passwd', ''),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 2_001, max: 4_000 }).map((n) => 'x'.repeat(n)),
);
export const overlongBodyString = fc.integer({ min: 20_001, max: 120_000 }).map((n) => 'y'.repeat(n));
export const nastyNumber = fc.oneof(
  fc.constantFrom('1e308', '-1e308', '1e-308', 'NaN', 'Infinity', '-Infinity', '0', '-1', '2147483648', '9007199254740993', '99999999999999999999', '0x1F', '1.5', ' 1'),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
);
export const nastyScalar = fc.oneof(nastyString, nastyNumber);
/** Objects whose conversion to a primitive throws or lies: `Number(o)` and `${o}` with these. */
export const primitiveTrap = fc.oneof(
  fc.constantFrom({ toString: 'x' }, { valueOf: 1, toString: {} }, { toString: null, valueOf: null }, { toJSON: 1 }, { constructor: 'x' }),
  nastyString.map((value) => ({ toString: value, valueOf: [value] })),
);
export const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
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
export const nestedBody = fc.integer({ min: 17, max: 5000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
/** An uploaded file: nothing, binary noise, or CSV-like lines of nasty cells under a header that may be right. */
export const nastyFile = fc.oneof(
  nastyString,
  fc.tuple(
    fc.constantFrom('', 'name,product_type,category\r\n', 'slug;name;product_type;category;price\n', '\ufeffname\tproduct_type\tcategory\tfeatures\n', 'name,name\n'),
    fc.array(fc.array(fc.oneof(nastyString, fc.constantFrom('equipment', '"', '""', '"a\nb"', '[1', '{}', '=1+1')), { maxLength: 5 }), { maxLength: 6 }),
    fc.constantFrom(',', ';', '\t'),
  ).map(([header, rows, delimiter]) => header + rows.map((cells) => cells.join(delimiter)).join('\n')),
);

/** A multipart/form-data body: file fields (format binary) get `file`, the others a text value. */
export function multipartBody(fields: Array<[string, Schema]>, values: unknown[], file: string): { contentType: string; body: string } {
  const boundary = '----dentalmarket-fuzz-7c1d';
  const parts = fields.map(([name, schema], i) =>
    schema.format === 'binary'
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="fuzz.csv"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text(values[i])}\r\n`,
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: `${parts.join('')}--${boundary}--\r\n` };
}

export function resolve(schema: Schema | undefined, components: Record<string, Schema>): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolve(components[schema.$ref.split('/').pop()!], components);
  if (schema.allOf?.length) return resolve(schema.allOf[0], components);
  return schema;
}

export function operations(document: { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } }): Operation[] {
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
export function encode(value: string): string {
  let out = '';
  for (const char of value) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** A plausible value for a field, so that the one bad field is what validation meets. */
export function plausible(schema: Schema | undefined): unknown {
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
export function requestFor(op: Operation, components: Record<string, Schema>): fc.Arbitrary<Sent> {
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
export const MALFORMED_NUMBERS = ['0x10', ' 1', '1 ', '2e0', 'true', '', '+1', '01'];
export const MALFORMED_WHOLE = [...MALFORMED_NUMBERS, '1.0'];
export const MALFORMED_BODY_EXTRAS = [true, false];
/** Tables that count requests rather than hold data: any answer may change them. */
export const REQUEST_COUNTERS = new Set(['session', 'rate_limits']);

/** One number of an operation: a path or query parameter, or a top-level field of its JSON body. */
export interface NumberSlot {
  op: Operation;
  in: 'path' | 'query' | 'body';
  name: string;
  /** the document says integer, or the route refuses a fraction there ('number' is all Nest writes for both) */
  whole: boolean;
}

export const isNumberSchema = (schema: Schema | undefined) => schema?.type === 'integer' || schema?.type === 'number';

export function numberSlots(op: Operation, components: Record<string, Schema>): NumberSlot[] {
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
export function withNumber(slot: NumberSlot, value: unknown, components: Record<string, Schema>): Sent {
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

export function malformedSpellings(slot: NumberSlot): unknown[] {
  // an empty path segment is another URL (a 404 of another route), not a number spelled wrong
  const spellings = (slot.whole ? MALFORMED_WHOLE : MALFORMED_NUMBERS).filter((value) => slot.in !== 'path' || value !== '');
  return slot.in === 'body' ? [...spellings, ...MALFORMED_BODY_EXTRAS] : spellings;
}

/** Every table but the request counters: its row count and an md5 of its rows in primary-key order. */
