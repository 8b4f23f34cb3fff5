// The bench's command line (listed at the top of bench/run.mjs) and the paths every part shares.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SERVER } from './generate-catalogue.mjs';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The parts --only accepts ('api' stands for scale and embedded). */
export const PARTS = ['scale', 'embedded', 'search', 'size', 'lighthouse', 'first-tap', 'resilience', 'orders', 'imports', 'clicks', 'analytics', 'keys', 'webhooks', 'replicas', 'guides', 'drill', 'search-1m', 'invoice-reminders'];

const argv = process.argv.slice(2);
/** The value after --name, or `fallback` when it is absent (or followed by another option). */
export const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined && !argv[i + 1].startsWith('--') ? argv[i + 1] : fallback;
};

export const opts = {
  products: Number(option('products', 100_000)),
  seconds: Number(option('seconds', 10)),
  warmup: Number(option('warmup', 3)),
  connections: Number(option('connections', 50)),
  skipGenerate: argv.includes('--skip-generate'),
  only: new Set(option('only', 'api,search,size,lighthouse').split(',').flatMap((part) => (part === 'api' ? ['scale', 'embedded'] : [part]))),
  server: option('pg', DEFAULT_SERVER),
  searchCells: argv.includes('--cells') ? new Set(option('cells', '').split(',')) : null,
  searchRounds: Number(option('rounds', 2)),
};
for (const part of opts.only) if (!PARTS.includes(part)) throw new Error(`--only takes api (= scale,embedded), search, size, lighthouse, first-tap, resilience, orders, imports, clicks, analytics, keys, webhooks, replicas, guides, drill, search-1m or invoice-reminders, not ${part}`);
