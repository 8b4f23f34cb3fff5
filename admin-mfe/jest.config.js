import { jestConfig } from '../jest.preset.mjs';
// the grid and dialog specs render whole MUI screens: on a busy shared machine one can pass 5 s
export default jestConfig({ testEnvironment: 'jsdom', testTimeout: 30_000 });
