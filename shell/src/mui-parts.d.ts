// The parts of the shared MUI facade (libs/mf-config/facades/mui-material/*.js), shared modules the
// start evaluates one at a time (bootstrap.tsx); the app imports their components from '@mui/material'.
declare module '@dentalmarket/mui-parts/theme';
declare module '@dentalmarket/mui-parts/layout';
declare module '@dentalmarket/mui-parts/base';
declare module '@dentalmarket/mui-parts/overlays';
declare module '@dentalmarket/mui-parts/fields';
