/**
 * `node --import ./test/runner/register.mjs`: TypeScript specs and sources load (./hooks.mjs), and the
 * spec files find the Jest API they were written against, on node:test (./jest-api.mjs).
 */
import { registerHooks } from 'node:module';
import * as hooks from './hooks.mjs';

registerHooks(hooks);
await import('./jest-api.mjs');
