type Scope = typeof globalThis & { __DM_REACT_INSTANCES__?: Set<unknown>; __DM_MUI_INSTANCES__?: Set<unknown> };

/**
 * Records the React a federated app runs with. Call it with the app's OWN `import React` (not
 * through this shared lib), so a duplicated React shows as a second entry; browser tests expect 1.
 */
export function registerReactInstance(react: unknown): void {
  const scope = globalThis as Scope;
  (scope.__DM_REACT_INSTANCES__ ??= new Set()).add(react);
}

/**
 * Records the @mui/material an app runs with (pass `Box` from the app's own
 * `import { Box } from '@mui/material'`). A second copy breaks silently: the theme's colours still
 * apply (emotion is shared) but its component defaults do not, so browser tests expect 1.
 */
export function registerMuiInstance(muiBox: unknown): void {
  const scope = globalThis as Scope;
  (scope.__DM_MUI_INSTANCES__ ??= new Set()).add(muiBox);
}
