import { Typography } from '@mui/material';
import type { ShippingAddress } from '@dentalmarket/contracts';

/** An order's shipping address as a postal block (an <address>): name, street, city line, email. */
export function AddressBlock({ shipping }: { shipping: ShippingAddress }) {
  return (
    <Typography component="address" sx={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
      {shipping.fullName}
      <br />
      {shipping.address}
      <br />
      {shipping.city}, {shipping.state} {shipping.zipCode}
      <br />
      {shipping.email}
    </Typography>
  );
}
