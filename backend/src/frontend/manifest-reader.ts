import fs from 'node:fs';
import path from 'node:path';
import { type BuildManifest, parseBuildManifest } from './build-manifest.js';
import { REMOTES, SHELL_DIST } from './static-frontends.js';

/** A build's manifest is some kilobytes (its shared modules and their chunks): anything far larger is not one. */
export const MANIFEST_MAX_BYTES = 1024 * 1024;
/** How long a manifest on another origin has to arrive, body included. */
export const MANIFEST_TIMEOUT_MS = 3_000;

/** Any origin will do: a relative URL only needs a base to be resolved against. */
const SOME_ORIGIN = 'http://this-api.invalid/';

/**
 * A build's mf-manifest.json at `url`, as the API reads it: a relative URL is a file this API serves
 * itself (static-frontends.ts), read from disk rather than asked of itself over HTTP; an absolute one
 * is fetched, within MANIFEST_TIMEOUT_MS and MANIFEST_MAX_BYTES. Throws an error whose message says
 * why it could not be read, in words an admin can act on (no absolute path of the server's).
 */
export async function readBuildManifest(url: string, frontendDistRoot: string, signal: AbortSignal): Promise<BuildManifest> {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//')) return readServedManifest(url, frontendDistRoot, signal);
  // what a browser loads a remote from; not a data: or file: URL fetch would read too
  if (!/^https?:\/\//i.test(url)) throw new Error('not an http(s) URL');
  return parsed(await fetchText(url, signal));
}

/** The shell's own manifest, in the dist folder the API serves it from. */
export function readShellManifest(frontendDistRoot: string, signal: AbortSignal): Promise<BuildManifest> {
  return readFileManifest(frontendDistRoot, path.join(frontendDistRoot, SHELL_DIST, 'mf-manifest.json'), signal);
}

/**
 * The file a path on this API's origin is served from: a remote's under /remotes/<name>/ (its dist
 * folder), anything else from the shell's (served at /). Undefined for a path out of those folders.
 */
export function servedFile(frontendDistRoot: string, url: string): string | undefined {
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(new URL(url, SOME_ORIGIN).pathname);
  } catch {
    return undefined;
  }
  const remote = /^\/remotes\/([^/]+)(\/.*)$/.exec(urlPath);
  const [folder, rest] = remote && Object.hasOwn(REMOTES, remote[1]!) ? [REMOTES[remote[1] as keyof typeof REMOTES], remote[2]!] : [SHELL_DIST, urlPath];
  const dir = path.join(frontendDistRoot, folder);
  const file = path.join(dir, rest);
  const inside = path.relative(dir, file);
  return inside && !inside.startsWith('..') && !path.isAbsolute(inside) ? file : undefined;
}

function readServedManifest(url: string, frontendDistRoot: string, signal: AbortSignal): Promise<BuildManifest> {
  const file = servedFile(frontendDistRoot, url);
  if (!file) return Promise.reject(new Error('not a file this API serves'));
  return readFileManifest(frontendDistRoot, file, signal);
}

async function readFileManifest(frontendDistRoot: string, file: string, signal: AbortSignal): Promise<BuildManifest> {
  const shown = path.relative(frontendDistRoot, file);
  let content: string;
  try {
    const { size } = await fs.promises.stat(file);
    if (size > MANIFEST_MAX_BYTES) throw new Error(`${shown} is larger than ${MANIFEST_MAX_BYTES} bytes`);
    content = await fs.promises.readFile(file, { encoding: 'utf8', signal });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`${shown} is missing (not built?)`);
    throw code ? new Error(`${shown} cannot be read (${code})`) : error;
  }
  return parsed(content);
}

async function fetchText(url: string, signal: AbortSignal): Promise<string> {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.any([signal, AbortSignal.timeout(MANIFEST_TIMEOUT_MS)]) });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`answered HTTP ${response.status}`);
    }
    if (Number(response.headers.get('content-length')) > MANIFEST_MAX_BYTES) {
      await response.body?.cancel();
      throw new Error(`larger than ${MANIFEST_MAX_BYTES} bytes`);
    }
    return await boundedText(response);
  } catch (error) {
    throw new Error(fetchFailure(error), { cause: error });
  }
}

/** The body, read until MANIFEST_MAX_BYTES at most (a length header may be absent or wrong). */
async function boundedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    if (bytes > MANIFEST_MAX_BYTES) {
      await response.body.cancel().catch(() => undefined);
      throw new Error(`larger than ${MANIFEST_MAX_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function fetchFailure(error: unknown): string {
  // duck-typed: a timeout is a DOMException, of another realm than this module's Error under a test runner's VM
  const failure = error as { name?: string; message?: string; cause?: { name?: string; code?: string; message?: string } } | undefined;
  // fetch's own "fetch failed" says nothing: its cause says what (ECONNREFUSED, ENOTFOUND…)
  const cause = failure?.message === 'fetch failed' ? failure.cause : undefined;
  const name = cause?.name ?? failure?.name;
  if (name === 'TimeoutError') return `no answer within ${MANIFEST_TIMEOUT_MS / 1000} s`;
  if (name === 'AbortError') return 'not read: the API is shutting down';
  if (cause) return `could not be fetched (${cause.code ?? cause.message})`;
  return failure?.message ?? String(error);
}

function parsed(content: string): BuildManifest {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    throw new Error(`not JSON (${(error as Error).message})`);
  }
  return parseBuildManifest(json);
}
