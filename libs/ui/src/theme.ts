import { createTheme, type Theme, type ThemeOptions } from '@mui/material';

export interface ThemeSettings {
  darkMode: boolean;
  minimalAnimations: boolean;
}

type Mode = 'light' | 'dark';

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

// Every text pair below is at least 4.5:1 and the focus ring at least 3:1 (WCAG AA); theme.spec.ts
// measures them in both modes, so a colour change that breaks one fails a test.

/** Calm clinical palette: dental teal-blue primary on white surfaces. */
const lightPalette: ThemeOptions['palette'] = {
  mode: 'light',
  primary: { main: '#0b6e8a', light: '#3f97b0', dark: '#074c60', contrastText: '#ffffff' },
  // #2a9d8f under white text was 3.3:1
  secondary: { main: '#1f7a6f', contrastText: '#ffffff' },
  background: { default: '#f4f7f9', paper: '#ffffff' },
  text: { primary: '#17252d', secondary: '#52636d' },
};

// The light teal is too dark to read on dark surfaces, so dark mode lifts it and uses dark text on it.
const darkPalette: ThemeOptions['palette'] = {
  mode: 'dark',
  primary: { main: '#4fb3cf', light: '#7fcbe0', dark: '#3094b0', contrastText: '#0b1a20' },
  secondary: { main: '#4cc2b3', contrastText: '#0b1a20' },
  // MUI's dark error red (#f44336) is 4.4:1 on the dark paper
  error: { main: '#f28b82', contrastText: '#0b1a20' },
  background: { default: '#0e171c', paper: '#15232a' },
  text: { primary: '#e3edf1', secondary: '#9fb3bc' },
  divider: 'rgba(227, 237, 241, 0.14)',
};

/** Toast backgrounds per notistack variant, under white text in both modes. */
export const TOAST_COLORS = { default: '#313131', success: '#2e7d32', info: '#0b6e8a', warning: '#8a5300', error: '#c62828' } as const;

/** Colours the palette has no slot for: the no-image tile and the focus ring. */
export const EXTRA_COLORS: Record<Mode, { placeholder: { background: string; text: string }; focusRing: string }> = {
  light: { placeholder: { background: '#eef2f4', text: '#52636d' }, focusRing: '#0b6e8a' },
  dark: { placeholder: { background: '#22333b', text: '#c3d2d8' }, focusRing: '#7fcbe0' },
};

/** The 'Image Not Found' / 'No image' tile: readable in both modes (grey.100 under dark mode's text was 2:1). */
export const placeholderSx = {
  bgcolor: (t: Theme) => EXTRA_COLORS[t.palette.mode].placeholder.background,
  color: (t: Theme) => EXTRA_COLORS[t.palette.mode].placeholder.text,
};

/**
 * A two-colour focus ring: the ring colour outside, the page colour between it and the control, so
 * it shows on any surface. Drawn by CSS, so it shows with 'Minimal Animations' on (no ripple).
 * `inset` draws it inside, for controls in a clipping container (tabs, menus, lists).
 */
export function focusRing(mode: Mode, inset = false) {
  const ring = EXTRA_COLORS[mode].focusRing;
  const gap = mode === 'dark' ? '#0e171c' : '#ffffff';
  return inset
    ? { outline: `3px solid ${ring}`, outlineOffset: '-3px', boxShadow: `inset 0 0 0 5px ${gap}` }
    : { outline: `3px solid ${ring}`, outlineOffset: '2px', boxShadow: `0 0 0 2px ${gap}` };
}

/** The app theme for the saved Display/Performance settings (SPEC §3 local settings). */
export function makeTheme({ darkMode, minimalAnimations }: ThemeSettings): Theme {
  const mode: Mode = darkMode ? 'dark' : 'light';
  const ring = focusRing(mode);
  const insetRing = { '&.Mui-focusVisible': focusRing(mode, true) };
  return createTheme({
    ...shared,
    palette: darkMode ? darkPalette : lightPalette,
    ...(minimalAnimations ? { transitions: { create: () => 'none' } } : {}),
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // links and other focusable elements that are not MUI buttons
          'a:focus-visible, [tabindex="0"]:focus-visible, summary:focus-visible': ring,
          // a container focused by script (e.g. <main> after a route change) is a reading position, not a control
          '[tabindex="-1"]:focus': { outline: 'none' },
        },
      },
      MuiButtonBase: {
        ...(minimalAnimations ? { defaultProps: { disableRipple: true } } : {}),
        styleOverrides: { root: { '&.Mui-focusVisible, &:focus-visible': ring } },
      },
      MuiTab: { styleOverrides: { root: insetRing } },
      MuiMenuItem: { styleOverrides: { root: insetRing } },
      MuiListItemButton: { styleOverrides: { root: insetRing } },
      // a disabled field's hint is still read: MUI greys it to text.disabled (2.7:1)
      // MUI's unselected toggle text is action.active (54 % black), 4.4:1 on the page background
      MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) } },
      MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
      MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderColor: darkMode ? '#2a3c45' : '#e1e8ec' } } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
    },
  });
}

/** The light theme, for code that does not follow the saved settings. */
export const theme = makeTheme({ darkMode: false, minimalAnimations: false });
