/**
 * A typed client of the DentalMarket API for programs that use an API key (an ERP, a supplier's stock
 * sync): openapi-fetch over the types openapi-typescript generates from the API's OpenAPI document
 * (openapi.json beside this package, regenerated with `npm run api-client`). Every route, its path,
 * query and body, and each answer's shape are checked by the compiler:
 *
 *   const api = createDentalMarketClient({ baseUrl: 'https://shop.example', apiKey: process.env.DM_API_KEY! });
 *   const { data, error } = await api.GET('/api/admin/orders', { params: { query: { status: 'placed' } } });
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths, webhooks } from './schema.js';

export type { components, operations, paths, webhooks };

/** The API's named schemas, e.g. `Schemas['OrderDto']`. */
export type Schemas = components['schemas'];
/** The JSON error every failure answers: `{ statusCode, message, error }`. */
export type ApiErrorBody = components['schemas']['ApiErrorDto'];

export type DentalMarketClient = Client<paths>;

export interface DentalMarketClientOptions {
  /** the shop's origin, e.g. `https://shop.example` (the routes are under /api) */
  baseUrl: string;
  /** an API key made in the admin dashboard: `dm_sk_…`, sent as `Authorization: Bearer` */
  apiKey: string;
  /** another fetch (a test's, a proxy's); default globalThis.fetch */
  fetch?: (request: Request) => Promise<Response>;
}

const API_KEY = /^dm_sk_\S+$/;

/** A client whose every request carries the key. Throws at once for a value that is not an API key (a `whsec_` webhook secret, an empty variable). */
export function createDentalMarketClient({ baseUrl, apiKey, fetch }: DentalMarketClientOptions): DentalMarketClient {
  if (!API_KEY.test(apiKey ?? '')) throw new TypeError('apiKey must be a DentalMarket API key (dm_sk_…)');
  let origin: URL;
  try {
    origin = new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl must be the shop's URL, e.g. https://shop.example (got ${JSON.stringify(baseUrl)})`);
  }
  return createClient<paths>({
    // the document's paths start with /api: a base URL of the origin, without a trailing slash
    baseUrl: origin.href.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${apiKey}` },
    ...(fetch ? { fetch } : {}),
  });
}

/** An answer other than 2xx, with the API's message and the request id to quote when reporting it. */
export class DentalMarketApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly requestId: string | null;
  /** seconds to wait before trying again, from a 429's or 503's `Retry-After` */
  readonly retryAfter: number | null;

  constructor(response: Response, body: unknown) {
    const message = (body as Partial<ApiErrorBody> | undefined)?.message;
    const text = Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : response.statusText;
    super(`${response.status} ${text}`);
    this.name = 'DentalMarketApiError';
    this.status = response.status;
    this.body = body;
    this.requestId = response.headers.get('x-request-id');
    const retry = Number(response.headers.get('retry-after'));
    this.retryAfter = response.headers.has('retry-after') && Number.isFinite(retry) ? retry : null;
  }
}

/**
 * The data of a successful answer, or a thrown DentalMarketApiError:
 * `const order = await orThrow(api.GET('/api/admin/orders/{number}', { params: { path: { number } } }))`.
 */
export async function orThrow<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new DentalMarketApiError(response, error);
  return data as T;
}
