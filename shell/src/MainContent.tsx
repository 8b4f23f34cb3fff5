import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Container } from '@mui/material';
import { useLocation } from 'react-router';

/** The first thing a keyboard reaches: straight past the header to the page. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href="#main"
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        // off screen until focused
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to main content
    </Box>
  );
}

/**
 * The page's <main>. After a route change (a link, or the redirect after signing in) focus moves
 * here, so a keyboard or screen reader user starts at the new page instead of at <body>.
 */
export function MainContent({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false; // the first page keeps the browser's own start
      return;
    }
    // without scrolling: where the page shows is ScrollManager's (a new page at its top, Back where
    // it was left); focusing scrolled <main> under the sticky header, 57 px down on a phone
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <Container component="main" id="main" ref={main} tabIndex={-1} maxWidth="xl" sx={{ py: 3, flexGrow: 1 }}>
      {children}
    </Container>
  );
}
