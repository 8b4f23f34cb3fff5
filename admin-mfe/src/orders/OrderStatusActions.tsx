import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import * as Yup from 'yup';
import { ORDER_TRANSITIONS, type Order, type OrderStatus, type OrderStatusChange } from '@dentalmarket/contracts';
import { useChangeOrderStatusMutation } from '@dentalmarket/store';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { FormDialog } from '../categories/FormDialog.js';
import { useAdminToast } from '../categories/useAdminToast.js';
import { STATUS_LABELS, TRANSITION_LABELS } from './orderFormat.js';

/** Shipping may name the carrier and the tracking number; both are optional. */
const shippedSchema = Yup.object({ carrier: Yup.string().trim().max(100), tracking_number: Yup.string().trim().max(100) });
/** A cancellation is kept with its reason (issue 18): the shopper's email says why. */
const cancelSchema = Yup.object({ note: Yup.string().trim().required('Reason is required').max(500) });

/**
 * The status workflow: a button for each change ORDER_TRANSITIONS allows from the order's status and
 * no other. A 409 (the order moved on elsewhere) is told in a toast; the order is then fetched afresh.
 */
export function OrderStatusActions({ order }: { order: Order }) {
  const [changeStatus, { isLoading }] = useChangeOrderStatusMutation();
  const toast = useAdminToast();
  const [asking, setAsking] = useState<'shipped' | 'cancelled' | null>(null);
  const next = ORDER_TRANSITIONS[order.status];

  const change = async (body: OrderStatusChange): Promise<boolean> => {
    try {
      await changeStatus({ number: order.number, ...body }).unwrap();
      toast.success('Order Updated', `${order.number} is now ${STATUS_LABELS[body.status].toLowerCase()}.`);
      return true;
    } catch (error) {
      toast.failure(adminErrorMessage(error, 'Failed to update order status'));
      // the dialog closes either way: after a 409 its question no longer applies to the order as it is now
      setAsking(null);
      return false;
    }
  };
  const choose = (status: OrderStatus) => (status === 'shipped' || status === 'cancelled' ? setAsking(status) : void change({ status }));
  const optional = (value?: string) => (value ? value : undefined);

  return (
    <Box component="section" aria-label="Status">
      {next.length ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {next.map((status) => (
            <Button
              key={status}
              variant={status === 'cancelled' ? 'outlined' : 'contained'}
              color={status === 'cancelled' ? 'error' : 'primary'}
              disabled={isLoading}
              onClick={() => choose(status)}
            >
              {TRANSITION_LABELS[status]}
            </Button>
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">No further status changes.</Typography>
      )}
      <FormDialog
        open={asking === 'shipped'}
        title="Mark as shipped"
        submitLabel="Mark as shipped"
        initialValues={{ carrier: '', tracking_number: '' }}
        validationSchema={shippedSchema}
        onSubmit={(values) => change({ status: 'shipped', carrier: optional(values.carrier), tracking_number: optional(values.tracking_number) })}
        onClose={() => setAsking(null)}
      >
        <FormikTextField name="carrier" label="Carrier (optional)" fullWidth autoFocus />
        <FormikTextField name="tracking_number" label="Tracking number (optional)" fullWidth />
      </FormDialog>
      <FormDialog
        open={asking === 'cancelled'}
        title="Cancel order"
        submitLabel="Cancel order"
        cancelLabel="Keep order"
        initialValues={{ note: '' }}
        validationSchema={cancelSchema}
        onSubmit={(values) => change({ status: 'cancelled', note: values.note })}
        onClose={() => setAsking(null)}
      >
        <FormikTextField name="note" label="Reason" required fullWidth multiline minRows={2} autoFocus />
      </FormDialog>
    </Box>
  );
}
