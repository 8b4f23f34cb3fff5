/** Test helpers for the frontends' Jest suites (imported as @dentalmarket/ui/testing; never by app code). */

/**
 * jsdom has no media queries: this answers every one as a screen narrower than the page's
 * breakpoints would (each max-width query matches) when `narrow`, or as a wide screen.
 */
export function screenWidth(narrow: boolean): void {
  answerMediaQueries((query) => narrow && query.includes('max-width'));
}

/** The media query lists handed out since the last answerMediaQueries, with their listeners. */
let lists: { query: string; matches: boolean; listeners: Set<() => void> }[] = [];

/** window.matchMedia for jsdom: each query answered by `matches`; changeMediaQueries tells the lists' listeners of a new answer. */
export function answerMediaQueries(matches: (query: string) => boolean): void {
  lists = [];
  window.matchMedia = ((query: string) => {
    const list = { query, matches: matches(query), listeners: new Set<() => void>() };
    lists.push(list);
    return {
      get matches() {
        return list.matches;
      },
      media: query,
      onchange: null,
      addListener: (listener: () => void) => list.listeners.add(listener),
      removeListener: (listener: () => void) => list.listeners.delete(listener),
      addEventListener: (_type: string, listener: () => void) => list.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => list.listeners.delete(listener),
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
}

/** The screen changed (a window resized): every list handed out whose answer changes tells its listeners. */
export function changeMediaQueries(matches: (query: string) => boolean): void {
  for (const list of lists) {
    const now = matches(list.query);
    if (now === list.matches) continue;
    list.matches = now;
    for (const listener of list.listeners) listener();
  }
}

export { screenAt, resizeScreen, hydrateAt, serverRenderer, widthQueryHolds } from './screenAt.js';
