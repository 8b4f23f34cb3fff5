/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { jest } from '@jest/globals';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import type { Product, ProductFacetsResponse, ProductListResponse } from '@dentalmarket/contracts';
import { makeStore, setApiBaseUrl } from '@dentalmarket/store';
import { SearchResultsPage } from './SearchResultsPage.js';
import { hydrateAt, screenAt } from '@dentalmarket/ui/testing';

// a whole MUI page on a busy shared machine can take more than the default 1 s to settle
configure({ asyncUtilTimeout: 10_000 });

type Counts = NonNullable<ProductListResponse['facets']>;

const facets = (total: number, more: Partial<Counts> = {}): Counts => ({
  total,
  totalCapped: false,
  productTypes: [{ value: 'equipment', count: total }],
  manufacturers: [
    { value: 'Acme', count: 7 },
    { value: 'Borealis', count: 5 },
  ],
  manufacturersMore: false,
  inStock: { value: true, count: 9 },
  ratings: [{ value: 4, count: 3 }],
  price: { min: '10.00', max: '2500.00' },
  ...more,
});

const product = (id: number) =>
  ({ id, name: `Piezo Scaler ${id}`, slug: `piezo-scaler-${id}`, product_type: 'equipment', manufacturer: 'Acme', price: '1250.00', image_url: null, description: 'A scaler', rating: 4.5, review_count: 3, in_stock: true }) as unknown as Product;

/** What the API answers for one state (its query string without paging and `facets`). */
interface StateAnswer {
  counts: Counts;
  correctedSearch?: string;
  /** the answer waits for this */
  hold?: Promise<void>;
}

/**
 * Replaces fetch, the network boundary: GET /api/products answers a state's products (24 a page,
 * `counts.total` in all) and, asked with facets=true, its counts; GET /api/products/facets answers
 * a search among the manufacturers. Every request is kept, as path and query.
 */
function fakeApi(states: Record<string, StateAnswer>, manufacturerSearch: (needle: string) => ProductFacetsResponse['manufacturers'] = () => []) {
  setApiBaseUrl('http://localhost/api'); // Node's Request needs an absolute address
  const requested: string[] = [];
  globalThis.fetch = jest.fn(async (input: Request) => {
    const url = new URL(input.url);
    requested.push(decodeURIComponent(`${url.pathname}${url.search}`));
    const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const params = new URLSearchParams(url.search);
    if (url.pathname === '/api/products/facets') {
      const needle = params.get('manufacturerSearch') ?? '';
      params.delete('manufacturerSearch');
      const state = states[decodeURIComponent(params.toString())];
      return state ? reply(200, { ...state.counts, manufacturers: manufacturerSearch(needle) }) : reply(404, { message: 'not served' });
    }
    if (url.pathname !== '/api/products') return reply(404, { message: 'not served' });
    const page = Number(params.get('page'));
    const withCounts = params.get('facets') === 'true';
    for (const key of ['page', 'limit', 'facets']) params.delete(key);
    const state = states[decodeURIComponent(params.toString())];
    if (!state) return reply(404, { message: 'not served' });
    await state.hold;
    const { total } = state.counts;
    const shown = Math.max(0, Math.min(24, total - (page - 1) * 24));
    const answer: ProductListResponse = {
      products: Array.from({ length: shown }, (_, i) => product((page - 1) * 24 + i + 1)),
      total,
      page,
      limit: 24,
      ...(state.counts.totalCapped ? { totalCapped: true } : {}),
      ...(state.correctedSearch ? { correctedSearch: state.correctedSearch } : {}),
      ...(withCounts ? { facets: state.counts } : {}),
    };
    return reply(200, answer);
  }) as unknown as typeof fetch;
  return requested;
}

function Address() {
  const { search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="address">{decodeURIComponent(search)}</p>
      <button onClick={() => navigate(-1)}>Back</button>
    </>
  );
}

