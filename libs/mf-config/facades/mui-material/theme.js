// The first part of the shared MUI facade (../mui-material.js): the theme, the styles and the layout
// and text primitives everything else is built on. Evaluated first, in a task of its own
// (shell/src/bootstrap.tsx).
export { default as Box } from '@mui/material/Box';
export { default as Container } from '@mui/material/Container';
export { default as CssBaseline } from '@mui/material/CssBaseline';
export { default as Divider } from '@mui/material/Divider';
export { default as Link } from '@mui/material/Link';
export { default as Paper } from '@mui/material/Paper';
export { default as Skeleton } from '@mui/material/Skeleton';
export { default as Stack } from '@mui/material/Stack';
export { default as Typography } from '@mui/material/Typography';
export { default as SvgIcon, createSvgIcon, svgIconClasses } from '@dentalmarket/unshared/mui-svg-icon';
export { alpha, createTheme, styled, ThemeProvider, useTheme } from '@mui/material/styles';
export { default as useMediaQuery } from '@mui/material/useMediaQuery';
