import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { Logger } from '@nestjs/common';
import { isShellRoute } from '@dentalmarket/contracts';
import type { AppConfig } from '../config/app-config.js';
import { createHash } from 'node:crypto';
import { isSeoPath, siteOrigin } from '../seo/seo-paths.js';
import { pageWithHead } from '../seo/page-head.js';
import type { PageHeadsService } from '../seo/page-heads.service.js';
import { intoPage, ServerRenderer, type KeptPage } from './server-render.js';

/** What the shopper pages' server-written heads need (issue 20): the heads, and the catalogue version they follow. */
export interface ShellPageHeads {
  heads: Pick<PageHeadsService, 'pageFor'>;
  version: { current(): Promise<string> };
}

/** The not-found page's head: the page itself is the shell's (rendered on the server when it can be). */
const NOT_FOUND_PAGE = { status: 404, head: { title: 'Page Not Found | DentalMarket', description: 'This page is not on DentalMarket.', noindex: true } };

/** The remotes and the folder each one builds to, under FRONTEND_DIST_ROOT. */
export const REMOTES = {
  storefront: 'storefront-mfe/dist',
  checkout: 'checkout-mfe/dist',
  admin: 'admin-mfe/dist',
} as const;

/** The shell's build folder under FRONTEND_DIST_ROOT, served at /. */
export const SHELL_DIST = 'shell/dist';

const ONE_YEAR = 'public, max-age=31536000, immutable';
/** How often the shell's index.html is looked at for a new build, at most. */
const SHELL_CHECK_MS = 1000;
/** Entry points must be revalidated so a new deploy is picked up at once. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json']);
/** webpack chunk names carry a content hash, e.g. 123.4f9a2c1b.js or main.4f9a2c1b8e.css */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

function setCacheHeaders(res: ServerResponse, file: string): void {
  // the file sent may be the .br or .gz written beside the asset: its name is the asset's
  const name = path.basename(file).replace(/\.(?:br|gz)$/, '');
  if (ALWAYS_REVALIDATE.has(name) || !HASHED.test(name)) res.setHeader('Cache-Control', 'no-cache');
  else res.setHeader('Cache-Control', ONE_YEAR);
}

/**
 * A built folder served with the .br/.gz files the build wrote beside each asset: the smallest
 * encoding the browser accepts, with Content-Encoding and Vary, and no compression per request.
 */
function precompressed(folder: string) {
  return expressStaticGzip(folder, { enableBrotli: true, orderPreference: ['br', 'gz'], index: false, serveStatic: { index: false, setHeaders: setCacheHeaders } });
}

function decodable(urlPath: string): boolean {
  try {
    decodeURIComponent(urlPath);
    return true;
  } catch {
    return false;
  }
}

function notFound(_req: Request, res: Response): void {
  res.status(404).type('text/plain').send('Not Found');
}

/**
 * Serves the built frontends from one process: each remote under /remotes/<name>/ (CORS open, a
 * missing file is a plain 404), seed images under /media/seed/, and the shell at / with a history
 * fallback: the shell's routes (SHELL_ROUTES) load index.html with 200, any other page path loads
 * it with 404 (the shell renders its not-found page), and a missing file is a plain-text 404.
 * Unknown /api paths stay Nest's JSON 404; robots.txt and the sitemaps are the API's (seo/).
 */
