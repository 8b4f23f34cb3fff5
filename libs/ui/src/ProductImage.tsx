import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import { useSettings } from './settings/useSettings.js';
import { placeholderSx } from './theme.js';

export interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  /** fixed height; without it the image keeps the catalogue's 4:3 shape */
  height?: number | string;
  /** 'eager' for an image that is on screen at once; by default the lazyLoadImages setting decides */
  loading?: 'lazy' | 'eager';
}

/** A product image that shows an 'Image Not Found' placeholder when missing or broken. */
export function ProductImage({ src, alt, height, loading }: ProductImageProps) {
  const { performance } = useSettings();
  const size = height === undefined ? { aspectRatio: '4 / 3', width: '100%' } : { height, width: '100%' };
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <Box
        role="img"
        aria-label={`${alt}: Image Not Found`}
        sx={{ ...size, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', ...placeholderSx }}
      >
        <ImageNotSupportedOutlined fontSize="large" />
        <Typography variant="caption">Image Not Found</Typography>
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading={loading ?? (performance.lazyLoadImages ? 'lazy' : 'eager')}
      onError={() => setFailedSrc(src)}
      sx={{ ...size, objectFit: 'cover', display: 'block', bgcolor: 'grey.100' }}
    />
  );
}
