import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { BACKEND_ROOT } from '../src/config/app-config.js';
import { freshDatabase } from './helpers.js';
import { eventually } from './eventually.js';

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `command` in backend/ with PORT=0; resolves once it says where it listens. */
async function start(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn(command, args, { cwd: BACKEND_ROOT, env: { ...process.env, ...env, PORT: '0', NODE_ENV: 'test' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const port = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on http:\/\/\S+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(({ code }) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
  return { child, port, output: () => output, exited };
}

/**
 * `connections` clients reading in a loop over keep-alive connections until the server refuses
 * them: what each request ended with (a status, or an error code). IDLE_CLOSED: the request went out
 * on a reused connection the server had just closed as idle, before reading it (Node's documented
 * keep-alive race, `req.reusedSocket`): like a refusal, never accepted; a client retries it.
 * NOT_ACCEPTED: a new connection the kernel had queued but the API had not yet accepted when its
 * listening socket closed (reset by the kernel; seen only on a loaded machine).
 */
function load(port: number, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const outcomes: string[] = [];
  const get = (page: number) =>
    new Promise<string>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: `/api/products?limit=24&page=${page}`, agent }, (res) => {
        res.resume();
        res.once('end', () => resolve(String(res.statusCode)));
        res.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
      req.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') return resolve(error.code ?? error.message);
        // a new connection reset before any answer was still in the kernel's accept queue when the
        // listening socket closed: the API never accepted it (as with a refusal, a client retries it)
        resolve(req.reusedSocket ? 'IDLE_CLOSED' : 'NOT_ACCEPTED');
      });
    });
  const clients = Array.from({ length: connections }, async (_, i) => {
    for (let n = 0; ; n++) {
      const outcome = await get(((i * 7 + n) % 4) + 1);
      outcomes.push(outcome);
      if (outcome === 'ECONNREFUSED') return;
    }
  });
  return { outcomes, done: Promise.all(clients).finally(() => agent.destroy()) };
}

const until = (condition: () => boolean) => eventually(condition, { what: 'the traffic' });

describe('graceful shutdown', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    database = await freshDatabase('shutdown', { seeded: true });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('on SIGTERM under load, answers every request it accepted, then exits 0', async () => {
    const api = await start(process.execPath, ['dist/main.js'], database.env);
    try {
      const traffic = load(api.port, 50);
      await until(() => traffic.outcomes.filter((outcome) => outcome === '200').length >= 200);
      api.child.kill('SIGTERM');
      await traffic.done;
      expect(await api.exited).toEqual({ code: 0, signal: null });
      // after the signal a client can only meet a closed door (refused), never a dropped or failed request
      expect(traffic.outcomes.filter((outcome) => !['200', 'ECONNREFUSED', 'IDLE_CLOSED', 'NOT_ACCEPTED'].includes(outcome))).toEqual([]);
      expect(api.output()).toContain('SIGTERM received: draining requests');
      // the server closes only connections with no request in flight, unless the grace period ran out
      expect(api.output()).not.toMatch(/ERROR|Connection terminated|cutting/);
    } finally {
      api.child.kill('SIGKILL');
    }
  });

  it('`npm start` passes SIGTERM to the API and stops cleanly, without npm error lines', async () => {
    const npm = process.env.npm_execpath;
    expect(npm).toBeDefined(); // the suite runs through npm (npm test)
    const api = await start(process.execPath, [npm!, 'start'], database.env);
    try {
      api.child.kill('SIGTERM'); // npm's own process: it must hand the signal on to the API
      expect(await api.exited).toEqual({ code: 0, signal: null });
      expect(api.output()).toContain('Stopped in');
      expect(api.output()).not.toMatch(/npm error|ERR!/);
    } finally {
      api.child.kill('SIGKILL');
    }
  });
});
