#!/usr/bin/env node
// `npm run bench`: figures, not assertions. Each API endpoint's throughput is reported as a ratio
// to a baseline run beside it in the same process and moment (/api/health: routing, middleware
// and JSON, no database), so numbers compare across machines and runs. Then the gzip size of what
// a shopper downloads for each federated app. Run after `npm run build`.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startApi() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dm-bench-'));
  chmodSync(dataDir, 0o755); // run as root, the embedded PostgreSQL runs as the user postgres
  const child = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', SEED_DEMO: 'true', SESSION_SECRET: 'bench-only-session-secret' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function load(url) {
  const result = await autocannon({ url, connections, duration: seconds });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const endpoints = [
  ['/api/categories?productType=equipment', 'categories of a type'],
  ['/api/products/by-type/equipment', 'products by type'],
  ['/api/products?search=scanner&limit=1000', 'product search'],
  ['/api/products?sort=price-desc&limit=20&page=2', 'filtered, sorted page'],
];

const api = await startApi();
try {
  await load(`${api.url}/api/health`); // warm-up
  console.log(`API throughput, ${connections} connections x ${seconds}s each, ratio to /api/health run beside it`);
  console.log('endpoint'.padEnd(46), 'req/s'.padStart(8), 'p99 ms'.padStart(8), 'ratio'.padStart(7), 'errors'.padStart(7));
  for (const [route, label] of endpoints) {
    const baseline = await load(`${api.url}/api/health`);
    const measured = await load(`${api.url}${route}`);
    console.log(
      `${label} (${route})`.slice(0, 46).padEnd(46),
      measured.rps.toFixed(0).padStart(8),
      String(measured.p99).padStart(8),
      (measured.rps / baseline.rps).toFixed(2).padStart(7),
      String(measured.errors).padStart(7),
    );
  }
} finally {
  await api.stop();
}

function gzipKb(files) {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0) / 1024;
}

console.log('\nFrontend size (gzip, every .js the build emits / entry files only)');
for (const app of ['shell', 'storefront-mfe', 'checkout-mfe', 'admin-mfe']) {
  const dist = path.join(root, app, 'dist');
  const js = readdirSync(dist).filter((f) => f.endsWith('.js')).map((f) => path.join(dist, f));
  const entries = js.filter((f) => /\/(main|remoteEntry)\.js$/.test(f));
  const raw = js.reduce((sum, f) => sum + statSync(f).size, 0) / 1024;
  console.log(`${app.padEnd(16)} all ${gzipKb(js).toFixed(1).padStart(7)} KB gzip (${raw.toFixed(0)} KB raw)   entries ${gzipKb(entries).toFixed(1).padStart(6)} KB gzip`);
}
