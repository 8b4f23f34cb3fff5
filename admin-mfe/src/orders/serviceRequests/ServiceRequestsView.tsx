import { Panel } from '../../dashboard/Panel.js';
import { ServiceRequestsGrid } from './ServiceRequestsGrid.js';

/** The Orders tab's second view (issue 21): every service request shoppers sent, in the server-side grid. */
export function ServiceRequestsView() {
  return (
    <Panel title="Service requests" subheader="Requests for services from the shop: contact the practice, send a quote, and mark each won or lost">
      <ServiceRequestsGrid />
    </Panel>
  );
}
