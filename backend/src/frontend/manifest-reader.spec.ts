import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readBuildManifest, servedFile } from './manifest-reader.js';

const ROOT = path.resolve('/srv/dentalmarket');
const signal = new AbortController().signal;

describe('the file a relative manifest URL is served from', () => {
  it("is a remote's under /remotes/<name>/, anything else the shell's", () => {
    expect(servedFile(ROOT, '/remotes/storefront/mf-manifest.json')).toBe(path.join(ROOT, 'storefront-mfe/dist/mf-manifest.json'));
    expect(servedFile(ROOT, 'remotes/admin/mf-manifest.json?v=2')).toBe(path.join(ROOT, 'admin-mfe/dist/mf-manifest.json'));
    expect(servedFile(ROOT, '/mf-manifest.json')).toBe(path.join(ROOT, 'shell/dist/mf-manifest.json'));
    expect(servedFile(ROOT, '/remotes/unknown/mf-manifest.json')).toBe(path.join(ROOT, 'shell/dist/remotes/unknown/mf-manifest.json'));
  });

  it('is never out of the folder it is served from', () => {
    expect(servedFile(ROOT, '/remotes/storefront/../../../etc/passwd')).toBe(path.join(ROOT, 'shell/dist/etc/passwd'));
    expect(servedFile(ROOT, '/remotes/storefront/..%2f..%2fpackage.json')).toBeUndefined();
    expect(servedFile(ROOT, '/%2e%2e%2fpackage.json')).toBeUndefined();
    expect(servedFile(ROOT, '/remotes/storefront/%E0%A4%A')).toBeUndefined();
  });
});

describe("a remote's manifest", () => {
  it('is read over http(s) only, and says why it could not be read', async () => {
    await expect(readBuildManifest('data:application/json,{"shared":[]}', ROOT, signal)).rejects.toThrow('not an http(s) URL');
    await expect(readBuildManifest('/remotes/checkout/mf-manifest.json', ROOT, signal)).rejects.toThrow(`${path.join('checkout-mfe', 'dist', 'mf-manifest.json')} is missing (not built?)`);
    // a port nothing listens on any more
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    await expect(readBuildManifest(`http://127.0.0.1:${port}/mf-manifest.json`, ROOT, signal)).rejects.toThrow('could not be fetched (ECONNREFUSED)');
  });
});
