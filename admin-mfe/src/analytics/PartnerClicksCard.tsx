import { Box, Button, Typography, useTheme } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { PartnerClicksReport } from '@dentalmarket/contracts';
import { partnerClicksCsvHref, useGetPartnerClicksQuery } from './analyticsApi.js';
import { AnalyticsCard, QueryStates } from './AnalyticsCard.js';
import { count, counted, describeDays } from './analyticsFormat.js';
import { longDay, type DayRange } from './analyticsRange.js';
import { DayChart } from './DayChart.js';
import { FigureTable, ShowAsTable } from './FigureTable.js';

type Partner = { manufacturer: string; clicks: number; others?: true };

/**
 * 'Partner clicks': the clicks counted on partner products' 'View Product' links, per day and per
 * partner (manufacturer), and the range's CSV for a partner's invoice.
 */
export function PartnerClicksCard({ range }: { range: DayRange }) {
  const query = useGetPartnerClicksQuery(range);
  return (
    <AnalyticsCard
      title="Partner clicks"
      action={
        <Button
          component="a"
          href={partnerClicksCsvHref(range)}
          download={`partner-clicks-${range.from}-${range.to}.csv`}
          variant="outlined"
          size="small"
          startIcon={<FileDownloadOutlined />}
        >
          Export CSV
        </Button>
      }
    >
      <QueryStates query={query} what="partner clicks" empty="No partner clicks in this range." isEmpty={(data) => data.total === 0}>
        {(data) => <ClickFigures data={data} />}
      </QueryStates>
    </AnalyticsCard>
  );
}

function ClickFigures({ data }: { data: PartnerClicksReport }) {
  const { palette } = useTheme();
  const days = data.days.map((d) => d.day);
  const clicks = data.days.map((d) => d.clicks);
  const totalText = counted(data.total, 'click');
  const partners: Partner[] = [...data.partners, ...(data.others > 0 ? [{ manufacturer: 'Other partners', clicks: data.others, others: true as const }] : [])];
  const most = Math.max(1, ...partners.map((p) => p.clicks));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>{totalText}</Typography>
      <DayChart title="Clicks per day" description={describeDays(days, clicks, totalText, count)} days={days} values={clicks} color={palette.primary.main} format={count} integer />
      <ShowAsTable
        caption="Partner clicks per day (UTC)"
        columns={[
          { header: 'Day', cell: (d: PartnerClicksReport['days'][number]) => longDay(d.day) },
          { header: 'Clicks', numeric: true, cell: (d) => count(d.clicks) },
        ]}
        rows={data.days}
        rowKey={(d) => d.day}
        maxHeight={320}
      />
      <FigureTable<Partner>
        caption="Clicks per partner, most first"
        columns={[
          { header: 'Partner', cell: (p) => (p.others ? <Typography component="span" sx={{ fontStyle: 'italic' }}>{p.manufacturer}</Typography> : p.manufacturer) },
          {
            header: 'Clicks',
            numeric: true,
            cell: (p) => (
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
                {/* the figure drawn as a bar beside it: decoration, the number is the text */}
                <Box aria-hidden="true" sx={{ width: { xs: 48, sm: 96 }, height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }}>
                  <Box sx={{ width: `${(100 * p.clicks) / most}%`, height: '100%', bgcolor: 'primary.main' }} />
                </Box>
                <Box component="span" sx={{ minWidth: '3ch' }}>
                  {count(p.clicks)}
                </Box>
              </Box>
            ),
          },
        ]}
        rows={partners}
        rowKey={(p) => (p.others ? '\u0000others' : p.manufacturer)}
      />
    </Box>
  );
}
