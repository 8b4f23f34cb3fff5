/**
 * Example: an ERP sync with the typed client (docs/api-consumers.md, "Example: an ERP sync").
 *
 * A practice's or supplier's ERP takes each new order once: it reads the orders placed since its
 * cursor, hands each one to the ERP, and marks it in the shop by moving it along the workflow
 * (placed → processing, with a note), so the shop's admins see it was taken. A small webhook
 * receiver hears `order.placed` at once (signature checked with the `standardwebhooks` library) and
 * starts a sync; a sync every few minutes catches whatever a missed webhook would have announced.
 *
 * The API key needs the scopes `orders:read` and `orders:write`. The webhook endpoint is made once by
 * an admin (the dashboard, or POST /api/admin/webhooks with the events ["order.placed"]), which shows
 * its `whsec_` secret once. Run, after `npm run build --workspace libs/api-client`:
 *
 *   DM_BASE_URL=https://shop.example DM_API_KEY=dm_sk_… DM_WEBHOOK_SECRET=whsec_… node libs/api-client/examples/erp-sync.ts
 *
 * (Node 22.18+ runs the TypeScript as it is; elsewhere compile it or use tsx.)
 *
 * The orders list has no "created after <instant>" filter, so the cursor is the client's: the list's
 * own order (sort=created_at, order=asc: oldest first, ties by id), its `from` day filter to skip the
 * days before the cursor, and, from that day, the orders created before the cursor (less a two-minute
 * overlap for checkouts that committed late) skipped here. The orders handed over inside that overlap are
 * kept in the cursor, so none is handed over twice. Orders never change their created_at, and new ones
 * come last, so page after page of that order is stable while it is read.
 */
import fs from 'node:fs';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { createDentalMarketClient, DentalMarketApiError, orThrow, type DentalMarketClient, type Schemas } from '@dentalmarket/api-client';

export type Order = Schemas['OrderDto'];

/** Where the last sync stopped. Keep it (a file, the ERP's database) between runs. */
export interface SyncCursor {
  /** created_at of the newest order handed over; null before the first sync (every order is new) */
  since: string | null;
  /** the orders handed over whose created_at is within the overlap before `since` */
  recent: Array<{ number: string; created_at: string }>;
}

export const FIRST_SYNC: SyncCursor = { since: null, recent: [] };

/** How far before the cursor each sync reads again, for a checkout whose transaction committed after a later one. */
export const OVERLAP_MS = 2 * 60_000;

export interface SyncResult {
  cursor: SyncCursor;
  /** the orders handed to the ERP, oldest first */
  handed: string[];
  /** those of them this sync moved from placed to processing */
  marked: string[];
}

/** The note each marked order's history shows beside "API key <name> (<prefix>)". */
export const TAKEN_NOTE = 'Taken into the ERP';

/**
 * Hands every order created since `cursor` to `toErp` (one at a time, oldest first, with its lines and
 * address) and marks it; resolves to the cursor to keep for the next sync. The cursor moves past an
 * order only after `toErp` took it: a sync that fails part way resumes at the order it failed on. An
 * ERP that might see an order again (a crash between taking it and keeping the cursor) takes it by number.
 */
export async function syncNewOrders(api: DentalMarketClient, cursor: SyncCursor, toErp: (order: Order) => Promise<void>, { pageSize = 100 } = {}): Promise<SyncResult> {
  const floor = cursor.since === null ? null : Date.parse(cursor.since) - OVERLAP_MS;
  const recent = new Map(cursor.recent.map((entry) => [entry.number, entry.created_at]));
  let since = cursor.since;
  const handed: string[] = [];
  const marked: string[] = [];
  const keep = (): SyncCursor => ({
    since,
    recent: since === null ? [] : [...recent].filter(([, createdAt]) => Date.parse(createdAt) >= Date.parse(since!) - OVERLAP_MS).map(([number, created_at]) => ({ number, created_at })),
  });
  try {
    for (let page = 1; ; page++) {
      const list = await orThrow(
        api.GET('/api/admin/orders', {
          // `from` is a UTC day: the orders of that day before `floor` are skipped below
          params: { query: { sort: 'created_at', order: 'asc', page, limit: pageSize, ...(floor === null ? {} : { from: new Date(floor).toISOString().slice(0, 10) }) } },
        }),
      );
      for (const summary of list.orders) {
        if ((floor !== null && Date.parse(summary.created_at) < floor) || recent.has(summary.number)) continue;
        const order = await orThrow(api.GET('/api/admin/orders/{number}', { params: { path: { number: summary.number } } }));
        await toErp(order);
        handed.push(order.number);
        recent.set(order.number, order.created_at);
        if (since === null || Date.parse(order.created_at) > Date.parse(since)) since = order.created_at;
        if (await markTaken(api, order)) marked.push(order.number);
      }
      if (list.orders.length < pageSize) break;
    }
  } catch (error) {
    // what was handed over stays handed over: the caller keeps this cursor and tries again later
    throw Object.assign(error as Error, { cursor: keep(), handed, marked });
  }
  return { cursor: keep(), handed, marked };
}

