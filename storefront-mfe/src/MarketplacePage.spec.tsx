/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { Category, ProductListResponse } from '@dentalmarket/contracts';
import { catalogApi, makeStore, setApiBaseUrl } from '@dentalmarket/store';
import { MarketplacePage } from './MarketplacePage.js';
import { screenWidth } from '@dentalmarket/ui/testing';

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

async function renderMarketplace() {
  const store = makeStore(undefined, { persistCart: false });
  await store.dispatch(catalogApi.util.upsertQueryData('getCategories', { productType: 'equipment' }, [chairs]));
  // an empty listing, already loaded: the page asks the API nothing
  await store.dispatch(
    catalogApi.util.upsertQueryData('getProductPages', { productType: 'equipment', limit: 24 }, { pages: [{ products: [], total: 0, page: 1, limit: 24 }], pageParams: [1] }),
  );
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/marketplace?type=equipment']}>
        <MarketplacePage />
      </MemoryRouter>
    </Provider>,
  );
}

beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined; // jsdom has no layout
});

describe('the marketplace page structure', () => {
  it("starts with the page's h1; the sidebar's 'Categories' heading follows it", async () => {
    screenWidth(false);
    await renderMarketplace();
    // hidden: true because jsdom applies no media query, so the sidebar column stays display: none
    const headings = screen.getAllByRole('heading', { hidden: true }).map((h) => [h.tagName, h.textContent]);
    expect(headings.slice(0, 2)).toEqual([
      ['H1', 'IT Equipment'],
      ['H2', 'Categories'],
    ]);
  });

  it("opens the phone's categories as a dialog named 'Categories'", async () => {
    screenWidth(true);
    await renderMarketplace();
    screen.getByRole('button', { name: 'Categories' }).click();
    const dialog = await screen.findByRole('dialog', { name: 'Categories' });
    expect(within(dialog).getByRole('navigation', { name: 'Categories' })).toBeTruthy();
  });
});

describe("the marketplace's listings", () => {
  it("never ask for the search results page's counts (no facets=true), browsing a type or searching within it", async () => {
    screenWidth(false);
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
    );
    expect(await screen.findByText('No it equipment available yet')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search categories & products', hidden: true }), { target: { value: 'scaler' } });
    expect(await screen.findByText('No products match "scaler"')).toBeTruthy();
    expect(requested.filter((r) => r.startsWith('/api/products'))).toEqual(['/api/products?productType=equipment&limit=24&page=1', '/api/products?productType=equipment&search=scaler&limit=24&page=1']);
  });
});
