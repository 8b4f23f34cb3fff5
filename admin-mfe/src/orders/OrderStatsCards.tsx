import { useId, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { formatUsd, toCents } from '@dentalmarket/contracts';
import { useGetOrderStatsQuery } from '@dentalmarket/store';

/** One figure card: a section named by its heading, so each figure can be reached and told apart. */
function Figure({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" color="text.secondary" sx={{ fontSize: '0.95rem', fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const big = { fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 } as const;

/**
 * Issue 18's dashboard figures: orders today, revenue this month (exact cents), the five best sellers
 * of 30 days; and issue 36's overdue invoices, whose button filters the grid below to them.
 */
export function OrderStatsCards() {
  const { data, isError } = useGetOrderStatsQuery();
  const [, setParams] = useSearchParams();
  const pending = isError ? 'Not available' : '…';
  const showOverdue = () =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('overdue', 'true');
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr 2fr' } }}>
      <Figure title="Orders today">
        <Typography sx={big}>{data ? data.orders_today.toLocaleString('en-US') : pending}</Typography>
      </Figure>
      <Figure title="Revenue this month">
        <Typography sx={big}>{data ? formatUsd(toCents(data.revenue_this_month)) : pending}</Typography>
      </Figure>
      <Figure title="Overdue invoices">
        <Typography sx={big}>{data ? data.overdue_invoices.toLocaleString('en-US') : pending}</Typography>
        {data ? (
          <>
            <Typography color="text.secondary">{formatUsd(toCents(data.overdue_amount))} outstanding</Typography>
            {data.overdue_invoices > 0 ? (
              <Button size="small" onClick={showOverdue} sx={{ mt: 1, ml: -1 }}>
                Show overdue invoices
              </Button>
            ) : null}
          </>
        ) : null}
      </Figure>
      <Figure title="Best sellers, last 30 days">
        {data && data.best_sellers.length === 0 ? <Typography color="text.secondary">No sales in the last 30 days.</Typography> : null}
        {data ? (
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {data.best_sellers.slice(0, 5).map((product) => (
              <Box component="li" key={product.product_id} sx={{ py: 0.25 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>{product.name}</Typography>
                  <Typography component="span" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {product.quantity} sold
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        ) : (
          <Typography sx={big}>{pending}</Typography>
        )}
      </Figure>
    </Box>
  );
}
