import { StrictMode, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { Button, CssBaseline, ThemeProvider } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';
import type { AppStore } from '@dentalmarket/store';
import { AppSnackbarProvider } from './AppSnackbarProvider.js';
import { makeTheme } from './theme.js';
import { useDarkMode, useSettings } from './settings/useSettings.js';

const browserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;

/**
 * Everything a page of the product runs inside: the store, theme, toasts and router (the browser's,
 * or the one a server render gives for its URL).
 */
export function AppProviders({ store, children, router = browserRouter }: { store: AppStore; children: ReactNode; router?: (children: ReactNode) => ReactNode }) {
  const settings = useSettings();
  const darkMode = useDarkMode();
  const { minimalAnimations } = settings.performance;
  // rebuilt only when a setting it depends on changes; saving in the Settings tab switches it without a reload
  const theme = useMemo(() => makeTheme({ darkMode, minimalAnimations }), [darkMode, minimalAnimations]);
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <AppSnackbarProvider>
            {router(children)}
          </AppSnackbarProvider>
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}

/** 'Back to marketplace' link to the home page, used at the top of checkout and admin. */
export function BackToMarketplaceButton() {
  return (
    <Button component={RouterLink} to="/" startIcon={<ArrowBack />} sx={{ mb: 2 }}>
      Back to marketplace
    </Button>
  );
}
