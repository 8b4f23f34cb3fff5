import { jestConfig } from '../jest.preset.mjs';

export default jestConfig({
  rootDir: '.',
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  setupFiles: ['<rootDir>/test/worker-data-dir.cjs'],
  testTimeout: 60_000,
  // an embedded run: two spec files at a time, each worker with its own embedded PostgreSQL
  // (test/worker-data-dir.cjs); a run on a server (DATABASE_URL) shares one database, one file at a time
  maxWorkers: process.env.DATABASE_URL ? 1 : 2,
});
