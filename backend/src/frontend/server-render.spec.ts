import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Request } from 'express';
import { loadConfig } from '../config/app-config.js';
import { PAGE_START_HEAD, PAGE_START_SCRIPT, PAGE_START_SCRIPT_HASH, withDeferredStart } from './page-start.js';
import { intoPage, ServerRenderer, serverEntries, type RenderedPage } from './server-render.js';

/** The shell's page as the build writes it (libs/mf-config index.html, HtmlWebpackPlugin). */
const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>DentalMarket</title>' +
  '<script defer="defer" src="/main.js"></script><link rel="preload" as="script" href="/1.aaaaaaaaaa.js"><link rel="preload" as="script" href="/2.bbbbbbbbbb.js">' +
  '</head><body><noscript>DentalMarket needs JavaScript to run.</noscript><div id="root"></div></body></html>';

const PAGE: RenderedPage = {
  styles: '<style data-emotion="css abc">.css-abc{color:red}</style>',
  preloads: '<link rel="preload" as="image" href="/media/seed/a.svg" fetchPriority="high"/>',
  root: '<main><h1>IT Equipment</h1><p>Price $5 $& $1</p></main>',
  state: '{"api":{"queries":{}}}',
  complete: true,
};

describe('a server-rendered page (issue 20)', () => {
  const html = intoPage(SHELL, PAGE);

  it('holds the rendered HTML in the root, its data after it and its CSS in the head, replacement patterns taken as text', () => {
    expect(html).toContain('<div id="root"><main><h1>IT Equipment</h1><p>Price $5 $& $1</p></main></div><script id="dm-server-state" type="application/json">{"api":{"queries":{}}}</script>');
    expect(html).toMatch(/<style data-emotion="css abc">[^<]*<\/style><\/head>/);
  });

  it('starts its head with the page-start script, then the first images, before anything else', () => {
    expect(html.startsWith(`<!doctype html><html lang="en"><head><meta charset="utf-8"/>${PAGE_START_HEAD}${PAGE.preloads}<title>`)).toBe(true);
  });

  it("leaves the app's scripts out of the head and lists them, main.js first, for the page-start script", () => {
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).not.toContain('rel="preload" as="script"');
    const listed = /<script id="dm-scripts" type="application\/json">(.*?)<\/script><\/body>/.exec(html)?.[1];
    expect(JSON.parse(listed!)).toEqual(['/main.js', '/1.aaaaaaaaaa.js', '/2.bbbbbbbbbb.js']);
  });

  it('changes nothing of a page with no scripts to list', () => {
    const plain = '<html><head></head><body><div id="root"></div></body></html>';
    expect(withDeferredStart(plain)).toBe(plain);
  });

  it("allows the page-start script by its hash, and that hash is the script's", () => {
    expect(PAGE_START_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(PAGE_START_SCRIPT).digest('base64')}'`);
    expect(PAGE_START_HEAD).toContain(`<script>${PAGE_START_SCRIPT}</script>`);
  });
});

describe("a remote's server container", () => {
  it('is server/remoteEntry.js beside its manifest, wherever that is', () => {
    expect(serverEntries({ storefront: '/remotes/storefront/mf-manifest.json', checkout: 'http://cdn.example.com/checkout/mf-manifest.json', admin: 'http://admin:8080/mf-manifest.json' }, 'http://127.0.0.1:3000')).toEqual({
      storefront: 'http://127.0.0.1:3000/remotes/storefront/server/remoteEntry.js',
      checkout: 'http://cdn.example.com/checkout/server/remoteEntry.js',
      admin: 'http://admin:8080/server/remoteEntry.js',
    });
  });
});

