import type {
  OrderGuide,
  OrderGuideCartResponse,
  OrderGuideCreate,
  OrderGuideLineInput,
  OrderGuideLineUpdate,
  OrderGuideListResponse,
} from '@dentalmarket/contracts';
import { api } from './api.js';
import type { DmExtraOptions } from './baseQuery.js';

/** A signed-in shopper's guides: a 401 there means the session ended (SPEC §4 Session). */
const signedIn: DmExtraOptions = { sessionHandling: true };
const LIST = { type: 'OrderGuide' as const, id: 'LIST' };

/**
 * Changes of each guide still waiting for their answer, and the guides one of whose changes was answered
 * while another was out. An answer is the guide as the server had it then: one that arrives while a later
 * change is out is older than what the page shows (the later change's optimistic state) and would put a
 * moved line back where it was until the later answer came; a Move down pressed meanwhile then moved the
 * line from the old place (found by the end-to-end suite on a busy machine). Such answers are not shown:
 * once the guide's last change is answered, the guide is asked for again, as the server then has it (the
 * server applies changes one at a time, but not always in the order they were sent).
 */
const changesOut = new Map<number, number>();
const overlapped = new Set<number>();

/**
 * The practice's order guides (issue 36): the storefront's 'Add to list' and the checkout remote's
 * Order guides pages share them. Every change answers the guide as it is then, which replaces the
 * cached guide (no second request) unless another change of it was out meanwhile (see `changesOut`);
 * the list is asked again for its line counts.
 */
export const orderGuidesApi = api.enhanceEndpoints({ addTagTypes: ['OrderGuide'] }).injectEndpoints({
  endpoints: (build) => {
    /**
     * A change of one guide: shown at once when `optimistic` says how (undone if refused), and its
     * answer, the guide as it is then, goes into that guide's cache entry.
     */
    const change = <Arg extends { id: number }>(query: (arg: Arg) => { url: string; method: string; body?: unknown }, optimistic?: (guide: OrderGuide, arg: Arg) => void) =>
      build.mutation<OrderGuide, Arg>({
        query,
        extraOptions: signedIn,
        invalidatesTags: (result) => (result ? [LIST] : []),
        async onQueryStarted(arg, { dispatch, queryFulfilled }) {
          const out = (changesOut.get(arg.id) ?? 0) + 1;
          changesOut.set(arg.id, out);
          if (out > 1) overlapped.add(arg.id);
          const patch = optimistic ? dispatch(orderGuidesApi.util.updateQueryData('getOrderGuide', arg.id, (guide) => optimistic(guide, arg))) : undefined;
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          const left = changesOut.get(arg.id)! - 1;
          if (left > 0) changesOut.set(arg.id, left);
          else changesOut.delete(arg.id);
          if (!data) patch?.undo();
          if (left > 0) return;
          if (overlapped.delete(arg.id)) dispatch(orderGuidesApi.util.invalidateTags([{ type: 'OrderGuide', id: arg.id }]));
          else if (data) dispatch(orderGuidesApi.util.upsertQueryData('getOrderGuide', arg.id, data));
        },
      });
    return {
      /** GET /api/order-guides?page&limit: by name. */
      getOrderGuides: build.query<OrderGuideListResponse, { page: number; limit: number }>({
        query: (params) => ({ url: '/order-guides', params }),
        extraOptions: signedIn,
        providesTags: [LIST],
      }),
      getOrderGuide: build.query<OrderGuide, number>({
        query: (id) => `/order-guides/${id}`,
        extraOptions: signedIn,
        providesTags: (_result, _error, id) => [{ type: 'OrderGuide', id }],
      }),
      createOrderGuide: build.mutation<OrderGuide, OrderGuideCreate>({
        query: (body) => ({ url: '/order-guides', method: 'POST', body }),
        extraOptions: signedIn,
        invalidatesTags: (result) => (result ? [LIST] : []),
      }),
      renameOrderGuide: change<{ id: number; name: string }>(({ id, name }) => ({ url: `/order-guides/${id}`, method: 'PATCH', body: { name } })),
      deleteOrderGuide: build.mutation<void, number>({
        query: (id) => ({ url: `/order-guides/${id}`, method: 'DELETE' }),
        extraOptions: signedIn,
        invalidatesTags: (_result, error, id) => (error ? [] : [LIST, { type: 'OrderGuide', id }]),
      }),
      addOrderGuideLine: change<{ id: number } & OrderGuideLineInput>(({ id, ...body }) => ({ url: `/order-guides/${id}/lines`, method: 'POST', body })),
      /** A quantity or a place, shown at once (a dragged line stays where it was dropped while the request is out). */
      updateOrderGuideLine: change<{ id: number; lineId: number } & OrderGuideLineUpdate>(
        ({ id, lineId, ...body }) => ({ url: `/order-guides/${id}/lines/${lineId}`, method: 'PATCH', body }),
        (guide, { lineId, quantity, position }) => {
          const from = guide.lines.findIndex((line) => line.id === lineId);
          if (from < 0) return;
          const [line] = guide.lines.splice(from, 1);
          if (quantity !== undefined) line!.quantity = quantity;
          guide.lines.splice(position === undefined ? from : Math.min(position, guide.lines.length), 0, line!);
        },
      ),
      removeOrderGuideLine: change<{ id: number; lineId: number }>(
        ({ id, lineId }) => ({ url: `/order-guides/${id}/lines/${lineId}`, method: 'DELETE' }),
        (guide, { lineId }) => {
          guide.lines = guide.lines.filter((line) => line.id !== lineId);
          guide.line_count = guide.lines.length;
        },
      ),
      /** POST /api/order-guides/:id/add-to-cart: the lines at today's prices and the skipped ones; nothing changes on the server. */
      orderGuideCartLines: build.mutation<OrderGuideCartResponse, number>({
        query: (id) => ({ url: `/order-guides/${id}/add-to-cart`, method: 'POST' }),
        extraOptions: signedIn,
      }),
    };
  },
});

export const {
  useGetOrderGuidesQuery,
  useGetOrderGuideQuery,
  useCreateOrderGuideMutation,
  useRenameOrderGuideMutation,
  useDeleteOrderGuideMutation,
  useAddOrderGuideLineMutation,
  useUpdateOrderGuideLineMutation,
  useRemoveOrderGuideLineMutation,
  useOrderGuideCartLinesMutation,
} = orderGuidesApi;
