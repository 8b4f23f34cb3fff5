import { Box, Typography, useTheme } from '@mui/material';
import type { OrdersPerDay } from '@dentalmarket/contracts';
import { useGetOrdersPerDayQuery } from './analyticsApi.js';
import { AnalyticsCard, QueryStates } from './AnalyticsCard.js';
import { count, counted, describeDays, usd, usdCompact, usdOfNumber } from './analyticsFormat.js';
import { longDay, type DayRange } from './analyticsRange.js';
import { DayChart } from './DayChart.js';
import { ShowAsTable } from './FigureTable.js';

type Day = OrdersPerDay['days'][number];

/** 'Orders and revenue': the range's totals, orders per day and revenue per day (cancelled orders earn nothing). */
export function OrdersCard({ range }: { range: DayRange }) {
  const query = useGetOrdersPerDayQuery(range);
  return (
    <AnalyticsCard title="Orders and revenue">
      <QueryStates query={query} what="orders and revenue" empty="No orders in this range." isEmpty={(data) => data.totals.orders === 0}>
        {(data) => <OrdersFigures data={data} />}
      </QueryStates>
    </AnalyticsCard>
  );
}

function OrdersFigures({ data }: { data: OrdersPerDay }) {
  const { palette } = useTheme();
  const days = data.days.map((d) => d.day);
  const orders = data.days.map((d) => d.orders);
  const revenue = data.days.map((d) => Number(d.revenue));
  const ordersText = counted(data.totals.orders, 'order');
  const revenueText = usd(data.totals.revenue);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        {ordersText}, {revenueText} revenue
      </Typography>
      <DayChart
        title="Orders per day"
        description={describeDays(days, orders, ordersText, count)}
        days={days}
        values={orders}
        color={palette.primary.main}
        format={count}
        integer
      />
      <DayChart
        title="Revenue per day"
        description={describeDays(days, revenue, `${revenueText} revenue`, usdOfNumber)}
        days={days}
        values={revenue}
        color={palette.secondary.main}
        format={usdOfNumber}
        axisFormat={usdCompact}
      />
      <ShowAsTable<Day>
        caption="Orders and revenue per day (UTC)"
        columns={[
          { header: 'Day', cell: (d) => longDay(d.day) },
          { header: 'Orders', numeric: true, cell: (d) => count(d.orders) },
          { header: 'Revenue', numeric: true, cell: (d) => usd(d.revenue) },
        ]}
        rows={data.days}
        rowKey={(d) => d.day}
        maxHeight={320}
      />
    </Box>
  );
}
