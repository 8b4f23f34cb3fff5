/**
 * Demo accounts only where only this machine reaches them: the built API (`node dist/main.js`, as
 * `npm start` runs it, NODE_ENV unset) listens on 127.0.0.1 unless HOST says otherwise, seeds the
 * README's demo accounts only on loopback unless SEED_DEMO=true, warns when they exist beyond it,
 * and its log names the address it really listens on.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BACKEND_ROOT } from '../src/config/app-config.js';
import { freshDatabase } from './helpers.js';
import { eventually } from './eventually.js';

interface Started {
  child: ChildProcess;
  port: number;
  address: string;
  output: () => string;
  stop(): Promise<void>;
}

async function startApi(env: NodeJS.ProcessEnv): Promise<Started> {
  const database = await freshDatabase('listen_host');
  let output = '';
  const child = spawn(process.execPath, [path.join(BACKEND_ROOT, 'dist', 'main.js')], {
    env: { ...process.env, NODE_ENV: '', PORT: '0', HOST: '', SEED_DEMO: '', LOG_LEVEL: 'info', ...database.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const match = (await eventually(
    () => {
      if (child.exitCode !== null) throw new Error(`the API did not start:\n${output}`);
      return /Listening on http:\/\/(\[[^\]]+\]|[^:/\s]+):(\d+)/.exec(output);
    },
    { what: "the API's 'Listening on' line" },
  ))!;
  return {
    child,
    port: Number(match[2]),
    address: match[1]!.replace(/^\[|\]$/g, ''),
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await database.drop();
    },
  };
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

const signsIn = (port: number, username: string, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) }).then((res) => res.status);

/** This machine's addresses beyond loopback (a container or VM has at least one; a sandbox may have none). */
const outside = Object.values(os.networkInterfaces())
  .flat()
  .filter((info) => info && !info.internal && info.family === 'IPv4')
  .map((info) => info!.address);

describe('where the API listens', () => {
  it('outside production, on 127.0.0.1 only, says so, and has the demo accounts', async () => {
    const api = await startApi({});
    try {
      expect(api.address).toBe('127.0.0.1');
      expect(api.output()).toContain(`Listening on http://127.0.0.1:${api.port} `);
      expect(await connects('127.0.0.1', api.port)).toBe(true);
      expect(await connects('::1', api.port)).toBe(false);
      for (const address of outside) expect(await connects(address, api.port)).toBe(false);
      expect(await signsIn(api.port, 'admin', 'DentalAdmin!2026')).toBe(200);
      expect(api.output()).not.toContain('The demo accounts');
    } finally {
      await api.stop();
    }
  });

  it('with HOST beyond loopback: the demo catalogue but no demo accounts, and no warning', async () => {
    const api = await startApi({ HOST: '0.0.0.0' });
    try {
      expect(api.output()).toContain(`Listening on http://0.0.0.0:${api.port} (every interface)`);
      for (const address of outside) expect(await connects(address, api.port)).toBe(true);
      expect(await signsIn(api.port, 'admin', 'DentalAdmin!2026')).toBe(401);
      expect(await signsIn(api.port, 'dr.smith', 'DentalDemo!2026')).toBe(401);
      const products = (await (await fetch(`http://127.0.0.1:${api.port}/api/products?limit=1`)).json()) as { total: number };
      expect(products.total).toBeGreaterThan(0);
      expect(api.output()).not.toContain('The demo accounts');
    } finally {
      await api.stop();
    }
  });

  it('with HOST beyond loopback and SEED_DEMO=true: the demo accounts, and a warning naming them', async () => {
    const api = await startApi({ HOST: '0.0.0.0', SEED_DEMO: 'true' });
    try {
      expect(await signsIn(api.port, 'admin', 'DentalAdmin!2026')).toBe(200);
      await eventually(() => api.output().includes('The demo accounts'), { timeout: 10_000, what: 'the warning' });
      expect(api.output()).toMatch(/The demo accounts admin, dr\.smith still have the passwords printed in the README, and the API listens beyond this machine/);
    } finally {
      await api.stop();
    }
  });
});
