import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useSearchParams } from 'react-router';
import * as Yup from 'yup';
import type { Order } from '@dentalmarket/contracts';
import { errorText, useLookupOrderMutation } from '@dentalmarket/store';
import { FocusFirstError, FormikTextField } from '@dentalmarket/ui/forms';
import { OrderDetails } from './OrderDetails.js';

export const NO_MATCH = 'No order matches that number and email.';

export const lookupSchema = Yup.object({
  number: Yup.string().trim().required('Order number is required'),
  email: Yup.string().trim().email('Valid email is required').required('Valid email is required'),
});

type Outcome = { order: Order } | { message: string } | null;

/**
 * /orders/lookup: a guest (or anyone) finds an order by its number and the email it was placed
 * with. The completion view links here with the number filled in. The order found shows under the
 * form, its heading taking focus; a miss says so in an alert the screen reader announces.
 */
export default function OrderLookup() {
  const [params] = useSearchParams();
  const [lookup] = useLookupOrderMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const orderHeading = useRef<HTMLHeadingElement>(null);
  const found = outcome && 'order' in outcome ? outcome.order : null;
  useEffect(() => {
    if (found) orderHeading.current?.focus();
  }, [found]);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h2" component="h1">
        Find your order
      </Typography>
      <Card component="section" aria-label="Order lookup" sx={{ maxWidth: 560, width: '100%' }}>
        <CardContent>
          <Typography sx={{ mb: 2 }}>
            Enter the order number from your confirmation email and the email address you used at checkout.
          </Typography>
          <Formik
            initialValues={{ number: params.get('number') ?? '', email: '' }}
            validationSchema={lookupSchema}
            onSubmit={async (values) => {
              const result = await lookup({ number: values.number.trim().toUpperCase(), email: values.email.trim() });
              if (result.data) setOutcome({ order: result.data });
              else {
                const status = result.error && 'status' in result.error ? result.error.status : undefined;
                setOutcome({ message: status === 404 ? NO_MATCH : `The order could not be looked up (${errorText(result.error)}).` });
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate aria-label="Find your order">
                <FocusFirstError />
                <Box sx={{ display: 'grid', gap: 2 }}>
                  <FormikTextField name="number" label="Order number" autoComplete="off" placeholder="DM-7K3QX9" />
                  <FormikTextField name="email" label="Email" type="email" autoComplete="email" inputMode="email" />
                  <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ justifySelf: 'start' }}>
                    {isSubmitting ? 'Finding...' : 'Find order'}
                  </Button>
                </Box>
              </Form>
            )}
          </Formik>
        </CardContent>
      </Card>
      {outcome && 'message' in outcome && (
        <Alert severity={outcome.message === NO_MATCH ? 'info' : 'error'} role="alert" sx={{ maxWidth: 560 }}>
          {outcome.message}
        </Alert>
      )}
      {found && <OrderDetails ref={orderHeading} order={found} level={2} />}
    </Box>
  );
}
