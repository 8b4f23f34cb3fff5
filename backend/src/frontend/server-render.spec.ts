import { createHash } from 'node:crypto';
import { PAGE_START_HEAD, PAGE_START_SCRIPT, PAGE_START_SCRIPT_HASH, withDeferredStart } from './page-start.js';
import { intoPage, serverEntries, type RenderedPage } from './server-render.js';

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
