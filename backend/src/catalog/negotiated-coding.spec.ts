/**
 * The catalogue's ETags name the content coding of the bytes (catalogue-cache.interceptor.ts): the
 * coding they name must be the one `compression` really sends, for any Accept-Encoding a client
 * writes. Checked against the middleware itself, over generated headers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import express from 'express';
import fc from 'fast-check';
import { negotiatedCoding } from './catalogue-cache.interceptor.js';

let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(compression({ threshold: 0 }));
  app.get('/', (_req, res) => res.json({ products: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Product ${i}` })) }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The Content-Encoding compression answers with (identity when none). */
function sentCoding(acceptEncoding: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.headers['content-encoding'] ?? 'identity')));
    });
    req.on('error', reject);
  });
}

const coding = fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*', 'compress', 'zstd', 'GZIP', 'x-gzip');
const weight = fc.option(fc.constantFrom('0', '0.1', '0.5', '0.9', '1', '1.0', '0.000'), { nil: undefined });
const header = fc.array(fc.tuple(coding, weight), { maxLength: 5 }).map((parts) => parts.map(([name, q]) => (q === undefined ? name : `${name};q=${q}`)).join(', '));

describe('negotiatedCoding', () => {
  it('names the coding compression sends, for the headers browsers send and for generated ones', async () => {
    for (const accept of ['gzip, deflate, br, zstd', 'gzip, deflate', 'br', 'identity', '', 'gzip;q=0.5, br;q=0.4', '*', 'gzip;q=0, br;q=0']) {
      expect([accept, negotiatedCoding(accept)]).toEqual([accept, await sentCoding(accept)]);
    }
    await fc.assert(
      fc.asyncProperty(header, async (accept) => {
        expect([accept, negotiatedCoding(accept)]).toEqual([accept, await sentCoding(accept)]);
      }),
      { numRuns: 200 },
    );
  });
});
