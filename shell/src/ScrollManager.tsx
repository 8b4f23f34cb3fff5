import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, by its location key; kept for the tab's life (a reload restores too). */
const STORAGE_KEY = 'dm-scroll-positions';
/** Entries remembered: the newest this many. */
const REMEMBERED = 100;
/** How long Back keeps trying to reach the old position while the page grows to it (its data comes from the cache, its parts load). */
const RESTORE_FOR_MS = 2500;

function readPositions(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Array<[string, number]>);
  } catch {
    return new Map();
  }
}

function savePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-REMEMBERED)));
  } catch {
    // storage full or refused: positions are a convenience
  }
}

/**
 * Scroll as a reader expects (issue 32): a new page starts at its top (the logo from a scrolled
 * marketplace opened Home 5,876 px down), Back and Forward return where that page was left (Back
 * from checkout went to the top of a marketplace left 4,365 px down). A change of the query on the
 * same page (filters, a product's view over the list, a sort) keeps the position. The shell uses a
 * BrowserRouter, which has no ScrollRestoration of its own; the browser's is turned off, since it
 * restores before the page has its height.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    positions.current ??= readPositions();
  }, []);

  // the current entry's position, as the shopper scrolls (once a frame at most); the entry is read
  // when the frame comes, so a page replaced meanwhile is never saved under the one before
  const currentKey = useRef(location.key);
  useEffect(() => {
    positions.current ??= readPositions();
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        positions.current!.delete(currentKey.current);
        positions.current!.set(currentKey.current, window.scrollY);
        savePositions(positions.current!);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readPositions();
    currentKey.current = location.key;
    const samePage = lastPath.current === location.pathname;
    const first = lastPath.current === null;
    lastPath.current = location.pathname;
    if (first && navigationType !== 'POP') return;
    if (navigationType === 'POP') {
      const target = positions.current.get(location.key);
      if (target === undefined) return;
      const until = performance.now() + RESTORE_FOR_MS;
      let frame = 0;
      const attempt = () => {
        window.scrollTo(0, target);
        if (Math.abs(window.scrollY - target) > 1 && performance.now() < until) frame = requestAnimationFrame(attempt);
      };
      attempt();
      // the shopper scrolls meanwhile: theirs wins
      const stop = () => cancelAnimationFrame(frame);
      window.addEventListener('wheel', stop, { once: true, passive: true });
      window.addEventListener('touchstart', stop, { once: true, passive: true });
      window.addEventListener('keydown', stop, { once: true });
      return () => {
        stop();
        window.removeEventListener('wheel', stop);
        window.removeEventListener('touchstart', stop);
        window.removeEventListener('keydown', stop);
      };
    }
    if (!samePage && !location.hash) window.scrollTo(0, 0);
    return undefined;
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
