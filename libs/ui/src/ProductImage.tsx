import { useEffect, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import { useSettings } from './settings/useSettings.js';
import { placeholderSx } from './theme.js';
import { themedStyles, WithThemedClass } from './themedClass.js';

export interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  /** fixed height; without it the image keeps the catalogue's 4:3 shape */
  height?: number | string;
  /** 'eager' for an image that is on screen at once; by default the lazyLoadImages setting decides */
  loading?: 'lazy' | 'eager';
  /**
   * One of the first images a page shows (its largest paint, most likely): loaded at once and
   * fetched before other images (`fetchpriority="high"`)
   */
  priority?: boolean;
}

/** The catalogue's image shape (4:3), as attributes: the browser reserves the space before the file arrives. */
const INTRINSIC = { width: 400, height: 300 } as const;

// the image's own styles (height auto with the 4:3 shape, as `size` below)
const imageStyles = themedStyles((theme) => ({
  display: 'block',
  width: '100%',
  objectFit: 'cover',
  backgroundColor: theme.palette.grey[100],
  '&.dm-image--shaped': { aspectRatio: '4 / 3', height: 'auto' },
}));

/** A product image that shows an 'Image Not Found' placeholder when missing or broken. */
export function ProductImage({ src, alt, height, loading, priority = false }: ProductImageProps) {
  const { performance } = useSettings();
  // height auto: the height attribute (INTRINSIC) would otherwise set it and override the aspect ratio
  const size = height === undefined ? { aspectRatio: '4 / 3', width: '100%', height: 'auto' } : { height, width: '100%' };
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  // an image of a server-rendered page may fail before the page hydrates, when nothing listens yet
  useEffect(() => {
    const element = image.current;
    if (element && src && element.complete && element.naturalWidth === 0) setFailedSrc(src);
  }, [src]);
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
  // a plain <img> styled by class: a listing renders two dozen of these (themedClass.tsx)
  return (
    <WithThemedClass styles={imageStyles}>
      {(className) => (
        <img
          ref={image}
          className={height === undefined ? `${className} dm-image--shaped` : className}
          style={height === undefined ? undefined : { height }}
          src={src}
          alt={alt}
          width={INTRINSIC.width}
          height={INTRINSIC.height}
          loading={priority ? 'eager' : (loading ?? (performance.lazyLoadImages ? 'lazy' : 'eager'))}
          {...(priority ? { fetchPriority: 'high' as const } : {})}
          onError={() => setFailedSrc(src)}
        />
      )}
    </WithThemedClass>
  );
}
