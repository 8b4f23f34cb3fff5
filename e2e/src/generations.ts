import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './app.js';

/**
 * A copy of this checkout's sources (tracked files and new ones, as they are now) in a scratch
 * folder, to build another generation of a frontend from (issue 33's two-generation tests). Its
 * node_modules links to this checkout's packages, except our own workspaces, which link to the
 * copy's: a change made to the copy's libraries is what the copy builds.
 */
export function scratchCopy(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-generation-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0');
  for (const file of files) {
    // a file deleted in the working tree, or a link (a checkout's own node_modules linked in: a file to git)
    if (!file || !fs.lstatSync(path.join(repoRoot, file), { throwIfNoEntry: false })?.isFile()) continue;
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, file), path.join(root, file));
  }
  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@dentalmarket') continue;
    fs.symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  // a workspace's own packages (each frontend's webpack-cli, the shell's lru-cache)
  for (const workspace of ['shell', 'storefront-mfe', 'checkout-mfe', 'admin-mfe', 'backend', 'e2e', 'libs/contracts', 'libs/store', 'libs/ui', 'libs/mf-config']) {
    const own = path.join(repoRoot, workspace, 'node_modules');
    if (fs.existsSync(own)) fs.symlinkSync(own, path.join(root, workspace, 'node_modules'));
  }
  fs.mkdirSync(path.join(modules, '@dentalmarket'));
  for (const workspace of fs.readdirSync(path.join(repoRoot, 'node_modules/@dentalmarket'))) {
    const target = fs.readlinkSync(path.join(repoRoot, 'node_modules/@dentalmarket', workspace));
    fs.symlinkSync(target, path.join(modules, '@dentalmarket', workspace)); // relative: into the copy
  }
  return root;
}

/** Replaces one exact text in a file of the copy (fails if it is not there exactly once: the fixture no longer fits). */
export function edit(root: string, file: string, find: string, replace: string): void {
  const full = path.join(root, file);
  const text = fs.readFileSync(full, 'utf8');
  if (text.split(find).length !== 2) throw new Error(`${file}: expected one '${find}'`);
  fs.writeFileSync(full, text.replace(find, replace));
}

export function write(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

function run(command: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { cwd, env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command.join(' ')} in ${cwd} exited with ${code}:\n${output.slice(-6000)}`))));
  });
}

/** The contracts' build (tsc to libs/contracts/dist, which the frontends' builds import), before any frontend's. */
export function buildContracts(root: string): Promise<string> {
  return run([path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], path.join(root, 'libs/contracts'));
}

/** `npm run shared-versions` in the copy: its changed modules get their new versions. */
export function sharedVersions(root: string, ...args: string[]): Promise<string> {
  return run([path.join(root, 'libs/mf-config/versions/cli.js'), ...args], root);
}

/**
 * A frontend's production build in the copy, as its team builds it alone (`npm run build` in its
 * folder), under a commit id of its own; `configs` builds only those of its webpack configs (e.g.
 * no server bundle).
 */
export function buildFrontend(root: string, app: 'shell' | 'storefront-mfe' | 'checkout-mfe', commit: string, configs: string[] = []): Promise<string> {
  const only = configs.flatMap((name) => ['--config-name', name]);
  return run([path.join(root, app, 'node_modules/webpack-cli/bin/cli.js'), 'build', '--mode', 'production', ...only], path.join(root, app), { BUILD_COMMIT: commit });
}
