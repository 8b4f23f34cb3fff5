import { useCallback, useRef, useState } from 'react';

/**
 * The drawer a server grid's row opens (orders, customers): which row is open, and focus given back
 * on close to what had it when the drawer opened (the row's link or cell), or to the grid when that
 * row left the page meanwhile (it no longer matches the filter).
 */
export function useRowDrawer<K>() {
  const [opened, setOpened] = useState<K | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  /** the box around the grid: its focusable cell takes focus when the opener is gone */
  const gridBox = useRef<HTMLDivElement>(null);

  const open = useCallback((key: K) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpened(key);
  }, []);
  const close = useCallback(() => setOpened(null), []);
  /** for the drawer's onClosed, after its closing transition */
  const giveFocusBack = useCallback(() => {
    if (opener.current?.isConnected) opener.current.focus();
    else gridBox.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, []);

  return { opened, open, close, gridBox, giveFocusBack };
}
