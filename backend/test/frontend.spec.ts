import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { SHELL_ROUTES } from '@dentalmarket/contracts';
import { freshDatabase, startTestApp, tempDir, type TestApp } from './helpers.js';
import { eventually } from './eventually.js';

let t: TestApp;
let root: string;

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

beforeAll(async () => {
  root = tempDir('frontends');
  write('shell/dist/index.html', '<!doctype html><html><head><title>DentalMarket</title></head><body><div id="root"></div><!-- DentalMarket shell --></body></html>');
  write('shell/dist/main.0123abcd89.js', 'console.log("shell")');
  fs.writeFileSync(path.join(root, 'shell/dist/main.0123abcd89.js.br'), zlib.brotliCompressSync('console.log("shell")'));
  write('storefront-mfe/dist/mf-manifest.json', '{"name":"storefront"}');
  write('storefront-mfe/dist/remoteEntry.js', 'var storefront;');
  write('storefront-mfe/dist/123.4f9a2c1b77.js', 'chunk');
  t = await startTestApp({ FRONTEND_DIST_ROOT: root, REMOTE_ADMIN_URL: 'https://admin.example.com/mf-manifest.json' }, { seed: false });
});

afterAll(async () => {
  await t?.close();
});

describe('static frontends', () => {
  it('serves the shell at / and at each of its routes with 200', async () => {
    const home = await request(t.http).get('/').set('Accept', 'text/html').expect(200);
    expect(home.text).toContain('DentalMarket shell');
    expect(home.headers['cache-control']).toBe('no-cache');
    for (const route of SHELL_ROUTES) {
      for (const url of [route, `${route}/`.replace('//', '/'), `${route}?product=some-slug`]) {
        const res = await request(t.http).get(url).set('Accept', 'text/html,application/xhtml+xml').expect(200);
        expect(res.text).toContain('DentalMarket shell');
      }
    }
    await request(t.http).head('/marketplace').expect(200);
  });

  it("answers any other page path with the shell's page and 404, so the shell shows its not-found page", async () => {
    for (const url of ['/some/unknown/page', '/marketplaces', '/admin/users', '/products/a/b']) {
      const res = await request(t.http).get(url).set('Accept', 'text/html').expect(404);
      expect(res.text).toContain('DentalMarket shell');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    // whatever the client accepts, and a revalidation stays a 404
    await request(t.http).get('/no-such-page').set('Accept', 'application/json').expect(404);
    const etag = (await request(t.http).get('/').expect(200)).headers.etag;
    await request(t.http).get('/no-such-page').set('If-None-Match', etag).expect(404);
  });

  it("answers an unknown file (a path with an extension) with a plain-text 404, not Express's HTML page", async () => {
    for (const url of ['/humans.txt', '/x.png', '/static/missing.0123abcd89.js', '/favicon.ico']) {
      const res = await request(t.http).get(url).set('Accept', 'text/html').expect(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe('Not Found');
    }
    const post = await request(t.http).post('/marketplace').set('Content-Type', 'application/json').send('{}').expect(404);
    expect(post.text).toBe('Not Found');
  });

  it('gives hashed chunks a long cache, sent compressed or not', async () => {
    const res = await request(t.http).get('/main.0123abcd89.js').expect(200);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    const compressed = await request(t.http).get('/main.0123abcd89.js').set('Accept-Encoding', 'br').expect(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toContain('max-age=31536000');
  });

  it('serves each remote under /remotes/<name>/ with CORS, entry files not cached', async () => {
    const manifest = await request(t.http).get('/remotes/storefront/mf-manifest.json').expect(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.text)).toEqual({ name: 'storefront' });
    const entry = await request(t.http).get('/remotes/storefront/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await request(t.http).get('/remotes/storefront/123.4f9a2c1b77.js').expect(200);
    expect(chunk.headers['cache-control']).toContain('immutable');
  });

  it('answers a plain 404 (not the shell) for a missing remote file', async () => {
    const res = await request(t.http).get('/remotes/storefront/missing.js').set('Accept', 'text/html').expect(404);
    expect(res.text).not.toContain('DentalMarket shell');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    await request(t.http).get('/remotes/checkout/mf-manifest.json').expect(404);
  });

  it('serves seed images under /media/seed/', async () => {
    const images = fs.readdirSync(t.config.seedImagesDir);
    expect(images.length).toBeGreaterThan(0);
    const res = await request(t.http).get(`/media/seed/${images[0]}`).expect(200);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    await request(t.http).get('/media/seed/no-such-image.svg').expect(404);
  });

  it('keeps /api JSON: unknown API routes are JSON 404s, not the shell', async () => {
    const res = await request(t.http).get('/api/nope').set('Accept', 'text/html').expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Cannot GET /api/nope', error: 'Not Found' });
  });

  it('overrides a remote URL from the environment', async () => {
    const res = await request(t.http).get('/api/mf-manifest').expect(200);
    expect(res.body).toEqual({
      storefront: '/remotes/storefront/mf-manifest.json',
      checkout: '/remotes/checkout/mf-manifest.json',
      admin: 'https://admin.example.com/mf-manifest.json',
    });
  });

  it('answers 503 with instructions when the shell is not built, decided at start (and the same words if it goes missing)', async () => {
    const emptyRoot = tempDir('no-frontends');
    // a second app beside `t`: its own database (an embedded DATA_DIR is one API's at a time)
    const database = await freshDatabase('no_frontends');
    const unbuilt = await startTestApp({ ...database.env, FRONTEND_DIST_ROOT: emptyRoot }, { seed: false });
    try {
      for (const url of ['/', '/marketplace', '/no-such-page']) {
        const res = await request(unbuilt.http).get(url).set('Accept', 'text/html').expect(503);
        expect(res.text).toBe(`The frontend is not built (${path.join(emptyRoot, 'shell', 'dist', 'index.html')} is missing). Run \`npm run build\` in the repository root, then restart.`);
      }
      await request(unbuilt.http).get('/humans.txt').expect(404);
      // robots.txt is the API's own (seo/), built or not
      await request(unbuilt.http).get('/robots.txt').expect(200);
    } finally {
      await unbuilt.close();
      await database.drop();
    }
    // removed while running: the same message, not a bare error (once the shell's page is looked at
    // again: once a second at most)
    fs.rmSync(path.join(root, 'shell'), { recursive: true });
    const res = await eventually(async () => await request(t.http).get('/marketplace').set('Accept', 'text/html'), { accept: (answer) => answer.status === 503, timeout: 5_000, what: 'a 503' });
    expect(res.text).toContain('is missing). Run `npm run build` in the repository root, then restart.');
  });

  it('looks for the built shell once at start, not on every page request', async () => {
    const existsSync = jest.spyOn(fs, 'existsSync');
    try {
      await request(t.http).get('/marketplace').set('Accept', 'text/html');
      await request(t.http).get('/some/page').set('Accept', 'text/html');
      expect(existsSync).not.toHaveBeenCalled();
    } finally {
      existsSync.mockRestore();
    }
  });
});
