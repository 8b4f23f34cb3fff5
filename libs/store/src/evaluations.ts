/**
 * Counts how often this library is evaluated in one page. Module Federation must share it as a
 * singleton (RTK Query's middleware is tied to its `api` object), and a duplicate gives no
 * warning, so the browser tests read this number and expect 1.
 */
const KEY = '__DM_STORE_MODULE_EVALUATIONS__';
const scope = globalThis as typeof globalThis & { [KEY]?: number };
scope[KEY] = (scope[KEY] ?? 0) + 1;

export function getStoreModuleEvaluations(): number {
  return scope[KEY] ?? 0;
}
