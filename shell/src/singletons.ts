import React from 'react';
import { Box } from '@mui/material';
import { getStoreModuleEvaluations } from '@dentalmarket/store';
import { registerMuiInstance, registerReactInstance } from '@dentalmarket/ui';

export interface Diagnostics {
  reactCopies: number;
  storeModuleEvaluations: number;
}

type Scope = typeof globalThis & {
  __DM_REACT_INSTANCES__?: Set<unknown>;
  __DM_MUI_INSTANCES__?: Set<unknown>;
  __DM_DIAGNOSTICS__?: () => Diagnostics;
  __DM_MUI_COPIES__?: () => number;
};

/**
 * window.__DM_DIAGNOSTICS__(): copies of React and evaluations of libs/store in the page (both
 * must be 1); window.__DM_MUI_COPIES__(): copies of @mui/material among the loaded apps (must be 1).
 */
export function installDiagnostics(): void {
  registerReactInstance(React);
  registerMuiInstance(Box);
  const scope = globalThis as Scope;
  scope.__DM_DIAGNOSTICS__ = () => ({
    reactCopies: scope.__DM_REACT_INSTANCES__?.size ?? 0,
    storeModuleEvaluations: getStoreModuleEvaluations(),
  });
  scope.__DM_MUI_COPIES__ = () => scope.__DM_MUI_INSTANCES__?.size ?? 0;
}
