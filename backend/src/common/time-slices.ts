import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work the API may do in one go before other requests get a turn. Promises alone never let the
 * event loop run timers or I/O (a loop over buffered rows awaits only resolved promises), so long
 * loops must give way on purpose: ten milliseconds keeps a health check or a page answered within a
 * few tens of milliseconds, and costs the loop a turn of the event loop a hundred times a second.
 */
export const TIME_SLICE_MS = 10;

/**
 * For a long loop: `await giveWay()` after each item resolves at once while the current slice lasts,
 * and on the event loop's next turn (setImmediate, after pending I/O) once it has run `sliceMs`.
 */
export function timeSlices(sliceMs = TIME_SLICE_MS): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}
