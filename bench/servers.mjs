// What the parts run on: the N-product bench catalogue (made once per run) and the servers on it,
// the built API (`node backend/dist/main.js`, NODE_ENV=production) and any other node script.
import pg from 'pg';
import { databaseName, databaseUrl, generateCatalogue } from './generate-catalogue.mjs';
import { opts, root } from './options.mjs';
import { startProcess } from './processes.mjs';
import { out } from './report.mjs';

const SESSION_SECRET = 'bench-only-session-secret-0123456789';

export const startNode = (script, env) => startProcess({ root, script, env });
export const startApi = (env) => startNode('backend/dist/main.js', { NODE_ENV: 'production', SESSION_SECRET, ...env });

/** Whether the bench server has a database of this name. */
export async function databaseExists(name) {
  const client = new pg.Client({ connectionString: `${opts.server}/postgres` });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;
  } finally {
    await client.end();
  }
}

/** The N-product bench catalogue, generated once per run (or kept with --skip-generate); its URL. */
let catalogue;
export function benchCatalogue() {
  catalogue ??= (async () => {
    const url = databaseUrl(opts.products, opts.server);
    if (!opts.skipGenerate || !(await databaseExists(databaseName(opts.products)))) {
      const generated = await generateCatalogue({ products: opts.products, server: opts.server, log: out });
      out(`(catalogue generated in ${generated.seconds.toFixed(0)} s)`);
      out();
    }
    return url;
  })();
  return catalogue;
}
