// Shared Jest setup: TypeScript through SWC (decorator metadata on), native ESM, workspace libs from source.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(fileURLToPath(import.meta.url));

export function jestConfig({ testEnvironment = 'node', ...overrides } = {}) {
  return {
    // 'jsdom' is ours: jsdom 31 (scripts/jest-jsdom-environment.cjs says why)
    testEnvironment: testEnvironment === 'jsdom' ? path.join(root, 'scripts/jest-jsdom-environment.cjs') : testEnvironment,
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true, decorators: true },
            transform: {
              legacyDecorator: true,
              decoratorMetadata: true,
              react: { runtime: 'automatic' },
            },
            target: 'es2022',
          },
          module: { type: 'es6' },
        },
      ],
    },
    moduleNameMapper: {
      '^@dentalmarket/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
      // the entries outside the main one (api-keys, webhooks: admin and API only; practices: the API, the checkout remote and the auth page)
      '^@dentalmarket/contracts/([a-z-]+)$': path.join(root, 'libs/contracts/src/$1.ts'),
      '^@dentalmarket/api-client$': path.join(root, 'libs/api-client/src/index.ts'),
      '^@dentalmarket/store$': path.join(root, 'libs/store/src/index.ts'),
      '^@dentalmarket/ui$': path.join(root, 'libs/ui/src/index.ts'),
      '^@dentalmarket/ui/forms$': path.join(root, 'libs/ui/src/forms.ts'),
      '^@dentalmarket/ui/unsaved$': path.join(root, 'libs/ui/src/unsaved/index.ts'),
      '^@dentalmarket/ui/testing$': path.join(root, 'libs/ui/src/testing.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    testMatch: ['**/?(*.)+(spec|test).ts?(x)'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    reporters: ['default', path.join(root, 'scripts/jest-plain-summary.cjs')],
    // two workers, not Jest's cores - 1 (one on this 2-core machine): admin-mfe's 23 files alone took
    // 200 s in one worker, longer than the other six workspaces together run beside it
    maxWorkers: 2,
    ...overrides,
  };
}
