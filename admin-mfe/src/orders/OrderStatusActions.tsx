import * as Yup from 'yup';
import { ORDER_TRANSITIONS, type Order, type OrderStatusChange } from '@dentalmarket/contracts';
import { useChangeOrderStatusMutation } from '@dentalmarket/store';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { STATUS_LABELS, TRANSITION_LABELS } from './orderFormat.js';
import { optional, statusQuestion, WorkflowStatusActions } from './WorkflowStatusActions.js';

/** Shipping may name the carrier and the tracking number; both are optional. */
const shippedSchema = Yup.object({ carrier: Yup.string().trim().max(100), tracking_number: Yup.string().trim().max(100) });
/** A cancellation is kept with its reason (issue 18): the shopper's email says why. */
const cancelSchema = Yup.object({ note: Yup.string().trim().required('Reason is required').max(500) });

const QUESTIONS = {
  shipped: statusQuestion<OrderStatusChange, { carrier: string; tracking_number: string }>({
    title: 'Mark as shipped',
    submitLabel: 'Mark as shipped',
    initialValues: { carrier: '', tracking_number: '' },
    validationSchema: shippedSchema,
    toChange: (values) => ({ status: 'shipped', carrier: optional(values.carrier), tracking_number: optional(values.tracking_number) }),
    fields: (
      <>
        <FormikTextField name="carrier" label="Carrier (optional)" fullWidth autoFocus />
        <FormikTextField name="tracking_number" label="Tracking number (optional)" fullWidth />
      </>
    ),
  }),
  cancelled: statusQuestion<OrderStatusChange, { note: string }>({
    title: 'Cancel order',
    submitLabel: 'Cancel order',
    cancelLabel: 'Keep order',
    initialValues: { note: '' },
    validationSchema: cancelSchema,
    toChange: (values) => ({ status: 'cancelled', note: values.note }),
    fields: <FormikTextField name="note" label="Reason" required fullWidth multiline minRows={2} autoFocus />,
  }),
};

/**
 * The order's status workflow: a button for each change ORDER_TRANSITIONS allows from the order's
 * status; shipping asks for the carrier and tracking number, a cancellation for its reason.
 */
export function OrderStatusActions({ order }: { order: Order }) {
  return (
    <WorkflowStatusActions
      number={order.number}
      next={ORDER_TRANSITIONS[order.status]}
      transitionLabels={TRANSITION_LABELS}
      statusLabels={STATUS_LABELS}
      ending="cancelled"
      questions={QUESTIONS}
      mutation={useChangeOrderStatusMutation()}
      updatedTitle="Order Updated"
      failureFallback="Failed to update order status"
    />
  );
}
