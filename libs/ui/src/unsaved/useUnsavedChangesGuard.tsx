import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { DiscardChangesDialog } from './DiscardChangesDialog.js';

export interface UnsavedChangesGuardOptions {
  /** the guarded dialog is open: only then are route changes and closing the tab held back */
  open: boolean;
  /** the dialog holds changes that are not saved */
  dirty: boolean;
  /** closes the guarded dialog: at once without changes, after 'Discard' with them */
  onClose: () => void;
}

export interface UnsavedChangesGuard {
  /** for Cancel, Escape and a click outside: closes at once when nothing changed, else asks first */
  requestClose: () => void;
  /** closes without asking, after a successful save; a route change the save leads to passes too */
  closeAfterSave: () => void;
  /** the 'Discard changes?' question, rendered beside the guarded dialog */
  discardDialog: ReactElement;
}

/** The browser's Navigation API; absent in older browsers (and jsdom), where only beforeunload guards. */
const browserNavigation = (): Navigation | undefined => (window as { navigation?: Navigation }).navigation;

const withoutHash = (url: string) => url.split('#')[0];

/**
 * A change of page inside the app that can still be held back: BrowserRouter's pushState and
 * replaceState, back and forward. Loading another document is asked about by beforeunload instead
 * (the browser's own question, the only one allowed there); a download or a jump to an anchor
 * leaves the dialog where it is, so they pass.
 */
function isRouteChange(event: NavigateEvent): boolean {
  if (!event.cancelable || !event.destination.sameDocument || event.hashChange || event.downloadRequest !== null) return false;
  return withoutHash(event.destination.url) !== withoutHash(window.location.href);
}

/**
 * Carries out a route change held back while asking. The shell's BrowserRouter (not a data router,
 * so no useBlocker) follows the address only on popstate: a pushed address is announced by one, as
 * back and forward announce theirs. `idx` is the entry number BrowserRouter counts steps by.
 */
function replayOf(event: NavigateEvent, navigation: Navigation): () => void {
  const { destination, navigationType } = event;
  if (navigationType === 'traverse') {
    return () => {
      const { committed, finished } = navigation.traverseTo(destination.key);
      // a traversal the browser drops (the entry is gone) leaves the user where they are
      committed?.catch(() => undefined);
      finished?.catch(() => undefined);
    };
  }
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (navigationType === 'replace') window.history.replaceState({ idx }, '', destination.url);
    else window.history.pushState({ idx: idx + 1 }, '', destination.url);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  };
}

/**
 * Issue 32, nothing typed is lost: a dialog with unsaved changes asks 'Discard changes?' before
 * Cancel, Escape, a click outside or a route change closes it, and the browser asks before the tab
 * is closed or reloaded. A dialog without changes closes at once, and so does one just saved.
 */
export function useUnsavedChangesGuard({ open, dirty, onClose }: UnsavedChangesGuardOptions): UnsavedChangesGuard {
  const [asking, setAsking] = useState(false);
  /** the route change held back while asking, carried out after 'Discard' */
  const heldRoute = useRef<(() => void) | null>(null);
  /**
   * Set when the changes are let go (discarded or saved): the dialog's own closing and the route
   * change after it must pass before React has re-rendered and removed the listeners.
   */
  const released = useRef(false);
  const guarding = open && dirty;

  useEffect(() => {
    if (!guarding) return;
    released.current = false;
    const navigation = browserNavigation();
    const onNavigate = (event: NavigateEvent) => {
      if (released.current || !navigation || !isRouteChange(event)) return;
      event.preventDefault();
      heldRoute.current = replayOf(event, navigation);
      setAsking(true);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      event.returnValue = ''; // browsers before the standard ask only when this is set
    };
    navigation?.addEventListener('navigate', onNavigate);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      navigation?.removeEventListener('navigate', onNavigate);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [guarding]);

  const requestClose = useCallback(() => {
    if (dirty && !released.current) setAsking(true);
    else onClose();
  }, [dirty, onClose]);

  const closeAfterSave = useCallback(() => {
    released.current = true;
    onClose();
  }, [onClose]);

  const keepEditing = () => {
    heldRoute.current = null;
    setAsking(false);
  };

  const discard = () => {
    const route = heldRoute.current;
    heldRoute.current = null;
    released.current = true;
    setAsking(false);
    onClose();
    route?.();
  };

  return {
    requestClose,
    closeAfterSave,
    discardDialog: <DiscardChangesDialog open={asking} onKeepEditing={keepEditing} onDiscard={discard} />,
  };
}
