// The parts of the shared MUI facade (libs/mf-config/facades/mui-material/*.js, MUI_PARTS), shared
// modules the start evaluates one at a time (bootstrap.tsx); the app imports their components from
// '@mui/material'.
declare module '@dentalmarket/mui-parts/*';
