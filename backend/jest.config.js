import { jestConfig } from '../jest.preset.mjs';

export default jestConfig({
  rootDir: '.',
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  setupFiles: ['<rootDir>/test/worker-env.ts'],
  testTimeout: 60_000,
});
