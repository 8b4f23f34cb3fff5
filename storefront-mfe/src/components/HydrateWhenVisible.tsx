import { Suspense, use, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTheme } from '@mui/material';
import { useLocation } from 'react-router';
import { REPLAY_EVENT } from '@dentalmarket/contracts';

const noSubscription = () => () => undefined;

/** True while React hydrates server-rendered HTML (it reads the server's snapshot then), false in any later render. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * Opened once its element is near the screen. Armed once the part around it is in the page (its
 * effect ran): only then can the inside wait, which is never the case on a server, nor in a render
 * that hydrates the part and its inside together.
 */
class Gate {
  armed = false;
  opened = false;
  private release!: () => void;
  readonly promise = new Promise<void>((resolve) => {
    this.release = resolve;
  });

  open(): void {
    this.opened = true;
    this.release();
  }
}

function Gated({ gate, children }: { gate: Gate; children: ReactNode }) {
  const hydrating = useHydrating();
  if (hydrating && gate.armed && !gate.opened) use(gate.promise);
  return children;
}

/**
 * A pointer over a part, a touch or the keyboard's focus opens its gate before any click or key
 * lands on it (the observer answers only at the next frame), and React then hydrates it at once for
 * that event. Listened for on the window, ahead of React's own listeners: for an event on a part not
 * hydrated yet React stops the event's propagation, so a listener on the part would never hear it.
 */
const waiting = new Map<Element, Gate>();
// REPLAY_EVENT: a tap the page-start script held before the app started, about to be replayed here
const ENGAGING = ['pointerover', 'pointerdown', 'touchstart', 'focusin', REPLAY_EVENT] as const;
let listening = false;

function openEngaged(event: Event): void {
  for (let element = event.target instanceof Element ? event.target : null; element; element = element.parentElement) {
    const gate = waiting.get(element);
    if (gate) {
      waiting.delete(element);
      gate.open();
      return;
    }
  }
}

function listenForEngagement(): void {
  if (listening) return;
  listening = true;
  for (const event of ENGAGING) window.addEventListener(event, openEngaged, { capture: true, passive: true });
}

/** How far outside the screen a card starts hydrating, so it is ready before it scrolls in. */
const AHEAD = '400px';

/**
 * Server-rendered `children` hydrated only once they come near the screen (issue 20): a listing's
 * two dozen cards below the fold stay the server's HTML, shown as they are, until the shopper
 * scrolls to them, so the page's start does a phone's first screen of work, not the whole list's.
 * While hydrating, the part suspends (React keeps the server's HTML and hydrates it when the gate
 * opens); a pointer, a touch or focus reaching it opens the gate first (openEngaged), so a click or
 * a key lands on a part React hydrates at once for it. Rendered on the server, or in the browser after the first page, it is just `children`.
 */
export function HydrateWhenVisible({ children }: { children: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null);
  const [gate] = useState(() => new Gate());
  // A change the part's own components would render (another address, another theme) reaches them
  // whether they have hydrated or not, and React cannot apply it to the server's HTML: the part
  // hydrates now, in the same render, rather than hold that render up until it is on screen.
  const location = useLocation();
  const theme = useTheme();
  const first = useRef({ location, theme });
  if (!gate.opened && (first.current.location !== location || first.current.theme !== theme)) gate.open();
  useEffect(() => {
    const target = slot.current?.firstElementChild ?? slot.current;
    if (gate.opened || !target) return;
    gate.armed = true;
    if (typeof IntersectionObserver === 'undefined') {
      gate.open();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        waiting.delete(target);
        gate.open();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(target);
    waiting.set(target, gate);
    listenForEngagement();
    return () => {
      observer.disconnect();
      waiting.delete(target);
    };
  }, [gate]);
  return (
    <div ref={slot} style={{ display: 'contents' }}>
      <Suspense>
        <Gated gate={gate}>{children}</Gated>
      </Suspense>
    </div>
  );
}
