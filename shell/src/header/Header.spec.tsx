import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from '@mui/material';
import type { User } from '@dentalmarket/contracts';
import { cartActions, makeStore } from '@dentalmarket/store';
import { makeTheme } from '@dentalmarket/ui';
import { Header } from './Header.js';
import { screenWidth } from '@dentalmarket/ui/testing';

const user = (role: User['role']): User => ({ id: 7, username: 'dr.smith', email: 'u@x.example', full_name: 'Dr Smith', role, created_at: '2026-01-01T00:00:00.000Z' });

function renderHeader(signedIn: User | null, { narrow = false } = {}) {
  screenWidth(narrow);
  const store = makeStore({ session: { user: signedIn, status: signedIn ? 'authenticated' : 'anonymous', expired: false } }, { persistCart: false });
  render(
    <Provider store={store}>
      <ThemeProvider theme={makeTheme({ darkMode: false, minimalAnimations: true })}>
        <MemoryRouter>
          <Header />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return store;
}

const link = (name: string) => screen.queryByRole('link', { name });

describe('header at 900 px and wider', () => {
  it("shows 'Admin Login' to a signed-out visitor only", () => {
    renderHeader(null);
    expect(link('Admin Login')).not.toBeNull();
    expect(link('Marketplace')).not.toBeNull();
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
    expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
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

  it("offers a signed-out visitor 'Admin Login' in the menu", () => {
    renderHeader(null, { narrow: true });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('menuitem', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Sign out' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Orders' })).toBeNull();
  });
});
