// What every build imports from '@mui/material', and all it shares (index.js aliases '@mui/material'
// here). The barrel as a shared module would ship every component whether used or not; through this
// facade the shared module is only the components the shell and the storefront use (a shopper's first
// page), each from its own path. Checkout and admin import the components only they use from the
// component's own path ('@mui/material/Tooltip'), which their own bundle carries: the theme still
// reaches them through Emotion's shared context. A name missing here would build (a remote's import is
// served by the shared module at run time, whose names webpack cannot check) and render undefined:
// shell/src/sharedImports.spec.ts fails on it instead. Import it by its path, or add it to a part and
// run `npm run shared-versions` (docs/deploy-a-remote.md): in an older shell, the remote that needs it
// brings its own copy of that part.
//
// The components are in five parts (mui-material/*.js), each a shared module of its own
// (MUI_PARTS in shared.js), so a page's start can evaluate them in five tasks instead of one long one
// (~30 ms on a 2-core host, 4x that on a phone: issue 20's TBT). When versions match, every part comes
// from the same build as this facade (the shell's), so they share MUI's internals.
export * from '@dentalmarket/mui-parts/theme';
export * from '@dentalmarket/mui-parts/layout';
export * from '@dentalmarket/mui-parts/base';
export * from '@dentalmarket/mui-parts/overlays';
export * from '@dentalmarket/mui-parts/fields';
