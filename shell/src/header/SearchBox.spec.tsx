import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { ThemeProvider } from '@mui/material';
import type { SearchSuggestionsResponse } from '@dentalmarket/contracts';
import { catalogApi, makeStore } from '@dentalmarket/store';
import { makeTheme } from '@dentalmarket/ui';
import { Header } from './Header.js';
import { screenAt } from '@dentalmarket/ui/testing';

const product = (id: number, name: string) => ({ id, name, slug: name.toLowerCase().replace(/ /g, '-'), product_type: 'equipment' as const, manufacturer: 'Acme', price: '1250.00', image_url: null });
const SCAL: SearchSuggestionsResponse = {
  q: 'scal',
  products: [product(1, 'Piezo Scaler'), product(2, 'Hand Scaler')],
  categories: [{ id: 9, name: 'Scalers', slug: 'scalers', product_type: 'equipment' }],
};

function Address() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{`${pathname}${search}`}</p>;
}

/** The header at `at`, with the answer for 'scal' already cached: typing 'scal' asks the API nothing. */
async function renderHeader(at = '/', { narrow = false } = {}) {
  const store = makeStore(undefined, { persistCart: false });
  await store.dispatch(catalogApi.util.upsertQueryData('getSearchSuggestions', 'scal', SCAL));
  render(
    <Provider store={store}>
      <ThemeProvider theme={makeTheme({ darkMode: false, minimalAnimations: true })}>
        <MemoryRouter initialEntries={[at]}>
          <Header />
          <Address />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
    // the header's two layouts are both in the page, CSS shows one (see screenAt)
    screenAt(narrow ? 375 : 1280),
  );
}

const box = () => screen.getByRole('combobox', { name: 'Search products' });
const address = () => screen.getByTestId('address').textContent;
const key = (name: string) => fireEvent.keyDown(box(), { key: name });

async function typeScal() {
  fireEvent.focus(box());
  fireEvent.change(box(), { target: { value: 'scal' } });
  await screen.findByRole('option', { name: /Piezo Scaler/ });
}

describe("the header's search combobox", () => {
  it('suggests products and categories once the shopper types, in a listbox the combobox controls', async () => {
    await renderHeader();
    expect(box().getAttribute('aria-expanded')).toBe('false');
    await typeScal();
    expect(box().getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox');
    expect(box().getAttribute('aria-controls')).toBe(listbox.id);
    expect(within(within(listbox).getByRole('group', { name: 'Products' })).getAllByRole('option')).toHaveLength(2);
    expect(within(within(listbox).getByRole('group', { name: 'Categories' })).getByRole('option').textContent).toContain('Scalers');
  });

  it('moves through the options with ArrowDown and ArrowUp, naming the active one in aria-activedescendant', async () => {
    await renderHeader();
    await typeScal();
    const options = screen.getAllByRole('option');
    expect(box().getAttribute('aria-activedescendant')).toBeNull();
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[0].id);
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[2].id);
    key('ArrowUp');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[1].id);
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    expect(options[2].getAttribute('aria-selected')).toBe('false');
  });

  it('opens the active product over the current page with Enter', async () => {
    await renderHeader('/');
    await typeScal();
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(address()).toBe('/?product=hand-scaler');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a picked category in the marketplace', async () => {
    await renderHeader('/checkout');
    await typeScal();
    fireEvent.click(screen.getByRole('option', { name: /Scalers/ }));
    expect(address()).toBe('/marketplace?type=equipment&category=scalers');
  });

  it('searches the text with Enter when no option is active', async () => {
    await renderHeader('/checkout');
    await typeScal();
    key('Enter');
    expect(address()).toBe('/marketplace?search=scal');
  });

  it('closes the list with Escape, then clears the text with a second Escape', async () => {
    await renderHeader();
    await typeScal();
    key('ArrowDown');
    key('Escape');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().getAttribute('aria-activedescendant')).toBeNull();
    expect((box() as HTMLInputElement).value).toBe('scal');
    key('ArrowDown'); // opens the list again on its first option
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0].id);
    key('Escape');
    key('Escape');
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('shows the search of the results page it is on', async () => {
    await renderHeader('/marketplace?search=piezo%20scaler');
    expect((box() as HTMLInputElement).value).toBe('piezo scaler');
  });

  it('is not in the admin area', async () => {
    await renderHeader('/admin');
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it("opens below 900 px from 'Open search' as a row, focused, that closes after a search", async () => {
    await renderHeader('/', { narrow: true });
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
    expect(document.activeElement).toBe(box());
    await typeScal();
    key('Enter');
    expect(address()).toBe('/marketplace?search=scal');
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
