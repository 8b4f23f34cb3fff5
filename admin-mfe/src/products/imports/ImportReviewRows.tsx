import { useId, useState } from 'react';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ImportReview, ImportReviewGroup, ImportReviewRow } from '@dentalmarket/contracts';
import { figure } from './importText.js';

type ReviewAction = keyof Omit<ImportReview, 'limit'>;

const ACTIONS: readonly ReviewAction[] = ['create', 'update', 'skipped'];

const TEXT: Record<ReviewAction, { tab: string; table: string; none: string }> = {
  create: { tab: 'To create', table: 'Rows to create', none: 'No rows to create.' },
  update: { tab: 'To update', table: 'Rows to update', none: 'No rows to update.' },
  skipped: { tab: 'Skipped', table: 'Skipped rows', none: 'No rows skipped.' },
};

const EXAMPLE_ROW_TEXT = 'Example row — not imported. Edit its name and slug to import it.';

/** The server's reason in the admin's words: the template's example rows are the one kind skipped today. */
function skippedReason(row: ImportReviewRow): string {
  if (!row.reason || /^example row/i.test(row.reason)) return EXAMPLE_ROW_TEXT;
  return row.reason;
}

/** Opens on the first action that has rows: a template uploaded as downloaded opens on its skipped example rows. */
const firstWithRows = (review: ImportReview): ReviewAction => ACTIONS.find((action) => review[action].total > 0) ?? 'create';

export interface ImportReviewRowsProps {
  /** absent from an import checked before the review was kept: nothing is shown */
  review: ImportReview | undefined;
}

/**
 * Issue 32: which rows the apply will create and update and which it skips (the template's example
 * rows), one tab each: the first rows the server lists, with how many more there are. The table
 * scrolls inside itself, so the dialog never scrolls sideways on a phone.
 */
export function ImportReviewRows({ review }: ImportReviewRowsProps) {
  const headingId = useId();
  const ids = useId();
  const [shown, setShown] = useState<ReviewAction | null>(null);
  if (!review) return null;
  const action = shown ?? firstWithRows(review);
  const tabId = (a: ReviewAction) => `${ids}-tab-${a}`;
  const panelId = (a: ReviewAction) => `${ids}-panel-${a}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        Products in the file
      </Typography>
      <Tabs
        value={action}
        onChange={(_event, next: ReviewAction) => setShown(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-labelledby={headingId}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {ACTIONS.map((a) => (
          <Tab key={a} value={a} id={tabId(a)} aria-controls={panelId(a)} label={`${TEXT[a].tab} (${figure(review[a].total)})`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(action)} aria-labelledby={tabId(action)} sx={{ pt: 1 }}>
        <ReviewGroup action={action} group={review[action]} />
      </Box>
    </Box>
  );
}

function ReviewGroup({ action, group }: { action: ReviewAction; group: ImportReviewGroup }) {
  const skipped = action === 'skipped';
  const more = group.total - group.rows.length;
  if (group.total === 0) return <Typography color="text.secondary">{TEXT[action].none}</Typography>;
  return (
    <>
      {group.rows.length ? (
        // reachable and scrollable by keyboard when it scrolls; named like its table
        <TableContainer
          tabIndex={0}
          role="group"
          aria-label={TEXT[action].table}
          sx={{ maxHeight: 320, '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          <Table size="small" stickyHeader aria-label={TEXT[action].table} sx={{ tableLayout: 'fixed', minWidth: skipped ? 420 : 280 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 64 }}>Line</TableCell>
                <TableCell>Slug</TableCell>
                <TableCell>Name</TableCell>
                {skipped ? <TableCell>Reason</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {group.rows.map((row) => (
                <TableRow key={row.line}>
                  <TableCell>{figure(row.line)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.slug ?? '—'}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.name ?? '—'}</TableCell>
                  {skipped ? <TableCell sx={{ overflowWrap: 'anywhere' }}>{skippedReason(row)}</TableCell> : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {more > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {group.rows.length ? `and ${figure(more)} more` : `${figure(more)} ${more === 1 ? 'row' : 'rows'}, not listed for this import.`}
        </Typography>
      ) : null}
    </>
  );
}
