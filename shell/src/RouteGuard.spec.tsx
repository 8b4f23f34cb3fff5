import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { User } from '@dentalmarket/contracts';
import { initialSessionState, makeStore, type SessionState } from '@dentalmarket/store';
import { RouteGuard } from './RouteGuard.js';

const user = (role: User['role']): User => ({ id: 7, username: 'u', email: 'u@x.example', full_name: null, role, created_at: '2026-01-01T00:00:00.000Z' });

function renderAdminRoute(session: SessionState) {
  const store = makeStore({ session }, { persistCart: false });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/admin']}>
        <Routes>
          <Route path="/" element={<p>home page</p>} />
          <Route path="/auth" element={<p>auth page</p>} />
          <Route
            path="/admin"
            element={
              <RouteGuard requireAdmin>
                <p>admin page</p>
              </RouteGuard>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('RouteGuard (SPEC §2)', () => {
  it('shows a spinner while the session loads', () => {
    renderAdminRoute(initialSessionState);
    expect(screen.getByRole('progressbar', { name: 'Loading session' })).toBeTruthy();
    expect(screen.queryByText('admin page')).toBeNull();
  });

  it('redirects a visitor without a user to /auth', () => {
    renderAdminRoute({ user: null, status: 'anonymous', expired: false });
    expect(screen.getByText('auth page')).toBeTruthy();
  });

  it('redirects a customer away from an admin route to /', () => {
    renderAdminRoute({ user: user('customer'), status: 'authenticated', expired: false });
    expect(screen.getByText('home page')).toBeTruthy();
  });

  it('renders the page for an admin', () => {
    renderAdminRoute({ user: user('admin'), status: 'authenticated', expired: false });
    expect(screen.getByText('admin page')).toBeTruthy();
  });
});
