import { Box, Typography } from '@mui/material';
import Star from '@mui/icons-material/Star';
import StarHalf from '@mui/icons-material/StarHalf';
import StarBorder from '@mui/icons-material/StarBorder';

/** Whole stars plus a half star when the fraction is at least 0.5, then 'x/5 (n reviews)' (SPEC §2). */
export function ProductRating({ rating, reviews }: { rating: string | number | null; reviews: number }) {
  const value = Math.min(5, Math.max(0, Number(rating) || 0));
  const whole = Math.floor(value);
  const half = value - whole >= 0.5;
  const stars = Array.from({ length: 5 }, (_, i) => (i < whole ? 'full' : i === whole && half ? 'half' : 'empty'));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Box aria-hidden sx={{ display: 'flex', color: '#f5a623' }}>
        {stars.map((kind, i) =>
          kind === 'full' ? <Star key={i} fontSize="small" /> : kind === 'half' ? <StarHalf key={i} fontSize="small" /> : <StarBorder key={i} fontSize="small" />,
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {value}/5 ({reviews} reviews)
      </Typography>
    </Box>
  );
}
