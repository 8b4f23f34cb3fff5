import { jest } from '@jest/globals';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { SnackbarProvider } from 'notistack';
import type { Category, Subcategory } from '@dentalmarket/contracts';
import { catalogApi, makeStore, setApiBaseUrl } from '@dentalmarket/store';

// whole MUI screens on a busy shared machine can take more than the default 1 s to settle after a reply
configure({ asyncUtilTimeout: 10_000 });

/** Shared fixtures of the category specs. Specs using `stubFetch` run in scripts/jest-fetch-environment.cjs. */
export const category = (id: number, name: string, subcategory_count = 0, description = `${name} for the practice`): Category => ({
  id,
  name,
  description,
  subcategory_count,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  icon: 'fa-folder',
  product_type: 'affiliate',
  sort_order: id,
  created_at: '2026-01-01T00:00:00.000Z',
});

export const subcategory = (id: number, name: string, category_id: number): Subcategory => ({
  id,
  name,
  category_id,
  description: `${name} from partners`,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  sort_order: id,
  created_at: '2026-01-01T00:00:00.000Z',
});

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

const json = ({ status, body }: { status: number; body: unknown }) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Replaces fetch, the network boundary: `answer` decides each reply from the method and path (with
 * query); every call is recorded with its JSON body.
 */
export function stubFetch(answer: (call: Call) => Answer) {
  // Node's Request needs an absolute address; the browser resolves '/api' against the page
  setApiBaseUrl('http://localhost/api');
  const calls: Call[] = [];
  const fetchMock = jest.fn(async (input: Request) => {
    const url = new URL(input.url);
    const text = await input.text();
    const call = { method: input.method, path: url.pathname + url.search, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    return json(await answer(call));
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock };
}

/** A reply that waits until the spec calls `settle`, to look at the screen while a call is under way. */
export function deferred() {
  let settle!: (answer: { status: number; body: unknown }) => void;
  const promise = new Promise<{ status: number; body: unknown }>((resolve) => (settle = resolve));
  return { promise, settle };
}

/** Renders `ui` with a fresh store whose affiliate categories (and given subcategories) are already loaded. */
export async function renderWithStore(ui: ReactElement, categories: Category[] | null, subcategories: Record<number, Subcategory[]> = {}) {
  const store = makeStore(undefined, { persistCart: false });
  if (categories) await store.dispatch(catalogApi.util.upsertQueryData('getCategories', { productType: 'affiliate' }, categories));
  for (const [categoryId, list] of Object.entries(subcategories)) {
    await store.dispatch(catalogApi.util.upsertQueryData('getSubcategories', Number(categoryId), list));
  }
  const view = render(
    <Provider store={store}>
      <SnackbarProvider>{ui}</SnackbarProvider>
    </Provider>,
  );
  return { store, view };
}
