import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { User } from '@dentalmarket/contracts';
import { makeStore, sessionActions } from '@dentalmarket/store';
import { OrderCompleted } from './OrderCompleted.js';

const renderCompleted = (user: User | null) => {
  const store = makeStore(undefined, { persistCart: false });
  store.dispatch(sessionActions.setUser(user));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <OrderCompleted order={{ number: 'DM-7K3QX9', email: 'jane@example.com' }} />
      </MemoryRouter>
    </Provider>,
  );
};

const customer: User = { id: 7, username: 'jane', email: 'jane@example.com', full_name: 'Jane Smith', role: 'customer', created_at: '2026-01-01T00:00:00Z' };

describe('the completed order', () => {
  it("moves focus to the 'Order Completed!' heading, not <body>", () => {
    renderCompleted(null);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Order Completed!' }));
  });

  it("links a guest to the lookup with the order's number filled in", () => {
    renderCompleted(null);
    expect(screen.getByRole('link', { name: 'DM-7K3QX9' }).getAttribute('href')).toBe('/orders/lookup?number=DM-7K3QX9');
    expect(screen.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe('/orders/lookup?number=DM-7K3QX9');
  });

  it('links a signed-in shopper to their order', () => {
    renderCompleted(customer);
    expect(screen.getByRole('link', { name: 'DM-7K3QX9' }).getAttribute('href')).toBe('/orders/DM-7K3QX9');
  });
});

describe('an order submitted for approval (issue 36)', () => {
  it("says 'Submitted for approval', not completed, and that an owner was asked", () => {
    const store = makeStore(undefined, { persistCart: false });
    store.dispatch(sessionActions.setUser(customer));
    render(
      <Provider store={store}>
        <MemoryRouter>
          <OrderCompleted order={{ number: 'DM-7K3QX9', email: 'jane@example.com', status: 'awaiting_approval' }} />
        </MemoryRouter>
      </Provider>,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Submitted for approval' }));
    expect(screen.getByText(/An owner of your practice has been emailed to approve it/)).toBeTruthy();
    expect(screen.queryByText('A confirmation email has been sent to you.')).toBeNull();
  });
});
