import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { SERVER_STATE_SCRIPT_ID } from '@dentalmarket/contracts';
import { Logger } from '@nestjs/common';
import { WorkerCalls } from '../common/worker-calls.js';
import type { AppConfig } from '../config/app-config.js';
import { scriptSafeJson } from '../seo/page-head.js';
import { PAGE_START_HEAD, withDeferredStart } from './page-start.js';
import { countRemoteRefusal } from '../observability/metrics.js';

/** What the shell's server bundle (shell/dist/server/ssr.js, shell/src/server) takes and gives. */
interface RenderRequest {
  url: string;
  apiBaseUrl: string;
  remotes: AppConfig['remotes'];
  remotesVersion: string;
  remoteBudgetMs: number;
  /** the catalogue's version: the page behind a product's view is rendered once per version and reused */
  catalogueVersion?: string;
}
interface RenderResult {
  html: string;
  styles: string;
  preloads: string;
  state: string;
  clientRendered: string[];
  /** remotes refused for a shared singleton they need newer than the shell's (issue 33) */
  refused?: { remote: string; module: string }[];
  failedQueries: number;
  reused?: boolean;
}
export interface ShellServerBundle {
  render(request: RenderRequest): Promise<RenderResult>;
}

/** A render asked of the thread, and its answer (server-render.worker.ts). */
export interface RenderRequestMessage {
  id: number;
  request: RenderRequest;
}
export type RenderReply = { id: number; ok: true; result: RenderResult } | { id: number; ok: false; message: string };

/**
 * The worker's compiled file. Under Jest the sources run through SWC, which a worker thread cannot
 * use: it runs the build's copy (`npm test` and `test:backend` build first).
 */
function workerFile(): string {
  const own = import.meta.url;
  return fileURLToPath(own.endsWith('.ts') ? new URL('../../dist/frontend/server-render.worker.js', own) : new URL('./server-render.worker.js', own));
}

/** The render thread; a thread that stops fails the renders waiting, and the next render starts another. */
class RenderThread {
  private readonly calls: WorkerCalls<RenderReply>;

  constructor(bundlePath: string) {
    this.calls = new WorkerCalls<RenderReply>(workerFile(), 'render', { workerData: { bundlePath } });
  }

  get ended(): Error | undefined {
    return this.calls.ended;
  }

  /** Renders asked of the thread and not finished. */
  get rendering(): number {
    return this.calls.waiting;
  }

  async render(request: RenderRequest): Promise<RenderResult> {
    return (await this.calls.call({ request } satisfies Omit<RenderRequestMessage, 'id'>)).result;
  }

  terminate(): Promise<void> {
    return this.calls.terminate();
  }
}

/** The encodings a kept page is sent in. */
export type PageEncoding = 'br' | 'gzip';

