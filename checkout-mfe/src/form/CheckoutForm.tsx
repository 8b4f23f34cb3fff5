import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { formatUsd, orderTotals, type ShippingAddress } from '@dentalmarket/contracts';
import { selectCartSubtotalCents, selectCurrentUser, useAppSelector, useGetMyOrdersQuery, useGetOrderQuery } from '@dentalmarket/store';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { checkoutSchemaFor, initialCheckoutValues, type CheckoutValues } from './checkoutSchema.js';
import { FocusFirstError } from './FocusFirstError.js';
import { InvoiceCard, PurchaseOrderCard, usePracticeOrdering } from './PurchaseOrderCard.js';
import { ShipToSelect } from './ShipToSelect.js';
import { useGetAddressesQuery } from '../practice/addressBookApi.js';

/** Two columns from `sm` up; minmax(0, …) so a long value never widens the form past its column. */
const fieldGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } } as const;

/** Digits only, as a card number or CVC is typed (spaces and dashes dropped). */
const digitsOnly = (max: number) => (value: string) => value.replace(/\D/g, '').slice(0, max);

/** MM/YY as it is typed: "0528" becomes "05/28". */
const expiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

const SHIPPING_FIELDS = ['fullName', 'email', 'address', 'city', 'state', 'zipCode'] as const satisfies ReadonlyArray<keyof ShippingAddress>;
const ADDRESS_FIELDS: ReadonlySet<string> = new Set(['address', 'city', 'state', 'zipCode']);

/**
 * A signed-in shopper's checkout starts filled in (issue 32; the service-request dialog already
 * was): name and email from the account, the address from their latest order. Only fields still
 * empty and untouched are filled, each once, so nothing the shopper typed is overwritten. A
 * practice member whose practice has an address book starts at its default instead (ShipToSelect,
 * which replaces an address filled in from the order, never one typed).
 */
function PrefillFromAccount() {
  const user = useAppSelector(selectCurrentUser);
  const { data: mine } = useGetMyOrdersQuery({ page: 1, limit: 1 }, { skip: !user });
  const latest = mine?.orders[0]?.number;
  const { data: order } = useGetOrderQuery(latest ?? '', { skip: !latest });
  const practice = usePracticeOrdering();
  const { data: book } = useGetAddressesQuery(undefined, { skip: !practice });
  const addressFromOrder = !book?.length;
  const { values, touched, setFieldValue } = useFormikContext<CheckoutValues>();
  const filled = useRef(new Set<string>());
  useEffect(() => {
    if (!user) return;
    const source: Partial<ShippingAddress> = { ...order?.shipping, ...(user.full_name ? { fullName: user.full_name } : {}), email: user.email };
    for (const field of SHIPPING_FIELDS) {
      const value = source[field];
      if (!value || filled.current.has(field) || values[field] !== '' || touched[field] || (ADDRESS_FIELDS.has(field) && !addressFromOrder)) continue;
      filled.current.add(field);
      void setFieldValue(field, value, false);
    }
  }, [user, order, values, touched, setFieldValue, addressFromOrder]);
  return null;
}

/** The order's total beside its button: on a phone the summary is below the form, out of sight when the shopper confirms. */
function TotalBesideButton({ taxExempt }: { taxExempt: boolean }) {
  const subtotal = useAppSelector(selectCartSubtotalCents);
  return (
    <Box sx={{ display: { xs: 'flex', md: 'none' }, justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography sx={{ fontWeight: 600 }}>Total</Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }} data-testid="total-beside-button">
        {formatUsd(orderTotals(subtotal, taxExempt).total)}
      </Typography>
    </Box>
  );
}

/**
 * SPEC §2 Checkout, state 2: the Shipping Information and Payment Information cards. The values
 * live in Formik's component state only: never in the Redux store, browser storage or a log, and
 * they are cleared after the order completes.
 */
export function CheckoutForm({ onSubmit }: { onSubmit: (values: CheckoutValues, helpers: FormikHelpers<CheckoutValues>) => Promise<void> }) {
  const fields = useRef<HTMLDivElement>(null);
  const practice = usePracticeOrdering();
  // issue 36: a practice on invoice terms checks out without card fields
  const invoice = practice?.payment_terms === 'invoice';
  return (
    <Formik initialValues={initialCheckoutValues} validationSchema={checkoutSchemaFor(practice?.po_required ?? false, invoice)} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Checkout" autoComplete="on">
          <FocusFirstError within={fields} />
          <PrefillFromAccount />
          <Box ref={fields} sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
            <Card component="section" aria-labelledby="shipping-heading">
              <CardContent sx={fieldGrid}>
                <Typography id="shipping-heading" variant="h3" component="h2" sx={{ gridColumn: '1 / -1' }}>
                  Shipping Information
                </Typography>
                {practice ? <ShipToSelect practice={practice} /> : null}
                <FormikTextField name="fullName" label="Full Name" autoComplete="shipping name" sx={{ gridColumn: '1 / -1' }} />
                <FormikTextField name="email" label="Email" type="email" autoComplete="email" inputMode="email" sx={{ gridColumn: '1 / -1' }} />
                <FormikTextField name="address" label="Address" autoComplete="shipping street-address" sx={{ gridColumn: '1 / -1' }} />
                <FormikTextField name="city" label="City" autoComplete="shipping address-level2" />
                <FormikTextField name="state" label="State" autoComplete="shipping address-level1" />
                <FormikTextField name="zipCode" label="ZIP Code" autoComplete="shipping postal-code" inputMode="numeric" />
              </CardContent>
            </Card>
            {practice ? <PurchaseOrderCard practice={practice} /> : null}
            {invoice ? <InvoiceCard practice={practice!} /> : (
            <Card component="section" aria-labelledby="payment-heading">
              <CardContent sx={fieldGrid}>
                <Typography id="payment-heading" variant="h3" component="h2" sx={{ gridColumn: '1 / -1' }}>
                  Payment Information
                </Typography>
                <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
                  Development mode: this is a placeholder for a card payment provider. No card is charged and nothing is sent anywhere.
                </Alert>
                <FormikTextField name="cardHolder" label="Cardholder Name" autoComplete="cc-name" sx={{ gridColumn: '1 / -1' }} />
                <FormikTextField
                  name="cardNumber"
                  label="Card Number"
                  autoComplete="cc-number"
                  inputMode="numeric"
                  transform={digitsOnly(16)}
                  sx={{ gridColumn: '1 / -1' }}
                />
                <FormikTextField name="cardExpiry" label="Expiry Date" placeholder="MM/YY" autoComplete="cc-exp" inputMode="numeric" transform={expiry} />
                <FormikTextField name="cardCvc" label="CVC" type="password" autoComplete="cc-csc" inputMode="numeric" transform={digitsOnly(4)} />
              </CardContent>
            </Card>
            )}
            <TotalBesideButton taxExempt={practice?.tax_exempt_now ?? false} />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {isSubmitting ? 'Processing...' : 'Complete Order'}
            </Button>
          </Box>
        </Form>
      )}
    </Formik>
  );
}
