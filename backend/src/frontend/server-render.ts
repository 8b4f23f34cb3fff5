import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { scriptSafeJson } from '../seo/page-head.js';
import { PAGE_START_HEAD, withDeferredStart } from './page-start.js';

/** What the shell's server bundle (shell/dist/server/ssr.js, shell/src/server) takes and gives. */
interface RenderRequest {
  url: string;
  apiBaseUrl: string;
  remotes: AppConfig['remotes'];
  remotesVersion: string;
  remoteBudgetMs: number;
}
interface RenderResult {
  html: string;
  styles: string;
  preloads: string;
  state: string;
  clientRendered: string[];
  failedQueries: number;
}
interface ShellServerBundle {
  render(request: RenderRequest): Promise<RenderResult>;
}

/** A rendered page's parts, put into the shell's page by `intoPage`. */
export interface RenderedPage {
  styles: string;
  /** the first images' preloads, first in the head */
  preloads: string;
  root: string;
  state: string;
  /** worth keeping: every remote rendered and every query answered */
  complete: boolean;
}

/** How often a remote's server container is asked whether it changed (a redeploy), at most. */
const REMOTE_CHECK_MS = 10_000;
/** Kept pages: a few thousand typical pages (16–80 KB each). */
const KEPT_BYTES = 64 * 1024 * 1024;

/**
 * The shopper's pages rendered on the server (issue 20) with the shell's server bundle, which loads
 * each remote's server container from the remote's configured URL (REMOTE_*_URL: its dist/server
 * beside its mf-manifest.json), like the browser loads its browser build. Pages are kept per
 * catalogue version, remotes' versions, shell build and URL; a page a remote was missing from, or
 * whose data did not all come, is not kept. Anything going wrong gives `undefined`: the caller
 * sends the page for the browser to render.
 */
export class ServerRenderer {
  private readonly logger = new Logger('ServerRender');
  private bundle: ShellServerBundle | undefined;
  private readonly kept = new LRUCache<string, string>({ maxSize: KEPT_BYTES, sizeCalculation: (html) => html.length + 64 });
  private readonly inFlight = new Map<string, Promise<RenderedPage | undefined>>();
  private remotesChecked: { at: number; current: string | undefined; next: Promise<string> } | undefined;

  constructor(
    private readonly config: AppConfig,
    bundlePath = path.join(config.frontendDistRoot, 'shell', 'dist', 'server', 'ssr.js'),
  ) {
    if (!config.serverRendering) return;
    if (!fs.existsSync(bundlePath)) {
      this.logger.warn(`No server bundle at ${bundlePath}: the shopper's pages are rendered in the browser.`);
      return;
    }
    this.bundle = createRequire(import.meta.url)(bundlePath) as ShellServerBundle;
  }

  get enabled(): boolean {
    return this.bundle !== undefined;
  }

  /**
   * The remotes' part of a kept page's key: each remote's server entry and its validators, so it
   * changes when a remote is redeployed (or moved). Asked again every REMOTE_CHECK_MS at most, in the
   * background: a page never waits for the check once there is an answer.
   */
  async remotesVersion(req: Request): Promise<string> {
    const now = Date.now();
    if (!this.remotesChecked || now - this.remotesChecked.at > REMOTE_CHECK_MS) {
      const previous = this.remotesChecked?.current;
      const check = this.readRemotesVersion(localOrigin(req));
      this.remotesChecked = { at: now, current: previous, next: check };
      check.then((version) => {
        if (this.remotesChecked?.next === check) this.remotesChecked.current = version;
      });
    }
    return this.remotesChecked.current ?? this.remotesChecked.next;
  }

  /** A whole page kept under `key` (its ETag: catalogue version, remotes, shell build, origin and URL). */
  keptPage(key: string): string | undefined {
    return this.kept.get(key);
  }

  keep(key: string, html: string): void {
    this.kept.set(key, html);
  }

  /** The page rendered now for this request's URL; concurrent requests for one URL share one render. */
  page(req: Request, remotesVersion: string): Promise<RenderedPage | undefined> {
    if (!this.bundle) return Promise.resolve(undefined);
    const key = `${remotesVersion}\n${req.originalUrl}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.render(req, remotesVersion).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async render(req: Request, remotesVersion: string): Promise<RenderedPage | undefined> {
    const origin = localOrigin(req);
    try {
      const result = await this.bundle!.render({
        url: req.originalUrl,
        apiBaseUrl: `${origin}/api`,
        remotes: serverEntries(this.config.remotesFromServer, origin),
        remotesVersion,
        remoteBudgetMs: this.config.remoteRenderBudgetMs,
      });
      return {
        styles: result.styles,
        preloads: result.preloads,
        root: result.html,
        state: scriptSafeJson(result.state),
        complete: result.clientRendered.length === 0 && result.failedQueries === 0,
      };
    } catch (error) {
      this.logger.warn(`${req.originalUrl} not rendered on the server (${(error as Error).message}): the browser renders it.`);
      return undefined;
    }
  }

  /** Each remote's server entry's validator (ETag, else Last-Modified and length); a remote not answering counts as its own version. */
  private async readRemotesVersion(origin: string): Promise<string> {
    const entries = serverEntries(this.config.remotesFromServer, origin);
    const parts = await Promise.all(
      Object.values(entries).map(async (entry) => {
        try {
          const response = await fetch(entry, { method: 'HEAD', signal: AbortSignal.timeout(this.config.remoteRenderBudgetMs || 300) });
          if (!response.ok) return `${entry} ${response.status}`;
          return `${entry} ${response.headers.get('etag') ?? `${response.headers.get('last-modified')}/${response.headers.get('content-length')}`}`;
        } catch {
          return `${entry} unreachable`;
        }
      }),
    );
    return parts.join(',');
  }
}

/** The API as this process is reached (the connection's own address): the render's data and the default remotes come from here. */
function localOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

/** A remote's server container sits in `server/` beside its browser manifest (libs/mf-config SERVER_DIR). */
export function serverEntries(remotes: AppConfig['remotes'], origin: string): AppConfig['remotes'] {
  const entry = (manifest: string) => new URL('server/remoteEntry.js', new URL(manifest, `${origin}/`)).href;
  return { storefront: entry(remotes.storefront), checkout: entry(remotes.checkout), admin: entry(remotes.admin) };
}

/**
 * The shell's page with a rendered page's parts: its CSS in the head, its HTML in the root, its data
 * for hydration, and the app's scripts asked for once the page has loaded (page-start.ts): the page
 * is on screen without them, and its first images come first.
 */
export function intoPage(shell: string, page: RenderedPage): string {
  return withDeferredStart(shell)
    .replace(/<head>(<meta charset="utf-8"\/?>)?/, (head: string) => `${head}${PAGE_START_HEAD}${page.preloads}`)
    .replace('</head>', () => `${page.styles}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.root}</div><script id="dm-server-state" type="application/json">${page.state}</script>`);
}
