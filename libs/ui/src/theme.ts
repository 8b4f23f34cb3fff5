import { createTheme, type Theme, type ThemeOptions } from '@mui/material';

export interface ThemeSettings {
  darkMode: boolean;
  minimalAnimations: boolean;
}

const shared: ThemeOptions = {
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.6rem', fontWeight: 700 },
    h3: { fontSize: '1.3rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
};

/** Calm clinical palette: dental teal-blue primary on white surfaces. */
const lightPalette: ThemeOptions['palette'] = {
  mode: 'light',
  primary: { main: '#0b6e8a', light: '#3f97b0', dark: '#074c60', contrastText: '#ffffff' },
  secondary: { main: '#2a9d8f', contrastText: '#ffffff' },
  background: { default: '#f4f7f9', paper: '#ffffff' },
  text: { primary: '#17252d', secondary: '#52636d' },
};

// The light teal is too dark to read on dark surfaces, so dark mode lifts it and uses dark text on it.
const darkPalette: ThemeOptions['palette'] = {
  mode: 'dark',
  primary: { main: '#4fb3cf', light: '#7fcbe0', dark: '#2b8aa5', contrastText: '#0b1a20' },
  secondary: { main: '#4cc2b3', contrastText: '#0b1a20' },
  background: { default: '#0e171c', paper: '#15232a' },
  text: { primary: '#e3edf1', secondary: '#9fb3bc' },
  divider: 'rgba(227, 237, 241, 0.14)',
};

/** The app theme for the saved Display/Performance settings (SPEC §3 local settings). */
export function makeTheme({ darkMode, minimalAnimations }: ThemeSettings): Theme {
  return createTheme({
    ...shared,
    palette: darkMode ? darkPalette : lightPalette,
    ...(minimalAnimations ? { transitions: { create: () => 'none' } } : {}),
    components: {
      MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderColor: darkMode ? '#2a3c45' : '#e1e8ec' } } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      ...(minimalAnimations ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
    },
  });
}

/** The light theme, for code that does not follow the saved settings. */
export const theme = makeTheme({ darkMode: false, minimalAnimations: false });
