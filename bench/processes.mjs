// Processes for the bench: the API (or the bare server) spawned and awaited, and memory measured.
import { spawn } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { listeningPorts } from './generate-catalogue.mjs';

/** VmRSS of a process and every descendant (the embedded PostgreSQL's backends, say), in MB. */
export function treeRssMb(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of parents) if (tree.has(parent) && !tree.has(child)) (tree.add(child), (grew = true));
  }
  let kb = 0;
  let pssKb = 0;
  for (const p of tree) {
    try {
      kb += Number(readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      // proportional set size: a page shared by n processes (PostgreSQL's shared buffers) counts 1/n in each
      pssKb += Number(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+)/m)?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return { mb: kb / 1024, pssMb: pssKb / 1024, processes: tree.size };
}

export async function waitReady(url, child, output, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`${url} did not become ready:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Spawns a node script (under `root`) with PORT=0 and finds the port it listens on in /proc: no race
 * with the other servers on this machine for a "free" port (or on `port`, for a load balancer that
 * names it: the failure drill's restarts). Waits for /api/health/ready (`readyTimeoutMs`). With `logFile`, all its output is appended there.
 * { url, pid, child, readyMs, log, lines, exited, stop }: `lines` counts every line it has printed,
 * `exited` resolves to { code, signal }.
 */
export async function startProcess({ root, script, env, port: fixedPort, logFile, readyTimeoutMs = 120_000 }) {
  let log = '';
  let lines = 0;
  const started = performance.now();
  const child = spawn(process.execPath, [script], { cwd: root, env: { ...process.env, ...env, PORT: String(fixedPort ?? 0) }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const read = (chunk) => {
    const text = chunk.toString();
    log = (log + text).slice(-8000);
    for (const c of text) if (c === '\n') lines++;
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  if (logFile) {
    // everything it prints, kept whole (the `log` tail holds the last 8,000 characters)
    const file = createWriteStream(logFile, { flags: 'a' });
    child.stdout.pipe(file, { end: false });
    child.stderr.pipe(file, { end: false });
    child.once('exit', () => file.end());
  }
  let port;
  for (const deadline = Date.now() + 120_000; !port; await new Promise((r) => setTimeout(r, 25))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} ${child.exitCode !== null ? `exited with ${child.exitCode}` : 'never listened'}:\n${log}`);
    }
    port = listeningPorts(child.pid)[0];
  }
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, child, () => log, readyTimeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    port,
    pid: child.pid,
    child,
    readyMs: performance.now() - started,
    log: () => log,
    lines: () => lines,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The demo admin's session cookie on a running API (the benches' databases are seeded outside production). */
export async function signInAdmin(url) {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'DentalAdmin!2026' }) });
  if (!res.ok) throw new Error(`admin login: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
