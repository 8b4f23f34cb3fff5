import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createTheme } from '@mui/material';
import { cartActions, makeStore } from '@dentalmarket/store';
import CartDebugger from './CartDebugger.js';

const renderDebugger = () => {
  const store = makeStore(undefined, { persistCart: false });
  store.dispatch(cartActions.addToCart({ product: { id: 1, name: 'Meridian Chair', price: '18950.00' }, quantity: 2 }));
  render(
    <Provider store={store}>
      <CartDebugger />
    </Provider>,
  );
};

describe('the cart debugger overlay', () => {
  it('names its button with the count it shows', () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('button', { name: 'Show cart debugger, 2 in cart' }));
    expect(screen.getByRole('button', { name: 'Hide cart debugger, 2 in cart' })).toBeTruthy();
  });

  it('lets the keyboard reach the cart contents it scrolls', () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('button', { name: /Show cart debugger/ }));
    const contents = screen.getByRole('region', { name: 'Cart contents' });
    expect(contents.tagName).toBe('PRE');
    expect(contents.tabIndex).toBe(0);
  });

  it('sits under dialogs and drawers, so it never covers their buttons', () => {
    renderDebugger();
    const overlay = screen.getByRole('button', { name: /Show cart debugger/ }).parentElement!;
    const { zIndex } = createTheme();
    const own = Number(getComputedStyle(overlay).zIndex);
    expect(own).toBeGreaterThan(0); // above the page
    expect(own).toBeLessThan(zIndex.drawer);
  });
});
