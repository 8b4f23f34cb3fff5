import type { ServiceRequest } from '@dentalmarket/contracts';
import { useGetAdminServiceRequestQuery } from '@dentalmarket/store';
import { WorkflowDrawer, type RecordDrawerProps } from '../WorkflowDrawer.js';
import { ServiceRequestDetails } from './ServiceRequestDetails.js';
import { ServiceRequestStatusActions } from './ServiceRequestStatusActions.js';
import { ServiceRequestStatusChip } from './ServiceRequestStatusChip.js';

/** One service request from the admin grid: its workflow, every field the shopper sent, the quote and the history. */
export function ServiceRequestDrawer(props: RecordDrawerProps) {
  return (
    <WorkflowDrawer<ServiceRequest> {...props} name="Service request" useRecord={useGetAdminServiceRequestQuery} StatusChip={ServiceRequestStatusChip} createdLabel="Received">
      {(request) => (
        <>
          <ServiceRequestStatusActions request={request} />
          <ServiceRequestDetails request={request} />
        </>
      )}
    </WorkflowDrawer>
  );
}
