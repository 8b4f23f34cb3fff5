/**
 * Typo corrections: for a search that found nothing, the closest word of the products' names by
 * pg_trgm's trigram similarity.
 */
import { trigrams } from './analysis.js';
import type { ColumnStore } from './columns.js';

/** Least trigram similarity for a correction (pg_trgm's default similarity threshold). */
export const CORRECTION_SIMILARITY = 0.3;

/**
 * For a search that found nothing: the word of the products' names most similar to `term` (pg_trgm's
 * similarity: shared trigrams over all trigrams, at least CORRECTION_SIMILARITY), ties to the word
 * more names hold, then the first by code point; undefined when none is close or it is the term itself.
 */
export function correctionOf(store: ColumnStore, term: string): string | undefined {
  const wanted = trigrams(term);
  if (wanted.size === 0) return undefined;
  let best: string | undefined;
  let bestScore = CORRECTION_SIMILARITY;
  let bestCount = 0;
  for (const [word, count] of store.nameWords) {
    let own = store.wordTrigrams.get(word);
    if (!own) {
      own = trigrams(word);
      store.wordTrigrams.set(word, own);
    }
    let shared = 0;
    for (const trigram of own) if (wanted.has(trigram)) shared += 1;
    if (shared === 0) continue;
    const score = shared / (own.size + wanted.size - shared);
    if (score > bestScore || (score === bestScore && best !== undefined && (count > bestCount || (count === bestCount && word < best)))) {
      best = word;
      bestScore = score;
      bestCount = count;
    }
  }
  return best === undefined || best === term.toLowerCase() ? undefined : best;
}
