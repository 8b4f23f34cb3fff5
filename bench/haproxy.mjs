// HAProxy (Debian's package) in front of API processes, for the failure drill and the 1/2/3-process
// throughput curve (bench/drill.mjs). Never the system service: a haproxy process of our own, in the
// foreground (-db), on a config generated here into a temporary directory, stopped with stop().
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The health checks and retries the drill runs with (see docs/deploy.md, "A few boxes"):
 * - every 500 ms `GET /api/health/ready` (250 ms once one failed), down after 3 failures, up after
 *   2 successes: a process that is killed (its checks are refused at once) or shutting down (its
 *   readiness answers 503 from its SIGTERM on) leaves the rotation within about a second; a check
 *   may take 2 s before it counts as failed, so a process merely slow under load is not taken out;
 * - a request whose connection is refused, or that gets no response at all (a killed process), is
 *   retried up to `retries` times, on another server (`option redispatch 1`). One that got no
 *   response may have done its work, so it is replayed only when that is harmless: a read, or a
 *   write carrying an Idempotency-Key (a checkout); other writes only after a refused connection;
 * - `slowstart`: a process back in the rotation takes its share over a few seconds (its caches and
 *   search index are cold).
 */
export const DRILL_DEFAULTS = {
  checkIntervalMs: 500,
  fall: 3,
  rise: 2,
  checkTimeoutMs: 2000,
  retries: 3,
  retryOn: ['conn-failure', 'empty-response', 'response-timeout'],
  redispatch: true,
  slowstartMs: 5000,
  balance: 'leastconn',
  connectTimeoutMs: 1000,
  serverTimeoutMs: 30_000,
  maxconn: 4096,
  // requests at once per process (0: no limit); the rest wait in HAProxy's queue for the first free one
  serverMaxconn: 0,
  // every request in the log with its timers, not only those that went wrong (the drill's --api-logs)
  logEveryRequest: false,
};

/**
 * The haproxy.cfg text: one frontend on `port` (127.0.0.1), one backend of `servers`
 * ([{ name, port }], on 127.0.0.1), health-checked on the API's readiness route.
 * `settings` overrides DRILL_DEFAULTS (retryOn: [] leaves HAProxy's default, conn-failure alone).
 */
export function haproxyConfig({ port, servers, settings = {} }) {
  const s = { ...DRILL_DEFAULTS, ...settings };
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`haproxyConfig: bad port ${port}`);
  if (servers.length === 0) throw new Error('haproxyConfig: no servers');
  for (const server of servers) {
    if (!/^[A-Za-z0-9_-]+$/.test(server.name)) throw new Error(`haproxyConfig: bad server name ${server.name}`);
    if (!Number.isInteger(server.port) || server.port <= 0 || server.port > 65535) throw new Error(`haproxyConfig: bad port for ${server.name}`);
  }
  const inter = s.checkIntervalMs;
  const lines = [
    'global',
    `  maxconn ${s.maxconn}`,
    // to our own process's standard output: only what went wrong (dontlog-normal), with its
    // termination state, so a reset or a 5xx the shoppers met can be explained
    '  log stdout format raw local0',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    ...(s.logEveryRequest ? [] : ['  option dontlog-normal']),
    `  timeout connect ${s.connectTimeoutMs}ms`,
    '  timeout client 60s',
    `  timeout server ${s.serverTimeoutMs}ms`,
    '  timeout http-keep-alive 10s',
    '  timeout queue 10s',
    `  timeout check ${s.checkTimeoutMs}ms`,
    `  retries ${s.retries}`,
    ...(s.redispatch ? ['  option redispatch 1'] : []),
    ...(s.retryOn.length ? [`  retry-on ${s.retryOn.join(' ')}`] : []),
    '',
    'frontend shop',
    `  bind 127.0.0.1:${port}`,
    // which process answered, for the bench's record of its slowest requests
    '  http-response set-header X-Served-By %[srv_name]',
    '  default_backend api',
    '',
    'backend api',
    `  balance ${s.balance}`,
    // a request that may already have done its work is replayed only when replaying is harmless:
    // a read, or a write with an Idempotency-Key (a checkout); any other write is retried only
    // when its connection failed (then it never reached a server)
    ...(s.retryOn.some((on) => on !== 'conn-failure') ? ['  http-request disable-l7-retry if !{ method GET HEAD OPTIONS } !{ req.hdr(idempotency-key) -m found }'] : []),
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    `  default-server inter ${inter}ms fastinter ${Math.max(100, Math.round(inter / 2))}ms downinter ${inter}ms fall ${s.fall} rise ${s.rise}${s.slowstartMs ? ` slowstart ${s.slowstartMs}ms` : ''}${s.serverMaxconn ? ` maxconn ${s.serverMaxconn}` : ''}`,
    ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
    '',
  ];
  return lines.join('\n');
}

/** Whether Debian's haproxy is installed (`apt-get install -y haproxy`). */
export function haproxyInstalled() {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A haproxy process of our own on `port`, checked with `haproxy -c` first; { url, config, stop() }.
 * Resolves once the frontend accepts connections and at least one server answers through it.
 */
export async function startHaproxy({ port, servers, settings }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dm-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  const config = haproxyConfig({ port, servers, settings });
  writeFileSync(file, config);
  try {
    execFileSync('haproxy', ['-c', '-q', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`haproxy refused its config: ${error.stderr?.toString().trim()}\n${config}`);
  }
  let log = '';
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk) => (log = (log + chunk.toString()).slice(-4_000_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`haproxy exited with ${child.exitCode}:\n${log}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy at ${url} never served /api/health/ready:\n${log}`);
    }
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break;
    } catch {
      // starting
    }
  }
  return { url, config, pid: child.pid, log: () => log, stop };
}
