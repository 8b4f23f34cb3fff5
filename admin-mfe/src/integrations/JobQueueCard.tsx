import { Button, CircularProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import Refresh from '@mui/icons-material/Refresh';
import Schedule from '@mui/icons-material/Schedule';
import type { JobQueueState } from '@dentalmarket/contracts';
import { IntegrationCard } from './IntegrationParts.js';
import { formatCount } from './integrationFormat.js';

const COLUMNS = [
  { key: 'waiting', label: 'Waiting' },
  { key: 'active', label: 'Active' },
  { key: 'retrying', label: 'Retrying' },
  { key: 'failed', label: 'Failed' },
] as const;

/**
 * The background job queues, one row each. 'Refresh' asks at once; the tab also asks every 10 s
 * while it is shown. The table scrolls sideways on a phone; its container takes the keyboard focus
 * so it can be scrolled without a pointer.
 */
export function JobQueueCard({ jobs, refreshing, updatedAt, onRefresh }: { jobs: JobQueueState[]; refreshing: boolean; updatedAt: string | null; onRefresh: () => void }) {
  return (
    <IntegrationCard
      title="Job queue"
      icon={<Schedule color="secondary" aria-hidden />}
      action={
        <Button
          variant="outlined"
          startIcon={refreshing ? <CircularProgress size={16} color="inherit" aria-hidden /> : <Refresh aria-hidden />}
          onClick={() => {
            if (!refreshing) onRefresh();
          }}
        >
          Refresh
        </Button>
      }
    >
      <TableContainer tabIndex={0} role="region" aria-label="Job queues" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" sx={{ minWidth: 480 }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Queue
              </TableCell>
              {COLUMNS.map(({ key, label }) => (
                <TableCell key={key} component="th" scope="col" align="right">
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {jobs.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1}>No job queues yet.</TableCell>
              </TableRow>
            ) : (
              jobs.map((queue) => (
                <TableRow key={queue.name}>
                  <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', fontSize: '0.9rem' }}>
                    {queue.name}
                  </TableCell>
                  {COLUMNS.map(({ key }) => (
                    <TableCell
                      key={key}
                      align="right"
                      // jobs that need a look stand out: failed for good in the error colour, retries in bold
                      sx={{ fontVariantNumeric: 'tabular-nums', ...(queue[key] > 0 && key === 'failed' ? { color: 'error.main', fontWeight: 700 } : queue[key] > 0 && key === 'retrying' ? { fontWeight: 700 } : {}) }}
                    >
                      {formatCount(queue[key])}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="body2" color="text.secondary">
        {updatedAt ? `Updated at ${updatedAt}; refreshed every 10 seconds while this tab is open.` : 'Refreshed every 10 seconds while this tab is open.'}
      </Typography>
    </IntegrationCard>
  );
}