/** The results page at `url`, the API answering `states`; resolves once the first answer is shown. Gives the requests made. */
async function renderResults(url: string, states: Record<string, StateAnswer>, { phone = false, manufacturerSearch }: { phone?: boolean; manufacturerSearch?: (needle: string) => ProductFacetsResponse['manufacturers'] } = {}) {
  const requested = fakeApi(states, manufacturerSearch);
  render(
    <Provider store={makeStore(undefined, { persistCart: false })}>
      <MemoryRouter initialEntries={[url]}>
        <SearchResultsPage />
        <Address />
      </MemoryRouter>
    </Provider>,
    // the filters column and the phone's 'Filters' button are both in the page, CSS shows one (see screenAt)
    screenAt(phone ? 390 : 1280),
  );
  await screen.findByText(/^Showing \d+ of /);
  return requested;
}

const address = () => screen.getByTestId('address').textContent;
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

/** Every id in the document once: the filters may be in the page twice (the hidden column and the phone's drawer). */
function expectUniqueIds() {
  const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
}

describe('the search results page', () => {
  it('asks the API once per search: the list with its counts (facets=true), never GET /api/products/facets', async () => {
    const requested = await renderResults('/marketplace?search=scaler', { 'search=scaler': { counts: facets(12) } });
    expect(heading()).toBe('12 results for "scaler"');
    expect(requested).toEqual(['/api/products?search=scaler&limit=24&page=1&facets=true']);
  });

  it('states how many results the search found', async () => {
    await renderResults('/marketplace?search=scaler', { 'search=scaler': { counts: facets(1) } });
    expect(heading()).toBe('1 result for "scaler"');
  });

  it("says '1,000+' when the API stopped counting", async () => {
    await renderResults('/marketplace?search=chair', { 'search=chair': { counts: facets(1000, { totalCapped: true }) } });
    expect(heading()).toBe('1,000+ results for "chair"');
  });

  it("says which word it searched after a typo (the list's correctedSearch)", async () => {
    await renderResults('/marketplace?search=scalr', { 'search=scalr': { counts: facets(12), correctedSearch: 'scaler' } });
    expect(heading()).toBe('Showing results for "scaler"');
    expect(screen.getAllByText('Showing results for "scaler"')).toHaveLength(1);
  });

  it('shows each filter with how many results it would leave', async () => {
    await renderResults('/marketplace?search=scaler', { 'search=scaler': { counts: facets(12) } });
    // from 900 px the filters are a column beside the results: no 'Filters' button
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));
    expect(filters.getByRole('checkbox', { name: 'Acme (7)' })).toBeTruthy();
    expect(filters.getByRole('checkbox', { name: 'In stock only (9)' })).toBeTruthy();
    expect(filters.getByRole('radio', { name: '4 stars & up (3)' })).toBeTruthy();
    expect(filters.getByRole('radio', { name: 'Equipment (12)' })).toBeTruthy();
  });

  it('puts a picked manufacturer in the address bar as a new history entry, which Back undoes (from the cache)', async () => {
    let release = () => undefined as void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const requested = await renderResults('/marketplace?search=scaler', {
      'search=scaler': { counts: facets(12) },
      'search=scaler&manufacturer=Acme': { counts: facets(7, { manufacturers: [{ value: 'Acme', count: 7 }, { value: 'Borealis', count: 2 }] }), hold },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Acme (7)' }));
    expect(address()).toBe('?search=scaler&manufacturer=Acme');
    // while the new state loads the filters keep the last counts rather than jumping to none
    expect(heading()).toBe('Results for "scaler"');
    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));
    expect(filters.getByRole('checkbox', { name: 'Borealis (5)' })).toBeTruthy();
    expect(filters.getByRole('radio', { name: 'Equipment (12)' })).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: '7 results for "scaler"' })).toBeTruthy();
    expect(filters.getByRole('checkbox', { name: 'Borealis (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(address()).toBe('?search=scaler');
    expect(heading()).toBe('12 results for "scaler"');
    expect((screen.getByRole('checkbox', { name: 'Acme (7)' }) as HTMLInputElement).checked).toBe(false);
    expect(requested).toEqual(['/api/products?search=scaler&limit=24&page=1&facets=true', '/api/products?search=scaler&manufacturer=Acme&limit=24&page=1&facets=true']);
  });

  it('asks for the next page without counts, and keeps the heading and filters of the first', async () => {
    const requested = await renderResults('/marketplace?search=scaler', { 'search=scaler': { counts: facets(30) } });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 30 of 30 products')).toBeTruthy();
    expect(heading()).toBe('30 results for "scaler"');
    expect(screen.getByRole('checkbox', { name: 'Acme (7)' })).toBeTruthy();
    expect(requested).toEqual(['/api/products?search=scaler&limit=24&page=1&facets=true', '/api/products?search=scaler&limit=24&page=2']);
  });

  it('searches among the other manufacturers with GET /api/products/facets?manufacturerSearch=', async () => {
    const requested = await renderResults(
      '/marketplace?search=scaler',
      { 'search=scaler': { counts: facets(12, { manufacturersMore: true }) } },
      { manufacturerSearch: (needle) => (needle === 'zen' ? [{ value: 'Zenith Dental', count: 2 }] : []) },
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search manufacturers' }), { target: { value: 'zen' } });
    expect(await screen.findByRole('checkbox', { name: 'Zenith Dental (2)' })).toBeTruthy();
    expect(requested).toEqual(['/api/products?search=scaler&limit=24&page=1&facets=true', '/api/products/facets?search=scaler&manufacturerSearch=zen']);
  });

  it('applies a price range only once valid, when the field is left', async () => {
    await renderResults('/marketplace?search=scaler', {
      'search=scaler': { counts: facets(12) },
      'search=scaler&minPrice=100': { counts: facets(8) },
    });
    const min = screen.getByRole('textbox', { name: 'Min price' });
    const max = screen.getByRole('textbox', { name: 'Max price' });
    fireEvent.change(min, { target: { value: '12,5' } });
    expect(address()).toBe('?search=scaler'); // typing changes nothing
    fireEvent.blur(min);
    expect(screen.getByText('Enter an amount such as 25 or 19.99')).toBeTruthy();
    fireEvent.change(min, { target: { value: '100' } });
    fireEvent.change(max, { target: { value: '50' } });
    fireEvent.blur(max);
    expect(screen.getByText('Min must not be more than max')).toBeTruthy();
    expect(address()).toBe('?search=scaler');
    fireEvent.change(max, { target: { value: '' } });
    fireEvent.keyDown(max, { key: 'Enter' });
    expect(address()).toBe('?search=scaler&minPrice=100');
    expect(await screen.findByRole('heading', { level: 1, name: '8 results for "scaler"' })).toBeTruthy();
  });

  it("opens the phone's filters in a drawer with 'Show n results'", async () => {
    await renderResults('/marketplace?search=scaler', { 'search=scaler': { counts: facets(12) } }, { phone: true });
    expect(screen.queryByRole('complementary', { name: 'Filters' })).toBeNull();
    // the column is in the page all the same (the server's HTML is the same on every width), hidden
    expect(within(document.querySelector<HTMLElement>('aside[aria-label="Filters"]')!).getByTestId('search-filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Filters' }));
    expect(drawer.getByRole('checkbox', { name: 'Acme (7)' })).toBeTruthy();
    expect(drawer.getByRole('button', { name: 'Show 12 results' })).toBeTruthy();
    // one set of filters for the shopper, and no id twice
    expect(screen.getAllByRole('checkbox', { name: 'Acme (7)' })).toHaveLength(1);
    expectUniqueIds();
  });
});

describe("the results page's server-rendered HTML", () => {
  // the server knows no width: the browser's first render must be the same on any, and nothing switches after it
  it.each([390, 899, 900, 1280])('hydrates at %i px without a mismatch', async (width) => {
    fakeApi({ 'search=scaler': { counts: facets(12) } });
    const ui = (
      <Provider store={makeStore(undefined, { persistCart: false })}>
        <MemoryRouter initialEntries={['/marketplace?search=scaler']}>
          <SearchResultsPage />
        </MemoryRouter>
      </Provider>
    );
    // as the server does, rendered until the page's data is in the store
    const loading = render(ui);
    await screen.findByText(/^Showing \d+ of /);
    loading.unmount();
    expect(await hydrateAt(ui, width)).toEqual([]);
    expect(heading()).toBe('12 results for "scaler"');
    expect(screen.queryByRole('complementary', { name: 'Filters' }) === null).toBe(width < 900);
    expect(screen.queryByRole('button', { name: /^Filters/ }) === null).toBe(width >= 900);
  }, 20_000); // a whole page rendered twice, on a busy shared machine
});
