import { StrictMode, useInsertionEffect, useMemo, useRef, type ReactNode } from 'react';
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
 * A switch between light and dark changes the whole page at once. Without this, every element with a
 * colour or shadow transition (buttons, cards, inputs, chips) faded to its new colours on its own
 * clock for up to 300 ms, half-way colours the page never means to show, and the browser painted each
 * of those frames. The rule below turns transitions off before React writes the new theme's class
 * names; the first frame computes the new styles under it, and the second takes it away (what MUI's
 * `disableTransitionOnChange` and next-themes do). Not on the first render; on a server-rendered page
 * for a device set to dark, the switch right after hydration is instant too.
 */
function useInstantSchemeSwitch(darkMode: boolean) {
  const first = useRef(true);
  useInsertionEffect(() => {
    if (first.current) return void (first.current = false);
    const rule = document.head.appendChild(document.createElement('style'));
    rule.textContent = '*,*::before,*::after{transition:none!important}';
    requestAnimationFrame(() => requestAnimationFrame(() => rule.remove()));
  }, [darkMode]);
}

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
  useInstantSchemeSwitch(darkMode);
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
