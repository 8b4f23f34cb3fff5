import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { PAGE_START_SCRIPT_HASH } from '../src/frontend/page-start.js';
import { freshDatabase, startTestApp, tempDir, type TestApp } from './helpers.js';

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(csp.split(';').map((part) => {
    const [name, ...values] = part.trim().split(/\s+/);
    return [name, values];
  }));
}

describe('security headers', () => {
  let t: TestApp;
  let production: TestApp;
  let productionDb: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    const root = tempDir('headers');
    const write = (file: string, content: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), content);
    };
    write('shell/dist/index.html', '<!doctype html><title>DentalMarket shell</title>');
    write('storefront-mfe/dist/remoteEntry.js', 'var storefront;');
    const env = { FRONTEND_DIST_ROOT: root, REMOTE_ADMIN_URL: 'https://admin.example.com/remotes/admin/mf-manifest.json' };
    t = await startTestApp(env, { seed: false });
    productionDb = await freshDatabase('headers-prod');
    production = await startTestApp({ ...env, ...productionDb.env, NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-for-tests' }, { seed: false });
  });

  afterAll(async () => {
    await t?.close();
    await production?.close();
    await productionDb?.drop();
  });

  it('are set on a built file, without the Content-Security-Policy that only a page uses', async () => {
    const res = await request(t.http).get('/remotes/storefront/remoteEntry.js').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it.each([
    ['the shell', '/'],
    ['an API route', '/api/categories'],
  ])('are set on %s', async (_label, url) => {
    const res = await request(t.http).get(url).set('Accept', 'text/html,*/*').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    // remotes deployed on another origin may be loaded; inline scripts may not, but for the one a
    // server-rendered page carries (its colour-scheme check and deferred start), allowed by its hash
    expect(csp['script-src']).toEqual(["'self'", PAGE_START_SCRIPT_HASH, 'https://admin.example.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://admin.example.com']);
    // MUI's Emotion injects <style> tags
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    // plain HTTP in development: no HSTS
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets shells on other origins load remote files, and keeps API answers to the site', async () => {
    const remote = await request(t.http).get('/remotes/storefront/remoteEntry.js').expect(200);
    expect(remote.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const api = await request(t.http).get('/api/categories').expect(200);
    expect(api.headers['cross-origin-resource-policy']).toBe('same-site');
  });

  it('sends HSTS and upgrades insecure requests in production', async () => {
    const res = await request(production.http).get('/api/health').expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
  });

  it('gives Swagger UI the inline scripts it needs, and only it', async () => {
    const docs = await request(t.http).get('/api/docs/').expect(200);
    expect(directives(docs.headers['content-security-policy'])['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });
});
