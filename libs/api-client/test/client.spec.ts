/**
 * The client at run time, against a recording fetch: every request carries the key as a Bearer
 * token and goes to the shop's /api routes with the query, path and body the types allow; a failure
 * becomes one DentalMarketApiError naming the API's message. And src/schema.ts is what the committed
 * openapi.json generates (no hand edits); whether openapi.json is the API's current document is
 * backend/test/api-client.spec.ts's question (it needs the app).
 */
import fs from 'node:fs';
import { createDentalMarketClient, DentalMarketApiError, orThrow } from '../src/index.js';
import { DOCUMENT_FILE, renderSchema, SCHEMA_FILE } from '../scripts/generate.mjs';

const KEY = 'dm_sk_0123456789abcdefghijklmnopqrstuv_abc123';

/** A fetch that records each Request and answers `answer` (JSON). */
function recordingFetch(answer: { status?: number; body?: unknown; headers?: Record<string, string> } = {}) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return { fetch, requests };
}

const ORDER_LIST = { orders: [{ number: 'DM-7K3QX9', status: 'placed', email: 'a@b.example', full_name: 'A B', total: '10.00', line_count: 1, created_at: '2026-01-31T10:15:00.000Z' }], total: 1, page: 1, limit: 2 };

describe('createDentalMarketClient', () => {
  it('sends the key as a Bearer token to the /api route under the base URL, with the query serialised', async () => {
    const { fetch, requests } = recordingFetch({ body: ORDER_LIST });
    const api = createDentalMarketClient({ baseUrl: 'https://shop.example/', apiKey: KEY, fetch });
    const { data, error } = await api.GET('/api/admin/orders', { params: { query: { status: 'placed', sort: 'created_at', order: 'asc', limit: 2, from: '2026-01-31' } } });
    expect(error).toBeUndefined();
    expect(data).toEqual(ORDER_LIST);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('GET');
    expect(request.url).toBe('https://shop.example/api/admin/orders?status=placed&sort=created_at&order=asc&limit=2&from=2026-01-31');
    expect(request.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    // a program's request: no cookie, nothing that would make it a browser's
    expect(request.headers.get('cookie')).toBeNull();
  });

  it('fills path parameters (encoded) and sends a JSON body', async () => {
    const { fetch, requests } = recordingFetch({ body: { number: 'DM-7K3QX9', status: 'processing' } });
    const api = createDentalMarketClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: KEY, fetch });
    await api.POST('/api/admin/orders/{number}/status', { params: { path: { number: 'DM-7K3QX9' } }, body: { status: 'processing', note: 'taken into the ERP' } });
    await api.GET('/api/admin/orders/{number}', { params: { path: { number: 'DM 7K/3' } } });
    expect(requests[0].method).toBe('POST');
    expect(requests[0].url).toBe('http://127.0.0.1:3000/api/admin/orders/DM-7K3QX9/status');
    expect(requests[0].headers.get('content-type')).toBe('application/json');
    expect(await requests[0].json()).toEqual({ status: 'processing', note: 'taken into the ERP' });
    expect(requests[1].url).toBe('http://127.0.0.1:3000/api/admin/orders/DM%207K%2F3');
    expect(requests.every((r) => r.headers.get('authorization') === `Bearer ${KEY}`)).toBe(true);
  });

  it.each([[''], ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'], ['Bearer dm_sk_x'], [undefined as unknown as string]])('refuses %j as the key before any request', (apiKey) => {
    expect(() => createDentalMarketClient({ baseUrl: 'https://shop.example', apiKey })).toThrow('apiKey must be a DentalMarket API key (dm_sk_…)');
  });

  it('refuses a base URL that is not a URL', () => {
    expect(() => createDentalMarketClient({ baseUrl: 'shop.example', apiKey: KEY })).toThrow(/baseUrl must be the shop's URL/);
  });
});

describe('orThrow', () => {
  it('gives the data of a 2xx answer', async () => {
    const { fetch } = recordingFetch({ body: ORDER_LIST });
    const api = createDentalMarketClient({ baseUrl: 'https://shop.example', apiKey: KEY, fetch });
    const list = await orThrow(api.GET('/api/admin/orders'));
    expect(list.orders[0].number).toBe('DM-7K3QX9');
  });

  it("throws the API's error with its status, message, request id and Retry-After", async () => {
    const { fetch } = recordingFetch({
      status: 429,
      body: { statusCode: 429, message: ['Too many requests', 'try again in 12 s'], error: 'Too Many Requests' },
      headers: { 'x-request-id': 'req-1', 'retry-after': '12' },
    });
    const api = createDentalMarketClient({ baseUrl: 'https://shop.example', apiKey: KEY, fetch });
    const failure = await orThrow(api.GET('/api/admin/orders/stats')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DentalMarketApiError);
    expect(failure).toMatchObject({ status: 429, message: '429 Too many requests; try again in 12 s', requestId: 'req-1', retryAfter: 12 });
  });

  it('throws for a 409 with the conflict named', async () => {
    const { fetch } = recordingFetch({ status: 409, body: { statusCode: 409, message: 'An order that is delivered cannot become processing', error: 'Conflict' } });
    const api = createDentalMarketClient({ baseUrl: 'https://shop.example', apiKey: KEY, fetch });
    await expect(orThrow(api.POST('/api/admin/orders/{number}/status', { params: { path: { number: 'DM-7K3QX9' } }, body: { status: 'processing' } }))).rejects.toMatchObject({
      status: 409,
      message: '409 An order that is delivered cannot become processing',
      retryAfter: null,
    });
  });
});

describe('src/schema.ts', () => {
  it('is what openapi-typescript generates from the committed openapi.json (never edited by hand)', async () => {
    const expected = await renderSchema(fs.readFileSync(DOCUMENT_FILE, 'utf8'));
    const same = fs.readFileSync(SCHEMA_FILE, 'utf8') === expected;
    if (!same) throw new Error('src/schema.ts differs from what openapi.json generates: the API client is out of date: run `npm run api-client`');
  });
});
