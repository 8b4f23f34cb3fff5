import type { ComponentType, ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { DetailDrawer, DrawerLoading, useLastShown } from '../dashboard/DetailDrawer.js';
import { formatDateTime } from './orderFormat.js';

/** What a grid gives the drawer of its rows. */
export interface RecordDrawerProps {
  /** the record shown; null closes the drawer */
  number: string | null;
  onClose: () => void;
  /** after the closing transition: the caller gives focus back (the opener may have left the page) */
  onClosed: () => void;
}

/** A record with a status workflow (an order, a service request), as its drawer's query returns it. */
interface WorkflowRecord {
  number: string;
  status: string;
  created_at: string;
}

export interface WorkflowDrawerProps<R extends WorkflowRecord> extends RecordDrawerProps {
  /**
   * The record in the drawer's words, 'Order' or 'Service request': the heading names the drawer
   * ('Order DM-…'), and the close button, the loading spinner and the failure say it in lower case.
   */
  name: string;
  /** the RTK Query hook that fetches one record by its number (the same hook on every render) */
  useRecord: (number: string, options: { skip: boolean }) => { data?: R; isError: boolean };
  StatusChip: ComponentType<{ status: R['status'] }>;
  /** what the record's date says: 'Ordered', 'Received' */
  createdLabel: string;
  /** below the status and the date: the workflow's buttons and the record's details */
  children: (record: R) => ReactNode;
}

/** The drawer a workflow grid's row opens: the record's status and date above its own content. Named by its heading. */
export function WorkflowDrawer<R extends WorkflowRecord>({ number, onClose, onClosed, name, useRecord, StatusChip, createdLabel, children }: WorkflowDrawerProps<R>) {
  const shown = useLastShown(number);
  const { data: record, isError } = useRecord(shown ?? '', { skip: shown === null });
  const lower = name.toLowerCase();

  return (
    <DetailDrawer open={number !== null} title={`${name} ${shown}`} closeLabel={`Close ${lower}`} onClose={onClose} onClosed={onClosed}>
      {record && record.number === shown ? (
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <StatusChip status={record.status} />
            <Typography color="text.secondary">
              {createdLabel} {formatDateTime(record.created_at)}
            </Typography>
          </Stack>
          {children(record)}
        </Stack>
      ) : isError ? (
        <Typography color="error">Failed to fetch the {lower}</Typography>
      ) : (
        <DrawerLoading label={`Loading ${lower}`} />
      )}
    </DetailDrawer>
  );
}
