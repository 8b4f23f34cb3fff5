import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from '@mui/material';
import type { User } from '@dentalmarket/contracts';
import { cartActions, makeStore } from '@dentalmarket/store';
import { makeTheme } from '@dentalmarket/ui';
import { Header } from './Header.js';
import { hydrateAt, screenAt } from '@dentalmarket/ui/testing';

const user = (role: User['role']): User => ({ id: 7, username: 'dr.smith', email: 'u@x.example', full_name: 'Dr Smith', role, created_at: '2026-01-01T00:00:00.000Z' });

function header(signedIn: User | null, status: 'loading' | 'authenticated' | 'anonymous' = signedIn ? 'authenticated' : 'anonymous') {
  const store = makeStore({ session: { user: signedIn, status, expired: false } }, { persistCart: false });
  const ui = (
    <Provider store={store}>
      <ThemeProvider theme={makeTheme({ darkMode: false, minimalAnimations: true })}>
        <MemoryRouter>
          <Header />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>
  );
  return { store, ui };
}

function renderHeader(signedIn: User | null, { narrow = false } = {}) {
  const { store, ui } = header(signedIn);
  // the header's two layouts are both in the page, CSS shows one (see screenAt)
  render(ui, screenAt(narrow ? 375 : 1280));
  return store;
}

const link = (name: string) => screen.queryByRole('link', { name });

/** Every id in the document once: both layouts are in it, so no id may be fixed in a part rendered twice. */
function expectUniqueIds() {
  const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
}

describe('header at 900 px and wider', () => {
  it("shows 'Admin Login' to a signed-out visitor only", () => {
    renderHeader(null);
    expect(link('Admin Login')).not.toBeNull();
    expect(link('Marketplace')).not.toBeNull();
  });

  it("shows the search field, and neither 'Open search' nor 'Open menu'", () => {
    renderHeader(user('admin'));
    expect(screen.getByRole('combobox', { name: 'Search products' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open search' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    expectUniqueIds();
  });

  it("shows a signed-in customer their name, and neither 'Admin Login' nor 'Admin Panel'", () => {
    renderHeader(user('customer'));
    expect(screen.getByRole('button', { name: 'Dr Smith' })).toBeTruthy();
    expect(link('Admin Login')).toBeNull();
    expect(link('Admin Panel')).toBeNull();
  });

  it("offers a signed-in user 'Orders' (/orders) and 'Sign out' under their name", () => {
    renderHeader(user('customer'));
    fireEvent.click(screen.getByRole('button', { name: 'Dr Smith' }));
    const menu = within(screen.getByRole('menu'));
    expect(menu.getByRole('menuitem', { name: 'Orders' }).getAttribute('href')).toBe('/orders');
    expect(menu.getByRole('menuitem', { name: 'Practice' }).getAttribute('href')).toBe('/practice');
    expect(menu.getByRole('menuitem', { name: 'Order guides' }).getAttribute('href')).toBe('/order-guides');
    expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  });

  it("offers an admin no 'Practice' nor 'Order guides' (admins belong to none, issue 36)", () => {
    renderHeader(user('admin'));
    fireEvent.click(screen.getByRole('button', { name: 'Dr Smith' }));
    expect(within(screen.getByRole('menu')).queryByRole('menuitem', { name: 'Practice' })).toBeNull();
    expect(within(screen.getByRole('menu')).queryByRole('menuitem', { name: 'Order guides' })).toBeNull();
  });

  it("shows an admin 'Admin Panel'", () => {
    renderHeader(user('admin'));
    expect(link('Admin Panel')?.getAttribute('href')).toBe('/admin');
  });

  it('names the cart button with the count it shows', () => {
    const store = renderHeader(null);
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeTruthy();
    act(() => {
      store.dispatch(cartActions.addToCart({ product: { id: 1, name: 'Chair', manufacturer: 'A', price: '10.00', image_url: null }, quantity: 1 }));
    });
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeTruthy();
  });

  it("opens the cart as a dialog named 'Your cart'", () => {
    renderHeader(null);
    fireEvent.click(screen.getByRole('button', { name: 'Cart, 0 items' }));
    expect(screen.getByRole('dialog', { name: 'Your cart' })).toBeTruthy();
  });
});

describe('header below 900 px', () => {
  it("shows 'Open search' and 'Open menu' rather than the wide header's links, name and search field", () => {
    renderHeader(user('admin'), { narrow: true });
    expect(screen.getByRole('button', { name: 'Open search' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
    expect(link('Admin Panel')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    // the wide header is in the server's HTML too, hidden by CSS: nothing to switch after hydration
    expect(document.querySelector('header a[href="/marketplace"]')?.textContent).toBe('Marketplace');
    expectUniqueIds();
  });

  it("opens the search row from 'Open search' (rendered only once opened) and closes it with 'Close search'", () => {
    renderHeader(null, { narrow: true });
    const open = screen.getByRole('button', { name: 'Open search' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('phone-search')).toBeNull();
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(open.getAttribute('aria-controls')).toBe('phone-search');
    expect(within(document.getElementById('phone-search')!).getByRole('combobox', { name: 'Search products' })).toBe(document.activeElement);
    // the wide header's field stays in the page, hidden: one field for the user, and no id twice
    expect(screen.getAllByRole('combobox', { name: 'Search products' })).toHaveLength(1);
    expectUniqueIds();
    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(document.getElementById('phone-search')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it("holds the links, the user's name and 'Sign out' in the 'Open menu' menu", () => {
    renderHeader(user('admin'), { narrow: true });
    expect(link('Marketplace')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dr Smith' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Marketplace' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Admin Panel' })).toBeTruthy();
    expect(within(menu).getByText('Dr Smith')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Orders' }).getAttribute('href')).toBe('/orders');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  });

  it("offers a signed-out visitor 'Find an order' and every visitor 'Dark mode' in the menu (issue 32)", () => {
    renderHeader(null, { narrow: true });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('menuitem', { name: 'Find an order' }).getAttribute('href')).toBe('/orders/lookup');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Dark mode' }).getAttribute('aria-checked')).toBe('false');
  });

  it("offers a signed-out visitor 'Admin Login' in the menu", () => {
    renderHeader(null, { narrow: true });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('menuitem', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Sign out' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Orders' })).toBeNull();
  });
});

describe('while the session is not known yet (a server-rendered page, issue 32)', () => {
  it("keeps the place of 'Admin Login' but shows nothing there: a signed-in shopper never sees it before their name", () => {
    render(header(null, 'loading').ui, screenAt(1280));
    expect(link('Admin Login')).toBeNull();
    const hidden = [...document.querySelectorAll('header a[href="/auth"]')].find((a) => a.textContent === 'Admin Login')!;
    expect(getComputedStyle(hidden).visibility).toBe('hidden');
    expect(hidden.getAttribute('aria-hidden')).toBe('true');
    expect(hidden.getAttribute('tabindex')).toBe('-1');
  });
});

describe("the header's server-rendered HTML", () => {
  // the server knows no width: the browser's first render must be the same on any, and nothing switches after it
  it.each([375, 899, 900, 1280])('hydrates at %i px without a mismatch', async (width) => {
    expect(await hydrateAt(header(null).ui, width)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Open menu' }) === null).toBe(width >= 900);
    expect(link('Marketplace') === null).toBe(width < 900);
  });

  it('hydrates for a signed-in admin without a mismatch', async () => {
    expect(await hydrateAt(header(user('admin')).ui, 375)).toEqual([]);
    expect(await hydrateAt(header(user('admin')).ui, 1280)).toEqual([]);
  });
});
