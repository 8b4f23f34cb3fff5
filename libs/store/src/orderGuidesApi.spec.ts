/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OrderGuide, OrderGuideLine } from '@dentalmarket/contracts';
import { setApiBaseUrl } from './baseQuery.js';
import { orderGuidesApi } from './orderGuidesApi.js';
import { makeStore } from './store.js';

const line = (id: number, name: string): OrderGuideLine => ({ id, product_id: id, name, manufacturer: 'Arcturo', quantity: 1, price: '10.00', image_url: null, slug: null, problem: null });
const LINES = [line(1, 'Contra'), line(2, 'EndoGlide'), line(3, 'Turbine')];

/**
 * A real HTTP server standing in for one guide's GET and its lines' PATCH: it applies each move when it
 * arrives (one at a time, as the API does under the guide's row lock) and answers the guide as it is
 * then, but holds each answer until the test lets it go.
 */
describe("an order guide's changes answered out of turn", () => {
  let server: http.Server;
  let lines: OrderGuideLine[];
  const held: Array<() => void> = [];
  let gets = 0;
  /** Resolves once the server has taken the next request in (a move applied and its answer held, or a GET answered). */
  let arrived: () => void = () => undefined;
  const nextRequest = () => new Promise<void>((resolve) => (arrived = resolve));
  const guide = (): OrderGuide => ({ id: 7, name: 'Weekly', line_count: lines.length, updated_by: null, created_at: '2026-11-30T00:00:00Z', updated_at: '2026-11-30T00:00:00Z', lines: lines.map((l) => ({ ...l })) });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const answer = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET') {
        gets += 1;
        answer(guide());
        arrived();
        return;
      }
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const lineId = Number(req.url!.split('/').at(-1));
        const { position } = JSON.parse(body) as { position: number };
        const moved = lines.find((l) => l.id === lineId)!;
        lines = lines.filter((l) => l !== moved);
        lines.splice(position, 0, moved);
        const now = guide();
        held.push(() => answer(now));
        arrived();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
  });
  afterAll(() => new Promise((resolve) => {
    server.close(resolve);
    server.closeAllConnections();
  }));

  // the store's own state type knows the base API's tags only (the order guides' endpoints are injected)
  type GuideState = Parameters<ReturnType<typeof orderGuidesApi.endpoints.getOrderGuide.select>>[0];
  const shown = (store: ReturnType<typeof makeStore>) => orderGuidesApi.endpoints.getOrderGuide.select(7)(store.getState() as unknown as GuideState).data?.lines.map((l) => l.name);
  const settled = (store: ReturnType<typeof makeStore>) => Promise.all(store.dispatch(orderGuidesApi.util.getRunningQueriesThunk()));

  // each test: the guide as made, on a store of its own that shows it
  let store: ReturnType<typeof makeStore>;
  let subscription: { unsubscribe(): void };
  beforeEach(async () => {
    lines = [...LINES];
    gets = 0;
    store = makeStore(undefined, { persistCart: false });
    const opened = store.dispatch(orderGuidesApi.endpoints.getOrderGuide.initiate(7));
    subscription = opened;
    await opened;
  });
  // the cache emptied, not left to expire: an unsubscribed entry is kept for a minute by a timer
  afterEach(() => {
    subscription.unsubscribe();
    store.dispatch(orderGuidesApi.util.resetApiState());
  });

  it("keeps showing the later move while it is out, and shows the server's order once the last one is answered", async () => {
    expect(shown(store)).toEqual(['Contra', 'EndoGlide', 'Turbine']);

    // Turbine dragged to the top, then (its answer still out) moved down one by keyboard
    let taken = nextRequest();
    const first = store.dispatch(orderGuidesApi.endpoints.updateOrderGuideLine.initiate({ id: 7, lineId: 3, position: 0 }));
    await taken;
    taken = nextRequest();
    const second = store.dispatch(orderGuidesApi.endpoints.updateOrderGuideLine.initiate({ id: 7, lineId: 3, position: 1 }));
    await taken;
    expect(held).toHaveLength(2);
    expect(shown(store)).toEqual(['Contra', 'Turbine', 'EndoGlide']);

    // the first answer (Turbine on top, as the server had it then) arrives: the page does not go back to it
    held.shift()!();
    await first;
    // the change's own handler (onQueryStarted) goes on after the mutation's promise: its next turn
    await new Promise((resolve) => setImmediate(resolve));
    expect(shown(store)).toEqual(['Contra', 'Turbine', 'EndoGlide']);

    // the last answer: the guide is asked for again, and shows what the server has
    taken = nextRequest();
    held.shift()!();
    await second;
    await taken;
    await settled(store);
    expect(gets).toBe(2);
    expect(shown(store)).toEqual(['Contra', 'Turbine', 'EndoGlide']);
  });

  it('takes a lone change’s answer as the guide, with no second request', async () => {
    const taken = nextRequest();
    const moved = store.dispatch(orderGuidesApi.endpoints.updateOrderGuideLine.initiate({ id: 7, lineId: 1, position: 2 }));
    await taken;
    expect(shown(store)).toEqual(['EndoGlide', 'Turbine', 'Contra']);
    held.shift()!();
    await moved;
    await settled(store);
    expect(shown(store)).toEqual(['EndoGlide', 'Turbine', 'Contra']);
    expect(gets).toBe(1);
  });
});
