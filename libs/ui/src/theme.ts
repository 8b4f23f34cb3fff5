import { createTheme } from '@mui/material';

/** Calm clinical palette: dental teal-blue primary on white surfaces. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0b6e8a', light: '#3f97b0', dark: '#074c60', contrastText: '#ffffff' },
    secondary: { main: '#2a9d8f', contrastText: '#ffffff' },
    background: { default: '#f4f7f9', paper: '#ffffff' },
    text: { primary: '#17252d', secondary: '#52636d' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.6rem', fontWeight: 700 },
    h3: { fontSize: '1.3rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderColor: '#e1e8ec' } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});