/**
 * Moves a placed order to the workflow's next step, processing (placed → processing → shipped →
 * delivered; cancelled needs a reason and is the shop's to decide). An order already past placed (an
 * admin moved it, the shopper cancelled it) is left as it is: false. So is one that moved meanwhile (409).
 */
export async function markTaken(api: DentalMarketClient, order: Order): Promise<boolean> {
  if (order.status !== 'placed') return false;
  const { error, response } = await api.POST('/api/admin/orders/{number}/status', { params: { path: { number: order.number } }, body: { status: 'processing', note: TAKEN_NOTE } });
  if (response.ok) return true;
  if (response.status === 409) return false;
  throw new DentalMarketApiError(response, error);
}

/** The body of every delivery (the contract's WebhookEventPayload). */
export interface WebhookEvent<T = unknown> {
  id: string;
  type: string;
  timestamp: string;
  data: T;
}

export interface WebhookHandlers {
  /** an `order.placed` whose signature was verified; data is the order as GET /api/admin/orders/{number} answers it */
  orderPlaced(event: WebhookEvent<Order>): void | Promise<void>;
}

const BODY_MAX = 1024 * 1024;

/**
 * The receiver: an http request listener for the endpoint's URL. It reads the body as sent (the
 * signature is over those bytes, never a re-serialised JSON), verifies `webhook-id`,
 * `webhook-timestamp` (at most five minutes off) and `webhook-signature` with the endpoint's secret,
 * and answers 204 once the handler is done; a bad signature 401, a handler that failed 500, so the
 * shop tries that delivery again later. A retry has the same `webhook-id`: one already handled is
 * answered 204 without calling the handler again. Other events are acknowledged and ignored.
 */
export function webhookReceiver(secret: string, handlers: WebhookHandlers): http.RequestListener {
  const verifier = new Webhook(secret);
  const handled = new Set<string>();
  return (req, res) => {
    const answer = (status: number, text = '') => res.writeHead(status, text ? { 'content-type': 'text/plain' } : {}).end(text);
    if (req.method !== 'POST') return void answer(405);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_MAX) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(req.headers[name] ?? '')]));
      let event: WebhookEvent;
      try {
        event = verifier.verify(body, headers) as WebhookEvent;
      } catch (error) {
        if (error instanceof WebhookVerificationError) return void answer(401, 'bad signature');
        return void answer(400, 'not a webhook');
      }
      if (handled.has(event.id)) return void answer(204);
      try {
        if (event.type === 'order.placed') await handlers.orderPlaced(event as WebhookEvent<Order>);
        handled.add(event.id);
        if (handled.size > 10_000) handled.delete(handled.values().next().value!);
        answer(204);
      } catch (error) {
        console.error('erp-sync: handling', event.type, event.id, 'failed:', error);
        answer(500, 'try again later');
      }
    });
  };
}

/** Runs `sync` now and whenever asked again, never two at once: a request during a run starts one more run after it. */
export function serialised(sync: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = sync()
      .catch((error: unknown) => console.error('erp-sync: sync failed:', error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };
  return run;
}

/** The stand-in for the ERP: one line per order. */
async function printToErp(order: Order): Promise<void> {
  console.log(`${order.created_at} ${order.number} ${order.status} ${order.total} ${order.currency} ${order.shipping.fullName}: ${order.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}`);
}

async function main(): Promise<void> {
  const { DM_BASE_URL, DM_API_KEY, DM_WEBHOOK_SECRET, PORT = '8787', CURSOR_FILE = 'erp-sync-cursor.json', SYNC_MINUTES = '5' } = process.env;
  if (!DM_BASE_URL || !DM_API_KEY) throw new Error('set DM_BASE_URL (the shop, e.g. https://shop.example) and DM_API_KEY (dm_sk_…, scopes orders:read and orders:write)');
  const api = createDentalMarketClient({ baseUrl: DM_BASE_URL, apiKey: DM_API_KEY });
  const load = (): SyncCursor => (fs.existsSync(CURSOR_FILE) ? (JSON.parse(fs.readFileSync(CURSOR_FILE, 'utf8')) as SyncCursor) : FIRST_SYNC);
  const save = (cursor: SyncCursor) => fs.writeFileSync(CURSOR_FILE, `${JSON.stringify(cursor, null, 2)}\n`);
  const sync = serialised(async () => {
    try {
      const { cursor, handed, marked } = await syncNewOrders(api, load(), printToErp);
      save(cursor);
      if (handed.length) console.log(`erp-sync: ${handed.length} new, ${marked.length} marked processing`);
    } catch (error) {
      const { cursor } = error as { cursor?: SyncCursor };
      if (cursor) save(cursor);
      throw error;
    }
  });
  await sync();
  setInterval(() => void sync(), Number(SYNC_MINUTES) * 60_000);
  if (DM_WEBHOOK_SECRET) {
    http.createServer(webhookReceiver(DM_WEBHOOK_SECRET, { orderPlaced: () => void sync() })).listen(Number(PORT), () => console.log(`erp-sync: webhooks on port ${PORT}`));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`erp-sync: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
