import { useId, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { adminErrorMessage } from '../categories/adminErrors.js';

/** One card of the tab: a region named by its heading (h3 under the tab's 'Analytics'), with an optional action beside the heading. */
export function AnalyticsCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ minWidth: 0, height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
          <Typography id={headingId} variant="h6" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** The parts of an RTK Query result a card reads. */
export interface CardQuery<T> {
  currentData?: T;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface QueryStatesProps<T> {
  query: CardQuery<T>;
  /** what the card shows, for 'Loading …' and 'Could not load …' ('orders and revenue') */
  what: string;
  /** the empty state's sentence, when `isEmpty` says the range has nothing */
  empty: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * A card's body for its query: loading, an error (with the API's reason and a retry), the range's
 * empty state, or the figures. Only the current range's answer is shown, never the previous range's.
 */
export function QueryStates<T>({ query, what, empty, isEmpty, children }: QueryStatesProps<T>) {
  const { currentData, isFetching, isError, error, refetch } = query;
  if (currentData === undefined && isFetching) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4 }}>
        <CircularProgress size={20} aria-hidden="true" />
        <Typography color="text.secondary">Loading {what}…</Typography>
      </Box>
    );
  }
  if (currentData === undefined) {
    if (!isError) return null;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        Could not load {what}: {adminErrorMessage(error, 'the server did not answer')}
      </Alert>
    );
  }
  if (isEmpty(currentData)) {
    return (
      <Typography color="text.secondary" sx={{ py: 3 }}>
        {empty}
      </Typography>
    );
  }
  return <>{children(currentData)}</>;
}
