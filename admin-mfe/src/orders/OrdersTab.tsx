import { Stack } from '@mui/material';
import { Panel } from '../dashboard/Panel.js';
import { OrderStatsCards } from './OrderStatsCards.js';
import { OrdersGrid } from './OrdersGrid.js';

/** The dashboard's Orders tab: the three figures, then every order in the server-side grid. */
export function OrdersTab() {
  return (
    <Stack spacing={3}>
      <OrderStatsCards />
      <Panel title="All Orders" subheader="Search, filter and fulfil every order; export the filtered list as CSV">
        <OrdersGrid />
      </Panel>
    </Stack>
  );
}
