import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `delay` ms: a search box asks the server once per pause, not per key. */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A server grid's search box: its trimmed text once settled. A new settled search calls
 * `onNewSearch` (back to page 1) while rendering, so page 3 of the old search is never asked.
 */
export function useSettledSearch(text: string, onNewSearch: () => void): string {
  const q = useDebouncedValue(text.trim());
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    onNewSearch();
  }
  return q;
}
