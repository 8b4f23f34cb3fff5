import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '@dentalmarket/mf-config';

export default createConfig({
  name: 'admin',
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  exposes: { './App': './src/App.tsx', './ProductEditor': './src/ProductEditor.tsx' },
  port: 3103,
});
