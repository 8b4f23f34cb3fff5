import type { ComponentType } from 'react';
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesManifest } from '@dentalmarket/contracts';

export type { RemoteName };

let manifest: Promise<RemotesManifest> | null = null;
const registered = new Set<RemoteName>();

/**
 * Remote URLs come from the backend at run time, so a remote deployed elsewhere needs only config.
 * index.ts asks once before anything else loads (startEarlyDownloads); later calls share that answer.
 */
function fetchManifest(): Promise<RemotesManifest> {
  manifest ??= fetch('/api/mf-manifest', { headers: { Accept: 'application/json' }, cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      return response.json() as Promise<RemotesManifest>;
    })
    .catch((error: unknown) => {
      manifest = null; // let a retry ask again
      throw error;
    });
  return manifest;
}

/**
 * Before the bootstrap (index.ts): asks for the remotes' URLs and, for the page's own remote,
 * downloads its manifest, entry and App code (without running them, and without its copies of the
 * shared modules, which the shell provides) while the shell's scripts load. Failures are reported,
 * and retried, where the remote is loaded (RemoteRoute), not here.
 */
export function startEarlyDownloads(pathname: string): void {
  fetchManifest().catch(() => undefined);
  const name = remoteForPath(pathname);
  if (!name) return;
  register(name, false)
    .then(() => preloadRemote([{ nameOrAlias: name, exposes: ['./App'], resourceCategory: 'sync', share: false, depsRemote: false }]))
    .catch(() => undefined);
}

/**
 * A server render's remotes (issue 20): each remote's server container (its remoteEntry.js built for
 * Node, absolute URL), in place of the browser's manifest URLs; `force` replaces what was loaded
 * before (a remote redeployed).
 */
export function setServerRemotes(entries: RemotesManifest, force = false): void {
  manifest = Promise.resolve(entries);
  if (force) {
    for (const name of registered) replaced.add(name);
    registered.clear();
    preloads.clear();
    settled.clear();
  }
}

/** Remotes to register afresh (force) at their next load: redeployed since they were loaded. */
const replaced = new Set<RemoteName>();

async function register(name: RemoteName, force: boolean): Promise<void> {
  if (registered.has(name) && !force) return;
  const urls = await fetchManifest();
  const entry = typeof window === 'undefined' ? urls[name] : new URL(urls[name], window.location.href).href;
  // force replaces a remote whose earlier load failed, so Retry really fetches again
  registerRemotes([{ name, entry }], { force: force || replaced.delete(name) });
  registered.add(name);
}

const preloads = new Map<RemoteName, Promise<{ default: ComponentType }>>();

/** The remote a shopper's first page needs (never the admin remote: the route guard decides that). */
export function remoteForPath(pathname: string): RemoteName | null {
  if (pathname === '/' || pathname === '/marketplace' || pathname.startsWith('/products/')) return 'storefront';
  if (pathname === '/checkout') return 'checkout';
  return null;
}

/**
 * Starts loading the current route's remote (its files already downloading since index.ts) as soon
 * as the shared modules are in, while React renders the shell and asks /api/me, instead of when
 * its route first renders.
 */
export function preloadRouteRemote(pathname: string): void {
  const name = remoteForPath(pathname);
  if (!name || preloads.has(name)) return;
  loadRemoteApp(name).catch(() => undefined); // RemoteRoute reports the failure and offers Retry
}

/** The remote's `./App` when it has loaded already (a server render uses only what is ready). */
export function loadedRemoteApp(name: RemoteName): ComponentType | undefined {
  return settled.get(name);
}

const settled = new Map<RemoteName, ComponentType>();

/** Loads a remote's `./App` only when asked (its route is visited); `retry` re-registers it first. */
export async function loadRemoteApp(name: RemoteName, retry = false): Promise<{ default: ComponentType }> {
  const preloaded = preloads.get(name);
  if (preloaded && !retry) return preloaded;
  const pending = loadRemoteAppNow(name, retry);
  preloads.set(name, pending);
  pending.then(
    (module) => settled.set(name, module.default),
    () => {
      if (preloads.get(name) !== pending) return;
      preloads.delete(name);
      // the next load registers it afresh: a load that failed part-way (a refused shared module, a
      // chunk that did not arrive) leaves the remote's container half set up, and loading from it
      // again gave modules without their imports (a TypeError instead of the first failure)
      registered.delete(name);
      replaced.add(name);
    },
  );
  return pending;
}

async function loadRemoteAppNow(name: RemoteName, retry: boolean): Promise<{ default: ComponentType }> {
  await register(name, retry);
  const module = await loadRemote<{ default: ComponentType }>(`${name}/App`);
  if (!module?.default) throw new Error(`The ${name} remote did not provide an App.`);
  return module;
}

/** Loads another module a remote exposes (e.g. `checkout/CartDebugger`), registering the remote first; `retry` re-registers it. */
export async function loadRemoteModule(name: RemoteName, exposed: string, retry = false): Promise<{ default: ComponentType }> {
  await register(name, retry);
  const module = await loadRemote<{ default: ComponentType }>(`${name}/${exposed}`);
  if (!module?.default) throw new Error(`The ${name} remote did not provide ${exposed}.`);
  return module;
}
