import { Box, Typography } from '@mui/material';

function Row({ label, value, strong = false, note }: { label: string; value: string; strong?: boolean; note?: string | null }) {
  return (
    // a <div> holding one dt with its dd(s) is allowed in a <dl>; the total's rule is its top border (an <hr> is not)
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2, py: 0.5, ...(strong && { borderTop: 1, borderColor: 'divider', mt: 1, pt: 1.5 }) }}>
      <Typography component="dt" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 400 }} data-testid={`total-${label.toLowerCase()}`}>
        {value}
      </Typography>
      {note ? (
        <Typography component="dd" variant="body2" color="text.secondary" data-testid={`${label.toLowerCase()}-note`} sx={{ m: 0, flexBasis: '100%' }}>
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Subtotal, shipping, tax and total (SPEC §9), already formatted: the checkout's summary and an
 * order's page; `taxNote` says why the tax is what it is (issue 36: a tax-exempt practice's certificate).
 */
export function Totals({ subtotal, shipping, tax, total, taxNote }: { subtotal: string; shipping: string; tax: string; total: string; taxNote?: string | null }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Row label="Subtotal" value={subtotal} />
      <Row label="Shipping" value={shipping} />
      <Row label="Tax" value={tax} note={taxNote} />
      <Row label="Total" value={total} strong />
    </Box>
  );
}
