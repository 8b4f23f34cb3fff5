/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { Category, Product, ProductListResponse } from '@dentalmarket/contracts';
import { catalogApi, makeStore, setApiBaseUrl } from '@dentalmarket/store';
import { MarketplacePage } from './MarketplacePage.js';
import { hydrateAt, resizeScreen, screenAt } from '@dentalmarket/ui/testing';

const chairs: Category = {
  id: 1,
  name: 'Dental Chairs',
  slug: 'dental-chairs',
  subcategory_count: 0,
  description: 'Chairs for the surgery',
  icon: 'fa-folder',
  product_type: 'equipment',
  sort_order: 1,
  created_at: '2026-01-01T00:00:00.000Z',
};

const scaler = {
  id: 5,
  name: 'Piezo Scaler',
  slug: 'piezo-scaler',
  description: 'A scaler',
  price: '1250.00',
  image_url: null,
  manufacturer: 'Acme',
  specifications: {},
  product_type: 'equipment',
  affiliate_link: null,
  features: ['Quiet'],
  is_featured: false,
  is_new: false,
  rating: '4.5',
  reviews_count: 3,
  in_stock: true,
} as unknown as Product;

/** The marketplace at `url`, its data already loaded: the page asks the API nothing. */
async function marketplace(url = '/marketplace?type=equipment') {
  const store = makeStore(undefined, { persistCart: false });
  await store.dispatch(catalogApi.util.upsertQueryData('getCategories', { productType: 'equipment' }, [chairs]));
  // an empty listing
  await store.dispatch(
    catalogApi.util.upsertQueryData('getProductPages', { productType: 'equipment', limit: 24 }, { pages: [{ products: [], total: 0, page: 1, limit: 24 }], pageParams: [1] }),
  );
  await store.dispatch(catalogApi.util.upsertQueryData('getProduct', scaler.slug, scaler));
  return (
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <MarketplacePage />
      </MemoryRouter>
    </Provider>
  );
}

/** The marketplace on a screen `width` px wide: its sidebar column and its phone's 'Categories' button are both in the page, CSS shows one. */
async function renderMarketplace(width: number) {
  render(await marketplace(), screenAt(width));
}

/** Every id in the document once: the sidebar may be in the page twice (the hidden column and the phone's drawer). */
function expectUniqueIds() {
  const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
}

beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined; // jsdom has no layout
});

describe('the marketplace page structure', () => {
  it("starts with the page's h1; the sidebar's 'Categories' heading follows it", async () => {
    await renderMarketplace(1024);
    const headings = screen.getAllByRole('heading').map((h) => [h.tagName, h.textContent]);
    expect(headings.slice(0, 2)).toEqual([
      ['H1', 'IT Equipment'],
      ['H2', 'Categories'],
    ]);
  });

  it("shows the sidebar as a column from 768 px up, and no 'Categories' button", async () => {
    await renderMarketplace(768);
    expect(screen.getByRole('navigation', { name: 'Categories' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Categories' })).toBeNull();
  });

  it("opens the phone's categories as a dialog named 'Categories'", async () => {
    await renderMarketplace(767);
    // no column: the sidebar is in the page (the server's HTML is the same on every width) but hidden
    expect(screen.queryByRole('navigation', { name: 'Categories' })).toBeNull();
    expect(screen.getAllByRole('navigation', { name: 'Categories', hidden: true })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Categories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Categories' });
    expect(within(dialog).getByRole('navigation', { name: 'Categories' })).toBeTruthy();
    expect(screen.getAllByRole('navigation', { name: 'Categories' })).toHaveLength(1);
    expectUniqueIds();
  });

  it("closes the phone's categories when the window grows past a phone's width", async () => {
    await renderMarketplace(767);
    fireEvent.click(screen.getByRole('button', { name: 'Categories' }));
    await screen.findByRole('dialog', { name: 'Categories' });
    act(() => resizeScreen(1024));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Categories' })).toBeNull());
  });
});

describe("the marketplace's server-rendered HTML", () => {
  // the server knows no width: the browser's first render must be the same on any, and nothing switches after it
  it.each([375, 767, 768, 1280])('hydrates at %i px without a mismatch', async (width) => {
    expect(await hydrateAt(await marketplace(), width)).toEqual([]);
    expect(screen.queryByRole('navigation', { name: 'Categories' }) === null).toBe(width < 768);
    expect(screen.queryByRole('button', { name: 'Categories' }) === null).toBe(width >= 768);
  });

  it.each([375, 1280])("hydrates a shared product link (the detail modal open on the first render) at %i px without a mismatch; the modal fills a phone's screen", async (width) => {
    expect(await hydrateAt(await marketplace('/marketplace?type=equipment&product=piezo-scaler'), width)).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: 'Piezo Scaler' });
    expect(dialog.classList.contains('MuiDialog-paperFullScreen')).toBe(width < 768);
  });
});

describe("the marketplace's listings", () => {
  it("never ask for the search results page's counts (no facets=true), browsing a type or searching within it", async () => {
    // fetch, the network boundary: no categories, and an empty list for any listing
    setApiBaseUrl('http://localhost/api'); // Node's Request needs an absolute address
    const requested: string[] = [];
    globalThis.fetch = jest.fn(async (input: Request) => {
      const url = new URL(input.url);
      requested.push(`${url.pathname}${url.search}`);
      const body: Category[] | ProductListResponse = url.pathname === '/api/products' ? { products: [], total: 0, page: 1, limit: 24 } : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    render(
      <Provider store={makeStore(undefined, { persistCart: false })}>
        <MemoryRouter initialEntries={['/marketplace?type=equipment']}>
          <MarketplacePage />
        </MemoryRouter>
      </Provider>,
      screenAt(1024),
    );
    expect(await screen.findByText('No it equipment available yet')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search categories & products' }), { target: { value: 'scaler' } });
    expect(await screen.findByText('No products match "scaler"')).toBeTruthy();
    expect(requested.filter((r) => r.startsWith('/api/products'))).toEqual(['/api/products?productType=equipment&limit=24&page=1', '/api/products?productType=equipment&search=scaler&limit=24&page=1']);
  });
});
