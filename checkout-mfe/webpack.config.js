import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '@dentalmarket/mf-config';

export default createConfig({
  name: 'checkout',
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  exposes: { './App': './src/App.tsx', './CartDebugger': './src/CartDebugger.tsx' },
  port: 3102,
});
