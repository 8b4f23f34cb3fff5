import { useState } from 'react';
import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { Panel } from '../dashboard/Panel.js';
import { OrderStatsCards } from './OrderStatsCards.js';
import { OrdersGrid } from './OrdersGrid.js';
import { ServiceRequestsView } from './serviceRequests/ServiceRequestsView.js';

type OrdersView = 'orders' | 'service-requests';

/**
 * The dashboard's Orders tab, in two views: the orders (the three figures, then every order in the
 * server-side grid), shown first, and the service requests (issue 21). Buttons, not tabs, switch
 * them: the dashboard's own tab row already holds 'Orders'.
 */
export function OrdersTab() {
  const [view, setView] = useState<OrdersView>('orders');
  return (
    <Stack spacing={3}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={view}
        // a second press on the shown view would unselect it: a view is always shown
        onChange={(_event, next: OrdersView | null) => next && setView(next)}
        aria-label="Show"
        sx={{ alignSelf: 'flex-start' }}
      >
        <ToggleButton value="orders">Orders</ToggleButton>
        <ToggleButton value="service-requests">Service requests</ToggleButton>
      </ToggleButtonGroup>
      {view === 'orders' ? (
        <>
          <OrderStatsCards />
          <Panel title="All Orders" subheader="Search, filter and fulfil every order; export the filtered list as CSV">
            <OrdersGrid />
          </Panel>
        </>
      ) : (
        <ServiceRequestsView />
      )}
    </Stack>
  );
}
