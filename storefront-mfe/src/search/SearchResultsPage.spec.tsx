import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import type { Product, ProductFacetsResponse } from '@dentalmarket/contracts';
import { catalogApi, makeStore, type ProductFacetsQuery } from '@dentalmarket/store';
import { SearchResultsPage } from './SearchResultsPage.js';
import { screenWidth } from '@dentalmarket/ui/testing';

const facets = (total: number, more: Partial<ProductFacetsResponse> = {}): ProductFacetsResponse => ({
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

const scaler = { id: 1, name: 'Piezo Scaler', slug: 'piezo-scaler', product_type: 'equipment', manufacturer: 'Acme', price: '1250.00', image_url: null, description: 'A scaler', rating: 4.5, review_count: 3, in_stock: true } as unknown as Product;

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

/** The results page at `url`, the API's answers for each given state already cached (the page asks the API nothing). */
async function renderResults(url: string, answers: Array<[ProductFacetsQuery, ProductFacetsResponse]>, { phone = false } = {}) {
  screenWidth(phone);
  const store = makeStore(undefined, { persistCart: false });
  for (const [query, answer] of answers) {
    await store.dispatch(catalogApi.util.upsertQueryData('getProductFacets', query, answer));
    await store.dispatch(
      catalogApi.util.upsertQueryData('getProductPages', { ...query, limit: 24 }, { pages: [{ products: [scaler], total: answer.total, page: 1, limit: 24, correctedSearch: answer.correctedSearch }], pageParams: [1] }),
    );
  }
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <SearchResultsPage />
        <Address />
      </MemoryRouter>
    </Provider>,
  );
}

const address = () => screen.getByTestId('address').textContent;

describe('the search results page', () => {
  it('states how many results the search found', async () => {
    await renderResults('/marketplace?search=scaler', [[{ search: 'scaler' }, facets(12)]]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('12 results for "scaler"');
  });

  it("says '1,000+' when the API stopped counting", async () => {
    await renderResults('/marketplace?search=chair', [[{ search: 'chair' }, facets(1000, { totalCapped: true })]]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('1,000+ results for "chair"');
  });

  it('says which word it searched after a typo', async () => {
    await renderResults('/marketplace?search=scalr', [[{ search: 'scalr' }, facets(12, { correctedSearch: 'scaler' })]]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Showing results for "scaler"');
    expect(screen.getAllByText('Showing results for "scaler"')).toHaveLength(1);
  });

  it('shows each filter with how many results it would leave', async () => {
    await renderResults('/marketplace?search=scaler', [[{ search: 'scaler' }, facets(12)]]);
    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));
    expect(filters.getByRole('checkbox', { name: 'Acme (7)' })).toBeTruthy();
    expect(filters.getByRole('checkbox', { name: 'In stock only (9)' })).toBeTruthy();
    expect(filters.getByRole('radio', { name: '4 stars & up (3)' })).toBeTruthy();
    expect(filters.getByRole('radio', { name: 'Equipment (12)' })).toBeTruthy();
  });

  it('puts a picked manufacturer in the address bar as a new history entry, which Back undoes', async () => {
    await renderResults('/marketplace?search=scaler', [
      [{ search: 'scaler' }, facets(12)],
      [{ search: 'scaler', manufacturer: ['Acme'] }, facets(7)],
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Acme (7)' }));
    expect(address()).toBe('?search=scaler&manufacturer=Acme');
    expect(await screen.findByRole('heading', { level: 1, name: '7 results for "scaler"' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(address()).toBe('?search=scaler');
    expect((screen.getByRole('checkbox', { name: 'Acme (7)' }) as HTMLInputElement).checked).toBe(false);
  });

  it('applies a price range only once valid, when the field is left', async () => {
    await renderResults('/marketplace?search=scaler', [
      [{ search: 'scaler' }, facets(12)],
      [{ search: 'scaler', minPrice: '100' }, facets(8)],
    ]);
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
  });

  it("opens the phone's filters in a drawer with 'Show n results'", async () => {
    await renderResults('/marketplace?search=scaler', [[{ search: 'scaler' }, facets(12)]], { phone: true });
    expect(screen.queryByRole('complementary', { name: 'Filters' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Filters' }));
    expect(drawer.getByRole('checkbox', { name: 'Acme (7)' })).toBeTruthy();
    expect(drawer.getByRole('button', { name: 'Show 12 results' })).toBeTruthy();
  });
});
