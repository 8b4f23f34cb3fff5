// The first part of the shared MUI facade (../mui-material.js): the theme and the styles everything
// else is built on. Evaluated first, in a task of its own (shell/src/bootstrap.tsx).
export { default as CssBaseline } from '@mui/material/CssBaseline';
export { alpha, createTheme, styled, ThemeProvider, useTheme } from '@mui/material/styles';
export { default as useMediaQuery } from '@mui/material/useMediaQuery';
