import { Box, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { AnalyticsRangeControl } from './AnalyticsRangeControl.js';
import { rangeFromParams, utcDay, type DayRange } from './analyticsRange.js';
import { OrdersCard } from './OrdersCard.js';
import { PartnerClicksCard } from './PartnerClicksCard.js';
import { NoResultsCard, TopSearchesCard } from './SearchCards.js';

/**
 * Issue 21, the admin's Analytics tab: orders and revenue, partner clicks, top searches and searches
 * with no results over a range of UTC days (the last 30 by default). The range is kept in the address
 * beside the tab (?tab=analytics&from=…&to=…), so a reload or a shared link shows the same figures.
 */
export default function AnalyticsTab() {
  const [params, setParams] = useSearchParams();
  const today = utcDay();
  const range = rangeFromParams(params, today);
  const setRange = (next: DayRange) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('from', next.from);
        updated.set('to', next.to);
        return updated;
      },
      { replace: true },
    );
  return (
    <Stack spacing={3}>
      <Stack spacing={2}>
        <Typography variant="h3" component="h2">
          Analytics
        </Typography>
        <AnalyticsRangeControl range={range} onChange={setRange} today={today} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }}}>
        <OrdersCard range={range} />
        <PartnerClicksCard range={range} />
        <TopSearchesCard range={range} />
        <NoResultsCard range={range} />
      </Box>
    </Stack>
  );
}
