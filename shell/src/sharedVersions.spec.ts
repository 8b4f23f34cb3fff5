import { getRegisteredShare } from '@module-federation/runtime-core';
import { isUnmetRequirement, unmetModule } from './sharedVersions.js';

/** The federation runtime's own refusal: a page whose store is 1.4.0, a remote built for the store's next major. */
function refusal(): unknown {
  const share = { version: '1.4.0', from: 'shell', loaded: true, lib: () => ({}), shareConfig: { singleton: true, requiredVersion: '^1.0.0' } };
  const scope = { default: { '@dentalmarket/store': { '1.4.0': share } } };
  const consumer = { from: 'checkout', version: '2.0.0', scope: ['default'], strategy: 'loaded-first', shareConfig: { singleton: true, strictVersion: true, requiredVersion: '^2.0.0' } };
  const hook = { emit: (params: unknown) => params };
  try {
    getRegisteredShare(scope as never, '@dentalmarket/store', consumer as never, hook as never);
  } catch (error) {
    return error;
  }
  throw new Error('the runtime handed out a singleton that does not satisfy');
}

describe('issue 33: a remote that needs a newer singleton than the page has', () => {
  it("is told from the runtime's refusal, whose message names the module, the remote and both versions", () => {
    const error = refusal();
    expect(isUnmetRequirement(error)).toBe(true);
    expect(unmetModule(error)).toBe('@dentalmarket/store');
    expect(String((error as Error).message)).toMatch(/Version 1\.4\.0 from shell of shared singleton module @dentalmarket\/store does not satisfy the requirement of checkout which needs \^2\.0\.0/);
  });

  it('is not any other failure', () => {
    expect(isUnmetRequirement(new Error('Failed to fetch dynamically imported module'))).toBe(false);
    expect(isUnmetRequirement(null)).toBe(false);
    expect(unmetModule(new Error('Failed to fetch'))).toBeNull();
  });
});
