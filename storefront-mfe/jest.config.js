import { jestConfig } from '../jest.preset.mjs';
// the dialog and page specs render whole MUI screens: on a busy shared machine one can pass 5 s (as admin-mfe's)
export default jestConfig({ testEnvironment: 'jsdom', testTimeout: 30_000 });
