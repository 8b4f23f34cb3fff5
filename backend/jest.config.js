import { jestConfig } from '../jest.preset.mjs';

export default jestConfig({
  rootDir: '.',
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  setupFiles: ['<rootDir>/test/worker-env.ts'],
  testTimeout: 60_000,
  // a worker that holds more than this after a file is replaced before the next: the module graph each
  // file loads again is not all freed (2.3 GB per worker by the end of a run), and the heap's growth cost
  // the run garbage collection and page faults (embedded run 968 CPU-s, 870 with the limit)
  workerIdleMemoryLimit: '1GB',
});
