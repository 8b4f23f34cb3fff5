/**
 * Compile-only (the package's `typecheck`, never run): what the generated types let a program write,
 * and what they refuse. Each `@ts-expect-error` fails the typecheck if the line it covers compiles,
 * so a generator or document change that loosens a route's types (query values typed as any, a path
 * dropped, an enum widened to string) is a red typecheck.
 */
import { createDentalMarketClient, orThrow, type DentalMarketClient, type paths, type Schemas } from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equal<A, B>) => proof;

type SupplierStatus = 'placed' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
// issue 36: an order of a practice may await approval, be declined or expire (the shopper's reads; the admin filters and changes placed ones only)
type OrderStatus = 'awaiting_approval' | SupplierStatus | 'declined' | 'expired';
type AdminOrderQuery = NonNullable<paths['/api/admin/orders']['get']['parameters']['query']>;

// the admin orders grid's query, exactly: nothing dropped to `any`, nothing made required
same<AdminOrderQuery['status'], SupplierStatus | undefined>(true);
same<AdminOrderQuery['sort'], 'created_at' | 'total' | undefined>(true);
same<AdminOrderQuery['order'], 'asc' | 'desc' | undefined>(true);
same<AdminOrderQuery['page'], number | undefined>(true);
same<AdminOrderQuery['from'], string | undefined>(true);
same<Schemas['OrderSummaryDto']['status'], OrderStatus>(true);
same<Schemas['OrderStatusChangeDto']['status'], SupplierStatus>(true);

export async function usage(api: DentalMarketClient = createDentalMarketClient({ baseUrl: 'https://shop.example', apiKey: 'dm_sk_x' })) {
  const { data, error } = await api.GET('/api/admin/orders', { params: { query: { status: 'placed', sort: 'created_at', order: 'asc', from: '2026-01-01', page: 1, limit: 100 } } });
  if (data) {
    // the answer is the list's schema: its rows have a number and a status of the workflow
    same<typeof data, Schemas['OrderListResponseDto']>(true);
    const number: string = data.orders[0].number;
    const status: OrderStatus = data.orders[0].status;
    const total: number = data.total;
    void [number, status, total];
  } else {
    // a failure is the API's JSON error
    const message: string | string[] | undefined = error?.message;
    void message;
  }

  // @ts-expect-error a status that is not one of the workflow's
  await api.GET('/api/admin/orders', { params: { query: { status: 'sent' } } });
  // @ts-expect-error a sort the grid does not have
  await api.GET('/api/admin/orders', { params: { query: { sort: 'number' } } });
  // @ts-expect-error a number's place takes a number, not its text
  await api.GET('/api/admin/orders', { params: { query: { limit: '100' } } });
  // @ts-expect-error a query parameter the route does not take
  await api.GET('/api/admin/orders', { params: { query: { since: '2026-01-01T00:00:00Z' } } });
  // @ts-expect-error a route that does not exist
  await api.GET('/api/admin/orderz');
  // @ts-expect-error no DELETE on the orders
  await api.DELETE('/api/admin/orders/{number}', { params: { path: { number: 'DM-7K3QX9' } } });
  // @ts-expect-error the order's number is required
  await api.GET('/api/admin/orders/{number}', { params: { path: {} } });

  const order = await orThrow(api.POST('/api/admin/orders/{number}/status', { params: { path: { number: 'DM-7K3QX9' } }, body: { status: 'shipped', carrier: 'UPS', tracking_number: '1Z999' } }));
  same<typeof order, Schemas['OrderDto']>(true);
  const history: Array<{ to_status: OrderStatus; actor: string }> = order.events;
  void history;
  // @ts-expect-error a status change names its status
  await api.POST('/api/admin/orders/{number}/status', { params: { path: { number: 'DM-7K3QX9' } }, body: { note: 'no status' } });
  // @ts-expect-error not a status of the workflow
  await api.POST('/api/admin/orders/{number}/status', { params: { path: { number: 'DM-7K3QX9' } }, body: { status: 'done' } });
}
