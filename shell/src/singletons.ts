import React from 'react';
import { getStoreModuleEvaluations } from '@dentalmarket/store';
import { registerReactInstance } from '@dentalmarket/ui';

export interface Diagnostics {
  reactCopies: number;
  storeModuleEvaluations: number;
}

type Scope = typeof globalThis & { __DM_REACT_INSTANCES__?: Set<unknown>; __DM_DIAGNOSTICS__?: () => Diagnostics };

/** window.__DM_DIAGNOSTICS__(): copies of React and evaluations of libs/store in the page (both must be 1). */
export function installDiagnostics(): void {
  registerReactInstance(React);
  (globalThis as Scope).__DM_DIAGNOSTICS__ = () => ({
    reactCopies: (globalThis as Scope).__DM_REACT_INSTANCES__?.size ?? 0,
    storeModuleEvaluations: getStoreModuleEvaluations(),
  });
}
