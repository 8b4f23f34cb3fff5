import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useSearchParams } from 'react-router';
import { Panel } from '../dashboard/Panel.js';
import { OrderStatsCards } from './OrderStatsCards.js';
import { OrdersGrid } from './OrdersGrid.js';
import { ServiceRequestsView } from './serviceRequests/ServiceRequestsView.js';

type OrdersView = 'orders' | 'service-requests';

/**
 * The dashboard's Orders tab, in two views: the orders (the three figures, then every order in the
 * server-side grid), shown first, and the service requests (issue 21). Buttons, not tabs, switch
 * them: the dashboard's own tab row already holds 'Orders'. The view is kept in the address
 * (?tab=orders&view=service-requests) so a reload or a shared link shows it; switching replaces the
 * entry (Back leaves the tab rather than stepping through the switches) and drops any open drawer's key.
 */
export function OrdersTab() {
  const [params, setParams] = useSearchParams();
  const view: OrdersView = params.get('view') === 'service-requests' ? 'service-requests' : 'orders';
  const setView = (next: OrdersView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'orders') updated.delete('view');
        else updated.set('view', next);
        // the drawers' keys (useDrawerParam in each grid) belong to the view left
        updated.delete('order');
        updated.delete('request');
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
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
