import { useId, type ReactNode } from 'react';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import AlertTitle from '@mui/material/AlertTitle';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Layers from '@mui/icons-material/LayersOutlined';
import type { LiveBuild, LiveRemote } from '@dentalmarket/contracts';
import { useGetLiveFrontendsQuery } from './integrationsApi.js';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { Facts, IntegrationCard, RefreshButton, type Fact } from './IntegrationParts.js';
import { formatReportedTime, NOT_LOADED, remoteTitle } from './integrationFormat.js';
import { RemoteSharedModules, ShellSharedModules } from './SharedModules.js';

export const LIVE_LOAD_FAILED = 'Could not check what is live.';

const mono = { fontFamily: 'monospace', fontSize: '0.9rem' } as const;

/** A build's commit and time; a frontend whose manifest gave none has one 'Unknown' row. */
function buildFacts(build: LiveBuild | null): Fact[] {
  if (!build) return [{ label: 'Build', value: 'Unknown' }];
  return [
    { label: 'Commit', value: <Box component="span" sx={mono}>{build.commit}</Box> },
    { label: 'Built', value: formatReportedTime(build.builtAt) },
  ];
}

/** A line with an icon before it, wrapping under its text rather than under the icon. */
function IconLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, '& > svg': { mt: '3px', flexShrink: 0 } }}>
      {icon}
      <span>{children}</span>
    </Box>
  );
}

/** Whether the shell loads the remote; if not, why: each requirement it cannot meet, or the error reading its manifest. */
function RemoteStatus({ remote }: { remote: LiveRemote }) {
  const failed = <ErrorOutline color="error" fontSize="small" aria-hidden />;
  if (remote.status === 'ok') return <IconLine icon={<CheckCircleOutline color="success" fontSize="small" aria-hidden />}>OK</IconLine>;
  if (remote.status === 'unmet') {
    return (
      <>
        <IconLine icon={failed}>{NOT_LOADED}</IconLine>
        {remote.unmet.length ? (
          <Box component="ul" aria-label="Unmet requirements" sx={{ m: 0, mt: 0.5, pl: 3.5 }}>
            {remote.unmet.map((requirement) => (
              <li key={requirement}>{requirement}</li>
            ))}
          </Box>
        ) : null}
      </>
    );
  }
  return (
    <>
      <IconLine icon={failed}>Unreachable</IconLine>
      {remote.error ? (
        <Box component="span" sx={{ display: 'block', pl: 3.5, color: 'text.secondary' }}>
          {remote.error}
        </Box>
      ) : null}
    </>
  );
}

/** One frontend: a section named by its heading (an h4 under the card's), its facts, then its shared modules. */
function FrontendSection({ title, facts, children }: { title: string; facts: Fact[]; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5} useFlexGap sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Facts facts={facts} />
      {children}
    </Stack>
  );
}

/**
 * Frontends (issue 33): what is live. The shell's build, and for each remote its build, where the
 * shell loads it from, whether it can, and the shared modules it asked for and got. Asked when the
 * tab opens and on 'Refresh'; a failed refresh keeps the last answer on screen under the error.
 */
export function FrontendsCard() {
  const { data, error, isError, isLoading, isFetching, refetch } = useGetLiveFrontendsQuery();

  return (
    <IntegrationCard
      title="Frontends"
      icon={<Layers color="secondary" aria-hidden />}
      action={
        <RefreshButton
          refreshing={isFetching}
          onRefresh={() => {
            void refetch();
          }}
        />
      }
    >
      <Typography color="text.secondary">The builds the shop runs now, and the shared modules each remote asked the shell for and got.</Typography>
      {isError ? (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          <AlertTitle>{LIVE_LOAD_FAILED}</AlertTitle>
          {adminErrorMessage(error, 'The API did not answer.')}
        </Alert>
      ) : null}
      {isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Checking what is live" />
        </Box>
      ) : data === null ? (
        <Typography>The API does not say what is live: it is older than this screen.</Typography>
      ) : data ? (
        <>
          <FrontendSection title="Shell" facts={buildFacts(data.shell.build)}>
            <ShellSharedModules shared={data.shell.shared} />
          </FrontendSection>
          {data.remotes.map((remote) => (
            <FrontendSection
              key={remote.name}
              title={remoteTitle(remote.name)}
              facts={[
                { label: 'Status', value: <RemoteStatus remote={remote} /> },
                ...buildFacts(remote.build),
                { label: 'Loaded from', value: <Box component="span" sx={mono}>{remote.url}</Box> },
              ]}
            >
              <RemoteSharedModules shared={remote.shared} />
            </FrontendSection>
          ))}
        </>
      ) : null}
      <Typography variant="body2" color="text.secondary" role="status">
        {data ? `Checked at ${formatReportedTime(data.checkedAt)}.` : ''}
      </Typography>
    </IntegrationCard>
  );
}
