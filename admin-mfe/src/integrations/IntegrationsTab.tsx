import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import AlertTitle from '@mui/material/AlertTitle';
import { useGetIntegrationsQuery } from './integrationsApi.js';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { AiProviderCard } from './AiProviderCard.js';
import { ApiKeysCard } from './ApiKeysCard.js';
import { EmailCard } from './EmailCard.js';
import { FrontendsCard } from './FrontendsCard.js';
import { JobQueueCard } from './JobQueueCard.js';
import { WebhooksCard } from './WebhooksCard.js';

/** How often the tab asks again while it is shown (and the browser tab is visible). */
export const INTEGRATIONS_POLL_MS = 10_000;

export const LOAD_FAILED = 'Could not load the integrations.';

const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

/**
 * The dashboard's Integrations tab (issue 21): the AI provider, email and the job queues, each with
 * its state and a test. One query feeds the three cards; it is polled while the tab is mounted and
 * the page visible (skipPollingIfUnfocused follows the store's focus listeners, which see the page's
 * visibility), and a test invalidates it so the cards show the call just made. Under them, the API
 * keys and the webhook endpoints (issue 35) and the frontends that are live (issue 33), each from a
 * query of its own that is not polled.
 */
export function IntegrationsTab() {
  // coming back to the browser tab asks at once rather than at the next tick
  const query = useGetIntegrationsQuery(undefined, { pollingInterval: INTEGRATIONS_POLL_MS, skipPollingIfUnfocused: true, refetchOnFocus: true });
  const { data, error, isError, isLoading, fulfilledTimeStamp, refetch } = query;
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    // the returned promise never rejects: a failure shows in the query's error
    void refetch().then(() => setRefreshing(false));
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h3" component="h2" gutterBottom>
          Integrations
        </Typography>
        <Typography color="text.secondary">The outside services the shop uses, and a test for each. Secrets are never shown, only whether they are set.</Typography>
      </Box>
      {isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={refresh} disabled={refreshing} sx={{ whiteSpace: 'nowrap' }}>
              Try again
            </Button>
          }
        >
          <AlertTitle>{LOAD_FAILED}</AlertTitle>
          {adminErrorMessage(error, 'The API did not answer.')}
          {data && fulfilledTimeStamp ? ` The cards show the state at ${time.format(fulfilledTimeStamp)}.` : null}
        </Alert>
      ) : null}
      {isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the integrations" />
        </Box>
      ) : data ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <AiProviderCard ai={data.ai} />
          <EmailCard email={data.email} />
          <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
            <JobQueueCard jobs={data.jobs} refreshing={refreshing} updatedAt={fulfilledTimeStamp ? time.format(fulfilledTimeStamp) : null} onRefresh={refresh} />
          </Box>
        </Box>
      ) : null}
      {/* their own queries, asked on demand: they show even when the services above cannot be read */}
      <ApiKeysCard />
      <WebhooksCard />
      <FrontendsCard />
    </Stack>
  );
}