describe('a kept page', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-kept-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const renderer = () => new ServerRenderer(loadConfig({ DATA_DIR: dataDir, SERVER_RENDERING: 'off' }));
  const html = `<!doctype html><html><body>${'<article>a product card</article>'.repeat(200)}</body></html>`;

  it('is compressed once per encoding, when first asked for, however many ask meanwhile, and kept with it', async () => {
    const pages = renderer();
    const page = pages.keep('"v1-a"', html);
    expect(pages.keptPage('"v1-a"')).toEqual({ html: Buffer.from(html) });
    const [first, second] = await Promise.all([pages.encoded('"v1-a"', page, 'br'), pages.encoded('"v1-a"', page, 'br')]);
    expect(second).toBe(first);
    expect(zlib.brotliDecompressSync(first).toString()).toBe(html);
    expect(first.length).toBeLessThan(html.length / 10);
    // kept with its brotli form; gzip only once someone asks for it
    expect(pages.keptPage('"v1-a"')).toMatchObject({ br: first });
    expect(pages.keptPage('"v1-a"')?.gzip).toBeUndefined();
    const gz = await pages.encoded('"v1-a"', page, 'gzip');
    expect(zlib.gunzipSync(gz).toString()).toBe(html);
    // a caller holding the page as first kept gets the stored bytes, not a second compression
    expect(await pages.encoded('"v1-a"', page, 'br')).toBe(first);
    expect(pages.keptPage('"v1-a"')).toMatchObject({ br: first, gzip: gz });
  });

  it('is not overwritten by the compression of a page kept before it under the same key', async () => {
    const pages = renderer();
    const old = pages.keep('"v1-b"', html);
    const compressing = pages.encoded('"v1-b"', old, 'br');
    pages.keep('"v1-b"', '<p>the new page</p>');
    await compressing;
    expect(pages.keptPage('"v1-b"')).toEqual({ html: Buffer.from('<p>the new page</p>') });
  });
});

describe("the remotes' version (a kept page's key)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-remotes-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** A remote's host answering HEAD of its server entries with `etag`, or `status` when set. */
  async function remoteHost(answer: { etag: string; status?: number }, port = 0) {
    const server = http.createServer((req, res) => {
      res.writeHead(answer.status ?? 200, { ETag: answer.etag, 'Content-Type': 'text/javascript' }).end();
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  const renderer = (port: number) => {
    const manifest = (name: string) => `http://127.0.0.1:${port}/${name}/mf-manifest.json`;
    const config = loadConfig({ DATA_DIR: dataDir, SERVER_RENDERING: 'off', REMOTE_STOREFRONT_SERVER_URL: manifest('storefront'), REMOTE_CHECKOUT_SERVER_URL: manifest('checkout'), REMOTE_ADMIN_SERVER_URL: manifest('admin') });
    // asked again at every call (the API: every 10 s at most)
    return new ServerRenderer(config, undefined, 0);
  };
  const req = { socket: { localAddress: '127.0.0.1', localPort: 1 } } as unknown as Request;

  it('changes when a remote is redeployed, and not when a check gets no answer or a 5xx (the remote is kept as last seen)', async () => {
    const answer: { etag: string; status?: number } = { etag: '"first"' };
    let host = await remoteHost(answer);
    const pages = renderer(host.port);
    const first = await pages.checkRemotes(req);
    expect(first).toContain(`http://127.0.0.1:${host.port}/storefront/server/remoteEntry.js "first"`);

    // the host answers 503, then not at all: the version stays (before: "… 503", then "… unreachable",
    // every kept page's key changed and the remote's container loaded again)
    answer.status = 503;
    expect(await pages.checkRemotes(req)).toBe(first);
    await host.close();
    expect(await pages.checkRemotes(req)).toBe(first);

    // back with a new deploy: a new version
    host = await remoteHost({ etag: '"second"' }, host.port);
    try {
      const second = await pages.checkRemotes(req);
      expect(second).toContain('/storefront/server/remoteEntry.js "second"');
      // the pages rendered from now on are keyed by it
      expect(await pages.remotesVersion(req)).toBe(second);
    } finally {
      await host.close();
    }
  });

  it('counts a remote never reached as a version of its own, and a 404 (the remote removed) as a change', async () => {
    const answer: { etag: string; status?: number } = { etag: '"one"' };
    const host = await remoteHost(answer);
    try {
      const gone = renderer(host.port);
      answer.status = 404;
      expect(await gone.checkRemotes(req)).toContain('/storefront/server/remoteEntry.js 404');
      answer.status = undefined;
      expect(await gone.checkRemotes(req)).toContain('/storefront/server/remoteEntry.js "one"');
    } finally {
      await host.close();
    }
    const never = renderer(host.port);
    expect(await never.remotesVersion(req)).toContain('/storefront/server/remoteEntry.js unreachable');
  });
});
