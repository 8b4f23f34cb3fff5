import { Typography, type Theme } from '@mui/material';
// the shared '@mui/material' facade carries only the first pages' components: the table comes by its paths
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Refresh from '@mui/icons-material/Refresh';
import Schedule from '@mui/icons-material/Schedule';
import type { JobQueueState } from '@dentalmarket/contracts';
import { IntegrationCard, RefreshButton } from './IntegrationParts.js';
import { formatCount } from './integrationFormat.js';

const COLUMNS = [
  { key: 'waiting', label: 'Waiting' },
  { key: 'active', label: 'Active' },
  { key: 'retrying', label: 'Retrying' },
  { key: 'failed', label: 'Failed' },
] as const;

/**
 * A shadow on the side that has more columns out of sight (on a phone): the covers scroll with the
 * content and hide the shadows at either end (background-attachment local over scroll).
 */
const scrollShadows = (theme: Theme) => {
  const paper = theme.palette.background.paper;
  const shade = theme.palette.mode === 'dark' ? 'rgba(255, 255, 255, 0.22)' : 'rgba(0, 0, 0, 0.18)';
  return {
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    '& tbody tr:last-child > *': { borderBottom: 0 },
    background: [
      `linear-gradient(to right, ${paper} 30%, transparent) left / 40px 100% no-repeat local`,
      `linear-gradient(to left, ${paper} 30%, transparent) right / 40px 100% no-repeat local`,
      `radial-gradient(farthest-side at 0 50%, ${shade}, transparent) left / 14px 100% no-repeat scroll`,
      `radial-gradient(farthest-side at 100% 50%, ${shade}, transparent) right / 14px 100% no-repeat scroll`,
      paper,
    ].join(', '),
  };
};

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
      action={<RefreshButton refreshing={refreshing} onRefresh={onRefresh} />}
    >
      <TableContainer tabIndex={0} role="region" aria-label="Jobs per queue" sx={scrollShadows}>
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
                  <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', fontSize: '0.9rem', whiteSpace: 'nowrap' }}>
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
