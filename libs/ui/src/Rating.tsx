import type { Theme } from '@mui/material';
import { themedStyles, WithThemedClass } from './themedClass.js';

/** Material Icons' Star, StarHalf and StarBorder (what @mui/icons-material draws), as plain paths. */
const STAR_PATHS = {
  full: 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z',
  half: 'm22 9.24-7.19-.62L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21 12 17.27 18.18 21l-1.63-7.03zM12 15.4V6.1l1.71 4.04 4.38.38-3.32 2.88 1 4.28z',
  empty: 'm22 9.24-7.19-.62L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21 12 17.27 18.18 21l-1.63-7.03zM12 15.4l-3.76 2.27 1-4.28-3.32-2.88 4.38-.38L12 6.1l1.71 4.04 4.38.38-3.32 2.88 1 4.28z',
} as const;

// as MUI's small icons and body2 text looked here; plain elements, as a listing shows two dozen (themedClass.tsx)
const ratingStyles = themedStyles((theme: Theme) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(0.5),
  '& .dm-rating__stars': { display: 'flex', color: '#f5a623' },
  '& .dm-rating__stars svg': { width: '1em', height: '1em', fontSize: theme.typography.pxToRem(20), fill: 'currentColor', flexShrink: 0, userSelect: 'none' },
  '& .dm-rating__text': { ...theme.typography.body2, margin: 0, color: theme.palette.text.secondary },
}));

/** Whole stars plus a half star when the fraction is at least 0.5, then 'x/5 (n reviews)' (SPEC §2). */
export function ProductRating({ rating, reviews }: { rating: string | number | null; reviews: number }) {
  const value = Math.min(5, Math.max(0, Number(rating) || 0));
  const whole = Math.floor(value);
  const half = value - whole >= 0.5;
  const stars = Array.from({ length: 5 }, (_, i) => (i < whole ? 'full' : i === whole && half ? 'half' : 'empty'));
  return (
    <WithThemedClass styles={ratingStyles}>
      {(className) => (
        <div className={className}>
          <span className="dm-rating__stars" aria-hidden="true">
            {stars.map((kind, i) => (
              <svg key={i} viewBox="0 0 24 24" focusable="false" data-star={kind}>
                <path d={STAR_PATHS[kind]} />
              </svg>
            ))}
          </span>
          <p className="dm-rating__text">
            {value}/5 ({reviews} reviews)
          </p>
        </div>
      )}
    </WithThemedClass>
  );
}
