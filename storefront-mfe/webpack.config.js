import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '@dentalmarket/mf-config';

export default createConfig({
  name: 'storefront',
  dirname: path.dirname(fileURLToPath(import.meta.url)),
  exposes: { './App': './src/App.tsx' },
  ssr: true,
  port: 3101,
});
