import { useEffect, useEffectEvent } from 'react';

/**
 * Runs `action` when `query` stops matching (a phone's drawer closed when the window grows past a
 * phone's width), and never re-renders by itself.
 *
 * Not MUI's useMediaQuery: on a server-rendered page its first answer in the browser is the server's
 * (no match) and then the real one, and useSyncExternalStore re-renders a component whose store
 * answered differently from the server at once, without yielding to the browser: on a phone the
 * whole marketplace or results page rendered a second time in one long task right after it hydrated
 * (a quarter of a second with Lighthouse's 4× CPU slowdown). Its answer only ever closed a drawer.
 */
export function useWhenUnmatched(query: string, action: () => void): void {
  const onUnmatched = useEffectEvent(action);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const changed = () => {
      if (!list.matches) onUnmatched();
    };
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, [query]);
}
