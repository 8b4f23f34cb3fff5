import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '@dentalmarket/mf-config';

export default createConfig({ name: 'shell', dirname: path.dirname(fileURLToPath(import.meta.url)), isHost: true, port: 3100, ssr: true });
