/** Test helpers for the frontends' Jest suites (imported as @dentalmarket/ui/testing; never by app code). */

/**
 * jsdom has no media queries: this answers every one as a screen narrower than the page's
 * breakpoints would (each max-width query matches) when `narrow`, or as a wide screen.
 */
export function screenWidth(narrow: boolean): void {
  answerMediaQueries((query) => narrow && query.includes('max-width'));
}

/** window.matchMedia for jsdom: each query answered by `matches` (no change events). */
export function answerMediaQueries(matches: (query: string) => boolean): void {
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

export { screenAt, hydrateAt, serverRenderer, widthQueryHolds } from './screenAt.js';