export function mountStaticFrontends(app: Express, config: AppConfig, pageHeads?: ShellPageHeads, renderer = new ServerRenderer(config)): void {
  for (const [name, folder] of Object.entries(REMOTES)) {
    const mount = `/remotes/${name}`;
    app.use(mount, (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      next();
    });
    app.use(mount, precompressed(path.join(config.frontendDistRoot, folder)));
    app.use(mount, notFound);
  }

  app.use(
    '/media/seed',
    express.static(config.seedImagesDir, { index: false, setHeaders: (res) => res.setHeader('Cache-Control', ONE_YEAR) }),
  );
  app.use('/media/seed', notFound);

  const shellDir = path.join(config.frontendDistRoot, SHELL_DIST);
  const shellIndex = path.join(shellDir, 'index.html');
  const serveShell = precompressed(shellDir);
  const missingBuild = `The frontend is not built (${shellIndex} is missing). Run \`npm run build\` in the repository root, then restart.`;
  // decided once: a page request never touches the disk just to learn this
  const built = fs.existsSync(shellIndex);
  if (!built) new Logger('Frontend').warn(missingBuild);
  // the page as last read, with a digest for the ETags of the pages made from it: read again when
  // the file changes (a redeployed shell), and never served once it is gone (the 503 below says why)
  // (looked at once a second at most: a page answered hundreds of times a second does not stat it each time)
  let shellPage: { mtimeMs: number; html: string; digest: string } | undefined;
  let shellChecked: { at: number; page: Promise<NonNullable<typeof shellPage>> } | undefined;
  const readShell = async () => {
    const { mtimeMs } = await fs.promises.stat(shellIndex);
    if (shellPage?.mtimeMs !== mtimeMs) {
      const html = await fs.promises.readFile(shellIndex, 'utf8');
      shellPage = { mtimeMs, html, digest: createHash('sha1').update(html).digest('base64url').slice(0, 12) };
    }
    return shellPage;
  };
  const currentShell = () => {
    const now = Date.now();
    if (!shellChecked || now - shellChecked.at >= SHELL_CHECK_MS) {
      const page = readShell();
      shellChecked = { at: now, page };
      // a failed read (the build removed) is not remembered: the next page asks again
      page.catch(() => {
        if (shellChecked?.page === page) shellChecked = undefined;
      });
    }
    return shellChecked.page;
  };

  /**
   * A shopper page with its own head (title, description, canonical link, Open Graph, JSON-LD; a
   * product page's content): kept by browsers and CDNs under an ETag of the catalogue version, the
   * page's build and the URL, revalidated each time (`no-cache`: a deploy's new page is seen at
   * once), so a matching If-None-Match is a 304 before any query. Nothing of a session is in it.
   * False when the page has no head of its own or it could not be made (the database away): the
   * plain page is sent instead.
   */
  const sendPage = async (req: Request, res: Response, notFoundPage = false): Promise<boolean> => {
    if (!pageHeads || !built) return false;
    const origin = siteOrigin(req, config.publicUrl);
    if (!origin) return false;
    // the pages rendered on the server (issue 20): the home page, the marketplace in any state, a
    // product's page and the not-found page (a product's page without the server render keeps the
    // content seo/page-head.ts writes)
    const rendered = renderer.enabled && (notFoundPage || req.path === '/' || req.path === '/marketplace' || req.path.startsWith('/products/'));
    try {
      const shell = await currentShell();
      const [version, remotes] = await Promise.all([pageHeads.version.current(), rendered ? renderer.remotesVersion(req) : '']);
      const tag = createHash('sha1').update(`${shell.digest}\n${origin}\n${req.originalUrl}\n${remotes}`).digest('base64url').slice(0, 22);
      const etag = `"${version}-${tag}"`;
      res.setHeader('ETag', etag);
      // the same page for everyone (nothing of a session is in it), revalidated each time: a CDN may
      // keep it and ask again, and a deploy's new page is seen at once
      res.setHeader('Cache-Control', rendered ? 'public, no-cache' : 'no-cache');
      // an ETag is only ever sent with a 200, and the same version answers the same page
      if (!notFoundPage && req.fresh) {
        res.status(304).end();
        return true;
      }
      const kept = rendered ? renderer.keptPage(etag) : undefined;
      if (kept) {
        res.setHeader('Server-Timing', 'render;desc="kept"');
        await sendKept(req, res, notFoundPage ? 404 : 200, etag, kept);
        return true;
      }
      const started = performance.now();
      // the page's head and its render at once: each waits on the database (the head's product, the
      // render's data), and one after the other a new page waited for both in turn (every page
      // rendered here has a head, so no render is made for nothing)
      const [page, server] = await Promise.all([
        notFoundPage ? NOT_FOUND_PAGE : pageHeads.heads.pageFor(req.path, new URLSearchParams(req.url.split('?')[1] ?? ''), origin),
        rendered ? renderer.page(req, remotes, version) : undefined,
      ]);
      if (!page) {
        res.removeHeader('ETag');
        return false;
      }
      if (server && server !== 'busy') {
        res.setHeader('Server-Timing', `render;desc="${server.reused ? 'view' : 'server'}";dur=${(performance.now() - started).toFixed(1)}`);
        const html = intoPage(pageWithHead(shell.html, { ...page.head, body: undefined }), server);
        if (server.complete) {
          // kept, and this answer is the kept page's first: compressed once, for this and later ones
          await sendKept(req, res, page.status, etag, renderer.keep(etag, html));
          return true;
        }
        // a page missing a part (a remote, a query): not the page its ETag names
        res.removeHeader('ETag');
        sendHtml(res, page.status, html);
        return true;
      }
      if (rendered) {
        // rendered in the browser (every render thread busy, or the render failed): not the page the
        // ETag names, which a later request may still get rendered
        res.setHeader('Server-Timing', `render;desc="${server ?? 'browser'}"`);
        res.removeHeader('ETag');
      }
      sendHtml(res, page.status, pageWithHead(shell.html, page.head));
      return true;
    } catch (error) {
      new Logger('Frontend').warn(`page head not made for ${req.path} (${(error as Error).message}): the plain page is sent`);
      res.removeHeader('ETag');
      return false;
    }
  };

  /** A kept page as stored, in the encoding the browser accepts (compressed once, never per request). */
  const sendKept = async (req: Request, res: Response, status: number, key: string, page: KeptPage) => {
    const encoding = req.acceptsEncodings('br', 'gzip');
    if (encoding === 'br' || encoding === 'gzip') {
      const encoded = await renderer.encoded(key, page, encoding).catch(() => undefined);
      // not compressed (it failed): sent as it is, and the compression middleware does it for this answer
      if (encoded) return sendHtml(res, status, encoded, encoding);
    }
    sendHtml(res, status, page.html);
  };

  /** A page with its status (and its bytes' encoding, when already compressed); only a 200 keeps its ETag (a 404 is no page to revalidate). */
  const sendHtml = (res: Response, status: number, html: string | Buffer, encoding?: 'br' | 'gzip') => {
    res.status(status).type('html');
    if (encoding) {
      // the compression middleware leaves an answer that says its encoding as it is
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Vary', 'Accept-Encoding');
    }
    if (status !== 200) {
      // not res.send(): it would add a weak ETag of its own
      res.removeHeader('ETag');
      res.setHeader('Content-Length', Buffer.byteLength(html));
      res.end(html);
    } else res.send(html);
  };

  /** The shell's page with `status`: 200 on its routes, 404 elsewhere (the shell shows its not-found page). */
  const sendShell = (res: Response, status: number) => {
    if (!built) {
      res.status(503).type('text/plain').send(missingBuild);
      return;
    }
    res.status(status).setHeader('Cache-Control', 'no-cache');
    // with a 404 status no If-None-Match can turn the answer into a 304 (send only answers 304 for a 2xx)
    res.sendFile(shellIndex, (error) => {
      // the build removed while running: say so rather than answer an empty 500
      if (error && !res.headersSent) res.status(503).type('text/plain').send(missingBuild);
    });
  };

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/api' || req.path.startsWith('/api/') || isSeoPath(req.path)) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(req, res);
    const page = () => {
      // any page path that is not the shell's is the not-found page, answered with 404
      const notFoundPage = !isShellRoute(req.path);
      const status = notFoundPage ? 404 : 200;
      sendPage(req, res, notFoundPage).then(
        (sent) => sent || sendShell(res, status),
        () => sendShell(res, status),
      );
    };
    // a page's path (no file extension) is no file of the build: straight to the page, no disk lookup
    // (a malformed escape still goes to the static files, which answer it 400)
    if (path.extname(req.path) === '' && decodable(req.path)) return page();
    serveShell(req, res, () => {
      // a file that is not there (robots.txt, a stale chunk): plain text, never a page
      if (path.extname(req.path) !== '') return notFound(req, res);
      page();
    });
  });
}
