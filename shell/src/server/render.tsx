import { Writable } from 'node:stream';
import type { ComponentType, ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { LRUCache } from 'lru-cache';
import { StaticRouter } from 'react-router';
import type { RemotesManifest } from '@dentalmarket/contracts';
import { api, catalogApi, hydrateFromServer, makeStore, setApiBaseUrl, type AppStore } from '@dentalmarket/store';
import { AppProviders } from '@dentalmarket/ui';
import { App } from '../App.js';
import { CLIENT_RENDERED, ServerRemotes } from '../RemoteRoute.js';
import { loadedRemoteApp, loadRemoteApp, remoteForPath, setServerRemotes, type RemoteName } from '../remotes.js';
import { unmetModule } from '../sharedVersions.js';

export interface RenderRequest {
  /** The page's path and query, e.g. /marketplace?type=equipment */
  url: string;
  /** The API as this process reaches it (http://127.0.0.1:3000/api): the page's data comes through the same RTK Query endpoints as in the browser. */
  apiBaseUrl: string;
  /** Each remote's server container (its dist/server/remoteEntry.js), absolute. */
  remotes: RemotesManifest;
  /** Changes when a remote is redeployed: its server container is loaded afresh. */
  remotesVersion: string;
  /** How long a remote's server container may take to load before the page is sent without it (ms). */
  remoteBudgetMs: number;
  /**
   * The catalogue's version (changes with every catalogue write): a page behind a product's view
   * (see renderPage) is kept per version and reused for its other products. Absent: never reused.
   */
  catalogueVersion?: string;
}

export interface RenderResult {
  /** What goes inside <div id="root">. */
  html: string;
  /** Emotion's style elements for exactly that HTML (critical CSS), for the <head>. */
  styles: string;
  /** React's preloads of the page's first images (fetchpriority high), for the top of the <head>: fetched before the scripts. */
  preloads: string;
  /** The store's data the render used, for the browser's store before it hydrates (JSON). */
  state: string;
  /** Remotes whose part is left to the browser (not loaded within the budget, or failed). */
  clientRendered: RemoteName[];
  /** Remotes refused because they need a newer shared singleton than this shell has (issue 33), for the API to count. */
  refused?: { remote: RemoteName; module: string }[];
  /** Queries that failed or had not answered: the page shows their error or loading state, so it is not worth keeping. */
  failedQueries: number;
  /** A product's view over a page rendered before (kept here): only the product's data was fetched. */
  reused?: boolean;
}

/** Enough for a page whose data depends on data (the categories, then a category's subcategories). */
const MAX_PASSES = 4;
/** No render waits longer than this for its parts: what is still missing is rendered in the browser. */
const RENDER_LIMIT_MS = 5000;

let remotesVersion: string | undefined;

/**
 * Renders a shopper's page (/, /marketplace in any query state, a product's page, the not-found page) for an
 * anonymous visitor: React's streaming renderer with the page's data fetched through the store's own
 * queries (their hooks suspend their part until the data is there, so one render; should a render
 * still have started a query, it is awaited and the page rendered again, until none is new),
 * Emotion's CSS for that HTML, and the data to hydrate with.
 */
export async function renderPage(request: RenderRequest): Promise<RenderResult> {
  setApiBaseUrl(request.apiBaseUrl);
  if (remotesVersion !== request.remotesVersion) {
    // a redeployed remote: its new server container, under an address of its own (nothing cached
    // for the old one is reused), replacing the old one
    const tag = encodeURIComponent(request.remotesVersion.length > 64 ? hash(request.remotesVersion) : request.remotesVersion);
    const tagged = (url: string) => `${url}${url.includes('?') ? '&' : '?'}v=${tag}`;
    const { storefront, checkout, admin } = request.remotes;
    setServerRemotes({ storefront: tagged(storefront), checkout: tagged(checkout), admin: tagged(admin) }, remotesVersion !== undefined);
    remotesVersion = request.remotesVersion;
    behindProducts.clear();
  }
  const view = productView(request.url);
  if (!view) return renderWhole(request.url, request.remoteBudgetMs);
  const key = request.catalogueVersion && `${request.catalogueVersion}\n${request.remotesVersion}\n${request.apiBaseUrl}\n${view.behind}`;
  const kept = key ? behindProducts.get(key) : undefined;
  if (kept) return { ...(await withProduct(kept, view.slug)), reused: true };
  return withProduct(await pageBehind(view.behind, key, request.remoteBudgetMs), view.slug);
}

/** The page behind products' views rendered whole: once, however many views over it ask meanwhile; kept when complete. */
function pageBehind(url: string, key: string | undefined, remoteBudgetMs: number): Promise<RenderResult> {
  if (!key) return renderWhole(url, remoteBudgetMs);
  let pending = renderingBehind.get(key);
  if (!pending) {
    pending = renderWhole(url, remoteBudgetMs)
      .then((page) => {
        if (complete(page)) behindProducts.set(key, page);
        return page;
      })
      .finally(() => renderingBehind.delete(key));
    renderingBehind.set(key, pending);
  }
  return pending;
}

/**
 * A product's view over a page (/marketplace?type=…&product=<slug>, also on / and the search
 * results) is a dialog, which React renders into a portal: never on the server. The page's HTML
 * and first images are those of the page without the view, byte for byte (its CSS the same rules;
 * on a search results page one of them in another order than a whole render of the view's URL
 * writes them), and its data is that page's plus the product. So the page behind the view is
 * rendered once per catalogue version and kept here, and each product's view over it costs one
 * query instead of a render of the whole page (a listing's render is tens of milliseconds of CPU;
 * this is a fraction of one).
 */
function productView(url: string): { behind: string; slug: string } | undefined {
  const [path = '/', query] = url.split('#')[0]!.split('?');
  if (!query || !PAGES_WITH_VIEWS.has(path.replace(/(.)\/+$/, '$1'))) return undefined;
  const params = new URLSearchParams(query);
  // the slug as the page's hooks read it (useProductParam, usePageTitle): the first, if any
  const slug = params.get('product');
  if (!slug) return undefined;
  params.delete('product');
  const rest = params.toString();
  return { behind: rest ? `${path}?${rest}` : path, slug };
}

/** The pages whose product's view is the `product` parameter (useProductParam): the home page, the marketplace and its search results. */
const PAGES_WITH_VIEWS = new Set(['/', '/marketplace']);

/** The pages behind products' views: a page rendered whole is 150–250 KB here. */
const behindProducts = new LRUCache<string, RenderResult>({
  maxSize: 48 * 1024 * 1024,
  sizeCalculation: (page) => page.html.length + page.styles.length + page.preloads.length + page.state.length + 64,
});

const renderingBehind = new Map<string, Promise<RenderResult>>();

const complete = (page: RenderResult) => page.clientRendered.length === 0 && page.failedQueries === 0;

/** The page behind a product's view with the product's data added, as the view's own query (getProduct) keeps it. */
async function withProduct(behind: RenderResult, slug: string): Promise<RenderResult> {
  const store = makeStore(undefined, { persistCart: false });
  store.dispatch(hydrateFromServer(JSON.parse(behind.state)));
  // not unsubscribed: the store goes with this render, and an unsubscribed query would start a timer
  const product = await store.dispatch(catalogApi.endpoints.getProduct.initiate(slug));
  // an unknown product: its view shows 'not found', and the page is not kept (as when rendered whole)
  return { ...behind, state: hydrationState(store).state, failedQueries: behind.failedQueries + (product.isError ? 1 : 0) };
}

/** A page rendered with React: its HTML, its CSS, its first images' preloads and its data. */
async function renderWhole(url: string, remoteBudgetMs: number): Promise<RenderResult> {
  const pathname = url.split(/[?#]/)[0] ?? '/';
  const ready = new Map<RemoteName, ComponentType>();
  const wanted = remoteForPath(pathname);
  const refused: { remote: RemoteName; module: string }[] = [];
  if (wanted) {
    const app = await withinBudget(wanted, remoteBudgetMs, (module) => refused.push({ remote: wanted, module }));
    if (app) ready.set(wanted, app);
  }
  const clientRendered = wanted && !ready.has(wanted) ? [wanted] : [];

  const store = makeStore(undefined, { persistCart: false });
  let rendered: { html: string; emotion: ReturnType<typeof createEmotionServer>; cache: EmotionCache } | undefined;
  for (let pass = 1; ; pass++) {
    const cache = createCache({ key: 'css' });
    // made before rendering: it marks the cache so that styles are collected, not written inline
    const emotion = createEmotionServer(cache);
    const html = await renderToHtml(
      <CacheProvider value={cache}>
        <ServerRemotes.Provider value={ready}>
          <AppProviders store={store} router={(children: ReactNode) => <StaticRouter location={url}>{children}</StaticRouter>}>
            <App />
          </AppProviders>
        </ServerRemotes.Provider>
      </CacheProvider>,
    );
    rendered = { html, emotion, cache };
    const running = store.dispatch(api.util.getRunningQueriesThunk());
    if (running.length === 0 || pass === MAX_PASSES) break;
    await Promise.allSettled(running);
  }
  const { emotion, cache } = rendered!;
  const chunks = emotion.extractCriticalToChunks(rendered!.html);
  // A component styled over another component (AppBar over Paper, IconButton over ButtonBase) has
  // styles of its own that reach the page only merged into the inner one's class: Emotion inserts
  // them anyway, and critical CSS leaves them out (no element has their class). Sent too (in a tag
  // of their own), the browser's cache knows them from the start: hydrating, it inserted ~185 of
  // these rules (28 KB on /marketplace) in the commit's single task (issue 20's TBT).
  const sent = new Set(chunks.styles.flatMap((style) => style.ids));
  const unsent = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !sent.has(entry[0]));
  if (unsent.length) chunks.styles.push({ key: cache.key, ids: unsent.map(([id]) => id), css: unsent.map(([, css]) => css).join('') });
  const styles = emotion.constructStyleTagsFromChunks(chunks);
  const { state, failedQueries } = hydrationState(store);
  // a query still running after the last pass (data behind data behind data) is missing from the page
  const unfinished = store.dispatch(api.util.getRunningQueriesThunk()).length;
  // React writes the preloads of the images it rendered with fetchpriority high where the HTML
  // starts (the root here): moved to the head, they are asked for before the scripts
  const preloads: string[] = [];
  const html = rendered!.html.replace(/<link rel="preload" as="image"[^>]*\/>/g, (tag) => {
    preloads.push(tag);
    return '';
  });
  return { html, styles, preloads: preloads.join(''), state, clientRendered, ...(refused.length ? { refused } : {}), failedQueries: failedQueries + unfinished };
}

/** A short digest of a long text (FNV-1a). */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * The remote's App if it is (or becomes, within the budget) loaded; its loading goes on for later
 * pages either way. A remote refused for an unmet singleton is reported through `onRefused`.
 */
async function withinBudget(name: RemoteName, budgetMs: number, onRefused: (module: string) => void): Promise<ComponentType | undefined> {
  const loaded = loadedRemoteApp(name);
  if (loaded) return loaded;
  let cancel = () => {};
  const late = new Promise<undefined>((resolve) => {
    const timer = setTimeout(resolve, budgetMs);
    cancel = () => clearTimeout(timer);
  });
  try {
    const module = await Promise.race([loadRemoteApp(name), late]);
    return module?.default;
  } catch (error) {
    const module = unmetModule(error);
    if (module) onRefused(module);
    console.warn(`The ${name} remote's server container could not be loaded (${(error as Error).message}): its part of the page is rendered in the browser.`);
    return undefined;
  } finally {
    cancel();
  }
}

/** The page's data as the browser's store takes it (hydrateFromServer): the settled queries, nothing of a session. */
function hydrationState(store: AppStore): { state: string; failedQueries: number } {
  const { api: apiState } = store.getState();
  const queries: Record<string, unknown> = {};
  let failedQueries = 0;
  for (const [key, entry] of Object.entries(apiState.queries)) {
    if (!entry || entry.endpointName === 'getMe') continue;
    // a rejected query too: the page shows its error (an unknown product's 'not found'), and so must
    // the browser's first render
    if (entry.status === 'fulfilled' || entry.status === 'rejected') queries[key] = entry;
    if (entry.status === 'rejected') failedQueries++;
  }
  return { state: JSON.stringify({ api: { ...apiState, queries, mutations: {}, subscriptions: {} } }), failedQueries };
}

/** React's streaming renderer, read whole once everything (data, lazy parts) is ready. */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    sink.on('error', reject);
    const stream = renderToPipeableStream(element, {
      // every part written in place: a part sent later would need React's inline scripts to move it,
      // which the page's Content-Security-Policy (script-src 'self') rightly refuses
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => {
        clearTimeout(timer);
        stream.pipe(sink);
      },
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
      // an error inside a part (a remote not ready) sends that part's fallback for the browser to render
      onError: (error) => {
        const digest = (error as { digest?: string }).digest;
        if (digest !== CLIENT_RENDERED) console.error('Server render error:', error);
        return digest ?? 'server-render-error';
      },
    });
    // a part still waiting then (a remote's chunk that does not come) is sent as its fallback
    const timer = setTimeout(() => stream.abort(new Error('The server render took too long.')), RENDER_LIMIT_MS);
  });
}
