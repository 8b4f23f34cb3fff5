import { Panel } from '../dashboard/Panel.js';
import { CustomersGrid } from './CustomersGrid.js';

/** The dashboard's Customers tab (issue 21): every account in the server-side grid. */
export function CustomersTab() {
  return (
    <Panel title="Customers" subheader="Search accounts, see their orders and spending, disable or enable an account">
      <CustomersGrid />
    </Panel>
  );
}
