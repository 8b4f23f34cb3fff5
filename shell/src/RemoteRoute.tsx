import { Component, createContext, lazy, Suspense, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { PageSpinner } from '@dentalmarket/ui';
import { HydrationMark } from './hydration.js';
import { loadRemoteApp, loadRemoteModule, type RemoteName } from './remotes.js';
import { isUnmetRequirement } from './sharedVersions.js';

/**
 * In a server render (issue 20): each remote's App that loaded within the render's budget. A remote
 * not there is left to the browser: its boundary's fallback is sent, marked for the browser to
 * render (see ClientRendered), and the rest of the page is still rendered on the server.
 */
export const ServerRemotes = createContext<ReadonlyMap<RemoteName, ComponentType> | null>(null);

/** What a server render throws where a remote was not ready: React sends the boundary's fallback for the browser to render. */
export const CLIENT_RENDERED = 'dm-client-rendered-remote';

function ClientRendered({ name }: { name: RemoteName }): never {
  throw Object.assign(new Error(`The ${name} remote's server code was not ready: rendered in the browser.`), { digest: CLIENT_RENDERED });
}

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
    // a remote deployed before the shell it needs: nothing the shopper's connection can fix
    const updating = isUnmetRequirement(this.state.error);
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', my: 6 }}>
        {/* the route's part is settled: this message is what it shows */}
        <HydrationMark part="remote" />
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={this.props.onRetry}>
              Retry
            </Button>
          }
        >
          {updating ? 'This part of the shop is being updated. Please try again in a few minutes.' : 'This part of DentalMarket could not be loaded. Check your connection and try again.'}
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
  const serverRemotes = useContext(ServerRemotes);
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => (serverRemotes ? null : lazyRemote(name, exposed, attempt)), [serverRemotes, name, exposed, attempt]);
  const Rendered = serverRemotes && exposed === 'App' ? serverRemotes.get(name) : undefined;
  return (
    <RemoteErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<PageSpinner />}>
        {Remote ? <Remote /> : Rendered ? <Rendered /> : <ClientRendered name={name} />}
        <HydrationMark part="remote" />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
