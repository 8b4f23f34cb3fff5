import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  /** the paths asked for, in order */
  requested: string[];
  close(): Promise<void>;
}

/**
 * A plain static file server on its own port (another origin than the app's): what a team that
 * deploys its remote elsewhere (a bucket, a CDN) offers. Files as they are with their Last-Modified,
 * CORS open (the shell fetches the manifest), no compression, no knowledge of the app.
 */
export interface ServeOptions {
  /** paths answered 404 as if not deployed (e.g. a remote's server bundle) */
  missing?: (pathname: string) => boolean;
  /** how long to hold a path's answer (ms): a remote that is slow to answer */
  delayMs?: (pathname: string) => number;
}

export async function serveFolder(folder: string, options: ServeOptions = {}): Promise<StaticServer> {
  const requested: string[] = [];
  const server = http.createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://static').pathname);
    requested.push(pathname);
    const delay = options.delayMs?.(pathname) ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (options.missing?.(pathname)) {
      res.writeHead(404, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('Not Found');
      return;
    }
    const file = path.join(folder, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    let size: number;
    let modified: Date;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) throw new Error('not a file');
      size = stat.size;
      modified = stat.mtime;
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('Not Found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-length': size, 'last-modified': modified.toUTCString(), 'access-control-allow-origin': '*' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a held (slow) answer does not keep the test waiting
      }),
  };
}
