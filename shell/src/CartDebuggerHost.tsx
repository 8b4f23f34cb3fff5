import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { TIMINGS } from '@dentalmarket/contracts';
import { QuietBoundary } from './QuietBoundary.js';
import { loadRemoteModule } from './remotes.js';

/** The browser setting that shows the cart debugger (SPEC §3 Browser storage: 'true' enables). */
export const CART_DEBUGGER_FLAG = 'showCartDebugger';

function flagIsOn(): boolean {
  try {
    return localStorage.getItem(CART_DEBUGGER_FLAG) === 'true';
  } catch {
    return false;
  }
}

/**
 * SPEC §2: the setting is re-checked every 3 seconds and on a storage change. The first render is
 * off, as on the server (which has no localStorage), so hydration agrees; the mount effect reads
 * the setting at once.
 */
function useCartDebuggerFlag(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const check = () => setOn(flagIsOn());
    check();
    const timer = window.setInterval(check, TIMINGS.debugPollMs);
    window.addEventListener('storage', check);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', check);
    };
  }, []);
  return on;
}

/** A debugging aid must never take the page down: if it cannot load, it is simply absent. */
const debuggerFailed = (error: Error) => console.warn('The cart debugger could not be loaded:', error.message);

let CartDebugger: ComponentType | null = null;

/** Renders the checkout remote's cart debugger while the setting is on; it is only downloaded then. */
export function CartDebuggerHost() {
  const on = useCartDebuggerFlag();
  if (!on) return null;
  CartDebugger ??= lazy(() => loadRemoteModule('checkout', 'CartDebugger'));
  return (
    <QuietBoundary onError={debuggerFailed}>
      <Suspense fallback={null}>
        <CartDebugger />
      </Suspense>
    </QuietBoundary>
  );
}
