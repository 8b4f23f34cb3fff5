import { jestConfig } from '../jest.preset.mjs';

export default jestConfig({
  rootDir: '.',
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 60_000,
  // one spec file at a time: an embedded DATA_DIR is one API's at a time, a server run shares one database
  maxWorkers: 1,
});
