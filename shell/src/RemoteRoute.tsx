import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { PageSpinner } from '@dentalmarket/ui';
import { loadRemoteApp, loadRemoteModule, type RemoteName } from './remotes.js';

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('A remote failed to load or render:', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', my: 6 }}>
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={this.props.onRetry}>
              Retry
            </Button>
          }
        >
          This part of DentalMarket could not be loaded. Check your connection and try again.
        </Alert>
      </Box>
    );
  }
}

const loaded = new Map<string, ComponentType>();
const failed = new Set<RemoteName>();

/** One lazy component per exposed module while it works; a failed remote is registered afresh next time. */
function lazyRemote(name: RemoteName, exposed: string, attempt: number): ComponentType {
  const key = `${name}/${exposed}`;
  const cached = loaded.get(key);
  if (attempt === 0 && cached) return cached;
  const retry = attempt > 0 || failed.has(name);
  const load = () => (exposed === 'App' ? loadRemoteApp(name, retry) : loadRemoteModule(name, exposed, retry));
  const component = lazy(() =>
    load().then(
      (module) => {
        failed.delete(name);
        return module;
      },
      (error: unknown) => {
        failed.add(name);
        loaded.delete(key);
        throw error;
      },
    ),
  );
  loaded.set(key, component);
  return component;
}

/**
 * A remote's App (or another page it exposes, e.g. the checkout's `Orders`) behind an error
 * boundary and Suspense; Retry loads it again without a reload.
 */
export function RemoteRoute({ name, exposed = 'App' }: { name: RemoteName; exposed?: string }) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => lazyRemote(name, exposed, attempt), [name, exposed, attempt]);
  return (
    <RemoteErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<PageSpinner />}>
        <Remote />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
