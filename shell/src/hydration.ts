import { useEffect, useSyncExternalStore } from 'react';

/**
 * When a server-rendered page has hydrated (issue 20): the shell's part, then the route's remote,
 * whose boundary hydrates once its code has loaded. What the server could not know (the saved cart)
 * is applied only then, so the first render in the browser matches the server's HTML.
 */
export type HydratedPart = 'shell' | 'remote';

const waiting = new Map<HydratedPart, () => void>();
const done = new Set<HydratedPart>();

export function whenHydrated(part: HydratedPart): Promise<void> {
  if (done.has(part)) return Promise.resolve();
  return new Promise((resolve) => {
    const before = waiting.get(part);
    waiting.set(part, () => {
      before?.();
      resolve();
    });
  });
}

/** Rendered at the end of a part: its effect runs when that part has hydrated (or rendered). */
export function HydrationMark({ part }: { part: HydratedPart }) {
  useEffect(() => {
    if (done.has(part)) return;
    done.add(part);
    waiting.get(part)?.();
    waiting.delete(part);
  }, [part]);
  return null;
}

const noSubscription = () => () => undefined;

/**
 * False while React hydrates the server's HTML (and on the server), true in every later render: a
 * part showing what only the browser knows (the session) renders the server's version first. The
 * store cannot be trusted for that: react-redux reads the store as it is *now* while hydrating, and a
 * session that arrived before its part hydrated made a mismatch React does not repair in
 * production (attributes stay the server's: 'Admin Login' stayed hidden for a guest, issue 32).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