/** A kept page: its bytes, and the same compressed once asked for. */
export interface KeptPage {
  html: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A rendered page's parts, put into the shell's page by `intoPage`. */
export interface RenderedPage {
  styles: string;
  /** the first images' preloads, first in the head */
  preloads: string;
  root: string;
  state: string;
  /** worth keeping: every remote rendered and every query answered */
  complete: boolean;
  /** a product's view over a page the thread rendered before: only the product's data was fetched (Server-Timing: view) */
  reused?: boolean;
}

/**
 * Renders a thread takes at once. A thread renders one page at a time while the others wait on their
 * data; beyond this many, a new page would wait for those before it (tens of milliseconds each): it
 * is sent for the browser to render instead, at once, rather than queue without bound.
 */
export const RENDERS_PER_THREAD = 4;

/** How often a remote's server container is asked whether it changed (a redeploy), at most. */
const REMOTE_CHECK_MS = 10_000;
/**
 * How long that check waits for an answer. It runs in the background (no page waits for it once
 * there is a first answer), so a busy server's or remote's slow answer is still an answer.
 */
const REMOTE_ANSWER_MS = 3_000;
/** Kept pages: a few thousand typical pages (16–80 KB each). */
const KEPT_BYTES = 64 * 1024 * 1024;

/**
 * The shopper's pages rendered on the server (issue 20), in a thread of their own (server-render.worker.ts),
 * with the shell's server bundle, which loads
 * each remote's server container from the remote's configured URL (REMOTE_*_URL: its dist/server
 * beside its mf-manifest.json), like the browser loads its browser build. Pages are kept per
 * catalogue version, remotes' versions, shell build and URL; a page a remote was missing from, or
 * whose data did not all come, is not kept. Anything going wrong gives `undefined`: the caller
 * sends the page for the browser to render.
 */
export class ServerRenderer {
  private readonly logger = new Logger('ServerRender');
  private bundlePath: string | undefined;
  private readonly threads: (RenderThread | undefined)[];
  private readonly kept = new LRUCache<string, KeptPage>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (page) => page.html.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0) + 64,
  });
  private readonly inFlight = new Map<string, Promise<RenderedPage | undefined>>();
  private readonly compressing = new Map<string, Promise<Buffer>>();
  private remotesChecked: { at: number; current: string | undefined; next: Promise<string> } | undefined;
  /** Each remote's server entry's last definite answer (its validators, or a 404): what a failed check keeps. */
  private readonly remoteValidators = new Map<string, string>();

  constructor(
    private readonly config: AppConfig,
    bundlePath = path.join(config.frontendDistRoot, 'shell', 'dist', 'server', 'ssr.js'),
    /** how often the remotes' server entries are asked whether they changed, at most */
    private readonly remoteCheckMs = REMOTE_CHECK_MS,
  ) {
    this.threads = Array.from({ length: config.renderThreads }, () => undefined);
    if (!config.serverRendering) return;
    if (!fs.existsSync(bundlePath)) {
      this.logger.warn(`No server bundle at ${bundlePath}: the shopper's pages are rendered in the browser.`);
      return;
    }
    this.bundlePath = bundlePath;
  }

  get enabled(): boolean {
    return this.bundlePath !== undefined;
  }

  /**
   * The render thread with the fewest renders under way (threads start at the first render, and again
   * after one that stopped); undefined when every thread already has RENDERS_PER_THREAD.
   */
  private renderThread(): RenderThread | undefined {
    let chosen: RenderThread | undefined;
    for (let i = 0; i < this.threads.length; i++) {
      let thread = this.threads[i];
      if (!thread || thread.ended) thread = this.threads[i] = new RenderThread(this.bundlePath!);
      if (thread.rendering < RENDERS_PER_THREAD && (!chosen || thread.rendering < chosen.rendering)) chosen = thread;
    }
    return chosen;
  }

  /** Ends the render threads (the API's shutdown). */
  async close(): Promise<void> {
    const threads = this.threads.splice(0, this.threads.length, ...this.threads.map(() => undefined));
    await Promise.all(threads.map((thread) => thread?.terminate()));
  }

  /**
   * The remotes' part of a kept page's key: each remote's server entry and its validators, so it
   * changes when a remote is redeployed (or moved). Asked again every REMOTE_CHECK_MS at most, in the
   * background: a page never waits for the check once there is an answer.
   */
  async remotesVersion(req: Request): Promise<string> {
    if (!this.remotesChecked || Date.now() - this.remotesChecked.at > this.remoteCheckMs) void this.checkRemotes(req);
    return this.remotesChecked!.current ?? this.remotesChecked!.next;
  }

  /**
   * Checks the remotes now: resolves to the version once every remote has answered (or its check has
   * timed out), from when on pages are keyed by it. A remote that gives no definite answer keeps its
   * last seen part.
   */
  checkRemotes(req: Request): Promise<string> {
    const previous = this.remotesChecked?.current;
    const check = this.readRemotesVersion(localOrigin(req));
    this.remotesChecked = { at: Date.now(), current: previous, next: check };
    void check.then((version) => {
      if (this.remotesChecked?.next === check) this.remotesChecked.current = version;
    });
    return check;
  }

  /** A whole page kept under `key` (its ETag: catalogue version, remotes, shell build, origin and URL). */
  keptPage(key: string): KeptPage | undefined {
    return this.kept.get(key);
  }

  /**
   * Keeps a page. Its compressed forms are made when first asked for (`encoded`), each once: a
   * kept page is sent as stored bytes in the encoding the browser accepts, never compressed again
   * per request, and an encoding nobody asks for is never made.
   */
  keep(key: string, html: string): KeptPage {
    const page: KeptPage = { html: Buffer.from(html) };
    this.kept.set(key, page);
    return page;
  }

  /**
   * The kept page `page` (under `key`) in `encoding`: compressed off the event loop the first time,
   * once however many ask meanwhile, and stored with the page while it is kept.
   */
  encoded(key: string, page: KeptPage, encoding: PageEncoding): Promise<Buffer> {
    // the page as this caller found it, or as kept since (its other answers may have compressed it)
    const current = this.kept.peek(key);
    const done = page[encoding] ?? (current?.html === page.html ? current[encoding] : undefined);
    if (done) return Promise.resolve(done);
    const id = `${encoding}\n${key}`;
    let pending = this.compressing.get(id);
    if (!pending) {
      const compress =
        encoding === 'br'
          ? brotli(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.html.length } })
          : gzip(page.html, { level: 6 });
      pending = compress.then((bytes) => {
        // still the kept page (not evicted or replaced meanwhile): stored with its other forms
        const now = this.kept.peek(key);
        if (now?.html === page.html) this.kept.set(key, { ...now, [encoding]: bytes });
        return bytes;
      });
      this.compressing.set(id, pending);
      void pending.finally(() => this.compressing.delete(id)).catch(() => undefined);
    }
    return pending;
  }

  /**
   * The page rendered now for this request's URL; concurrent requests for one URL share one render.
   * 'busy' when every render thread has all the renders it takes: the page goes to the browser at once.
   */
  page(req: Request, remotesVersion: string, catalogueVersion: string): Promise<RenderedPage | 'busy' | undefined> {
    if (!this.bundlePath) return Promise.resolve(undefined);
    const key = `${remotesVersion}\n${req.originalUrl}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      const thread = this.renderThread();
      if (!thread) return Promise.resolve('busy');
      pending = this.render(thread, req, remotesVersion, catalogueVersion).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async render(thread: RenderThread, req: Request, remotesVersion: string, catalogueVersion: string): Promise<RenderedPage | undefined> {
    const origin = localOrigin(req);
    try {
      const result = await thread.render({
        url: req.originalUrl,
        apiBaseUrl: `${origin}/api`,
        remotes: serverEntries(this.config.remotesFromServer, origin),
        remotesVersion,
        remoteBudgetMs: this.config.remoteRenderBudgetMs,
        catalogueVersion,
      });
      // counted here: the render thread's own metrics registry is not the one /metrics reads
      for (const { remote, module } of result.refused ?? []) countRemoteRefusal(remote, module);
      return {
        styles: result.styles,
        preloads: result.preloads,
        root: result.html,
        state: scriptSafeJson(result.state),
        complete: result.clientRendered.length === 0 && result.failedQueries === 0,
        reused: result.reused === true,
      };
    } catch (error) {
      this.logger.warn(`${req.originalUrl} not rendered on the server (${(error as Error).message}): the browser renders it.`);
      return undefined;
    }
  }

  /**
   * Each remote's server entry's validator (ETag, else Last-Modified and length), or its 4xx status.
   * A check that gets no definite answer (no connection, a 5xx, no answer in time: a busy server or
   * a blip of the remote's host) keeps the entry's last definite answer: otherwise
   * one slow check would change the key of every kept page (all rendered again, every ETag
   * changed) and have the render thread load the remote's container anew, and again at the next
   * check. A remote never reached counts as a version of its own.
   */
  private async readRemotesVersion(origin: string): Promise<string> {
    const entries = serverEntries(this.config.remotesFromServer, origin);
    const parts = await Promise.all(
      Object.values(entries).map(async (entry) => {
        // the first check is awaited by the first page: within the render budget; later ones run in the background
        const known = this.remoteValidators.has(entry);
        const answer = await this.remoteValidator(entry, known ? REMOTE_ANSWER_MS : this.config.remoteRenderBudgetMs || 300);
        if (answer !== undefined) this.remoteValidators.set(entry, answer);
        return `${entry} ${answer ?? this.remoteValidators.get(entry) ?? 'unreachable'}`;
      }),
    );
    return parts.join(',');
  }

  /** The entry's validators, its 4xx status, or undefined when the check got no definite answer. */
  private async remoteValidator(entry: string, timeoutMs: number): Promise<string | undefined> {
    try {
      const response = await fetch(entry, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
      if (response.status >= 500) return undefined;
      if (!response.ok) return String(response.status);
      return response.headers.get('etag') ?? `${response.headers.get('last-modified')}/${response.headers.get('content-length')}`;
    } catch {
      return undefined;
    }
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
    .replace('<div id="root"></div>', () => `<div id="root">${page.root}</div><script id="${SERVER_STATE_SCRIPT_ID}" type="application/json">${page.state}</script>`);
}
