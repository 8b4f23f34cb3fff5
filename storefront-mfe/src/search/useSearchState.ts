import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readSearchState, writeSearchState, type SearchState } from './searchState.js';

/**
 * The results page's state from the address bar, and a setter that pushes one history entry per
 * change (a filter, the order), so Back steps through what the shopper did.
 */
export function useSearchState(): [SearchState, (next: SearchState) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearchState(params), [params]);
  const set = (next: SearchState) => setParams(writeSearchState(next, params), { preventScrollReset: true });
  return [state, set];
}
