import { jestConfig } from '../../jest.preset.mjs';
export default jestConfig({ testMatch: ['**/versions/*.test.js'] });
