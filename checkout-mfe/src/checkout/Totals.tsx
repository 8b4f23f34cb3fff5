import { Box, Divider, Typography } from '@mui/material';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography component="dt" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 400 }} data-testid={`total-${label.toLowerCase()}`}>
        {value}
      </Typography>
    </Box>
  );
}

/** Subtotal, shipping, tax and total (SPEC §9), already formatted: the checkout's summary and an order's page. */
export function Totals({ subtotal, shipping, tax, total }: { subtotal: string; shipping: string; tax: string; total: string }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Row label="Subtotal" value={subtotal} />
      <Row label="Shipping" value={shipping} />
      <Row label="Tax" value={tax} />
      <Divider sx={{ my: 1 }} />
      <Row label="Total" value={total} strong />
    </Box>
  );
}
