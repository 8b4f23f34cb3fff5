import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** Marks the history entry that opening the drawer pushed, so closing can step back over it. */
interface DrawerEntryState {
  drawer?: string;
}

/**
 * The drawer a server grid's row opens, kept in the address (`?order=DM-…`, `?request=SR-…`) so a
 * reload, Back or a shared link shows the same record (issue 32). Opening pushes one history entry,
 * so Back closes the drawer; closing never adds one: it steps back over the entry the opening pushed,
 * or (a shared link, a reload) replaces the address without the key: the storefront's product modal
 * does the same (storefront-mfe/src/useProductParam.ts). Focus goes back on close as useRowDrawer's does.
 */
export function useDrawerParam(param: string) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const opened = params.get(param) || null;
  const opener = useRef<HTMLElement | null>(null);
  /** the box around the grid: its focusable cell takes focus when the opener is gone */
  const gridBox = useRef<HTMLDivElement>(null);
  // Escape, the close button and a click outside may all fire for one entry: step back once
  const closedEntry = useRef<string | null>(null);
  // a click on a row's link is also the row's click: push once (until the address has moved on)
  const opening = useRef<string | null>(null);
  useEffect(() => {
    opening.current = null;
  }, [location.key]);

  const withKey = useCallback(
    (key: string | null) => {
      const next = new URLSearchParams(params);
      if (key) next.set(param, key);
      else next.delete(param);
      const search = next.toString();
      return { pathname: location.pathname, search: search ? `?${search}` : '' };
    },
    [params, param, location.pathname],
  );

  const open = useCallback(
    (key: string) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (key === opened || key === opening.current) return;
      opening.current = key;
      navigate(withKey(key), { state: { drawer: param } satisfies DrawerEntryState, preventScrollReset: true });
    },
    [navigate, withKey, opened, param],
  );

  const close = useCallback(() => {
    if (!opened || closedEntry.current === location.key) return;
    closedEntry.current = location.key;
    if ((location.state as DrawerEntryState | null)?.drawer === param) navigate(-1);
    else navigate(withKey(null), { replace: true, preventScrollReset: true });
  }, [opened, location.key, location.state, param, navigate, withKey]);

  /** for the drawer's onClosed, after its closing transition */
  const giveFocusBack = useCallback(() => {
    if (opener.current?.isConnected) opener.current.focus();
    else gridBox.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, []);

  return { opened, open, close, gridBox, giveFocusBack };
}
