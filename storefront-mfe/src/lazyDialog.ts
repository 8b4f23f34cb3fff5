import { lazy, type ComponentType } from 'react';

/**
 * A dialog whose script loads on demand (when a shopper first points at or focuses its button), not
 * with every page of the shop. After a failed download it shows `unavailable` once, and is replaced
 * by a fresh lazy component, so the next click tries again.
 */
export function retryingLazyDialog<P>(load: () => Promise<{ default: ComponentType<P> }>, unavailable: ComponentType<P>) {
  const make = (): ComponentType<P> =>
    lazy(() =>
      load().catch(() => {
        current = make();
        return { default: unavailable };
      }),
    );
  let current = make();
  return {
    /** the component to render now */
    current: () => current,
    /** starts the download; a failure here is tried again by the click */
    preload: () => void load().catch(() => undefined),
  };
}
