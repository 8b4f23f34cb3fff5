/** Spec support only (never imported by app code, so never built): the Orders tab inside a router whose address the spec reads. */
import { act } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { renderWithStore } from '../categories/testSupport.js';
import { OrdersTab } from './OrdersTab.js';

let navigateInSpec: NavigateFunction | null = null;
let addressInSpec = '';

/** Where the tab has put its view and open drawer (the address's query), and the browser's Back. */
function Address() {
  const { search } = useLocation();
  navigateInSpec = useNavigate();
  addressInSpec = search;
  return null;
}

/** The Orders tab at `address` (the admin page with its tab in the query, as the dashboard opens it), after the entries `before` in the history. */
export function renderOrdersTab(address = '/admin?tab=orders', before: string[] = []) {
  return renderWithStore(
    <MemoryRouter initialEntries={[...before, address]}>
      <OrdersTab />
      <Address />
    </MemoryRouter>,
    null,
  );
}

/** The address's query as the tab left it. */
export const address = () => new URLSearchParams(addressInSpec);

/** The browser's Back (or Forward with 1). */
export const goBack = (steps = -1) => act(() => navigateInSpec!(steps));
