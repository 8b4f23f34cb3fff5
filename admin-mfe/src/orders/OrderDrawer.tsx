import type { Order } from '@dentalmarket/contracts';
import { useGetAdminOrderQuery } from '@dentalmarket/store';
import { InvoiceSection } from './invoices/InvoiceSection.js';
import { OrderDetails } from './OrderDetails.js';
import { OrderStatusActions } from './OrderStatusActions.js';
import { OrderStatusChip } from './OrderStatusChip.js';
import { WorkflowDrawer, type RecordDrawerProps } from './WorkflowDrawer.js';

/** One order from the admin grid: its status workflow, its invoice (issue 36), lines, address, totals and history. */
export function OrderDrawer(props: RecordDrawerProps) {
  return (
    <WorkflowDrawer<Order> {...props} name="Order" useRecord={useGetAdminOrderQuery} StatusChip={OrderStatusChip} createdLabel="Ordered">
      {(order) => (
        <>
          <OrderStatusActions order={order} />
          <InvoiceSection order={order} />
          <OrderDetails order={order} />
        </>
      )}
    </WorkflowDrawer>
  );
}
