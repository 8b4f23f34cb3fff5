/**
 * What the webhooks specs share: a real HTTP receiver on 127.0.0.1 that records every request and
 * answers as a test tells it, and the real app on a database of its own that a test may stop and
 * start again (a crash, another configuration) without losing it.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import type { WebhookEventPayload } from '@dentalmarket/contracts';
import { createApp } from '../src/app.factory.js';
import { freshDatabase, startsLikeTheRun, type TestApp } from './helpers.js';

export interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  payload: WebhookEventPayload<Record<string, unknown>>;
  /** the status this receiver answered */
  status: number;
}

/** How a path answers a hit: a status (default 200), after `delayMs`, with a body. */
export type Answer = { status?: number; delayMs?: number; body?: string };

export class Receiver {
  readonly hits: Hit[] = [];
  /** per path (its first segment): how to answer; the default is 200 at once */
  readonly answers = new Map<string, (hit: Omit<Hit, 'status'>) => Answer>();
  private server: http.Server | undefined;
  port = 0;

  /** Listens on `port` (0: any free one); again after `stop()` on the same port. */
  async start(port = this.port): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '/';
        const seen = { path, headers: req.headers, body, payload: JSON.parse(body || 'null') };
        const answer = this.answers.get(path.split('/')[1] ?? '')?.(seen) ?? {};
        const status = answer.status ?? 200;
        const reply = () => {
          this.hits.push({ ...seen, status });
          if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(answer.body ?? JSON.stringify({ received: true }));
        };
        if (answer.delayMs) setTimeout(reply, answer.delayMs);
        else reply();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}/${path}`;
  }

  /** The hits of one path (its first segment), oldest first. */
  on(path: string): Hit[] {
    return this.hits.filter((hit) => hit.path.split('/')[1] === path);
  }
}

/** Settings every webhooks spec runs with: receivers on loopback, retries in about a second, a 1 s timeout. */
export const FAST_WEBHOOKS = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_DELAY_SECONDS: '1',
  WEBHOOK_RETRY_DELAY_MAX_SECONDS: '2',
  WEBHOOK_TIMEOUT_SECONDS: '1',
};

export interface WebhooksTestApp extends TestApp {
  dataSource: DataSource;
  admin: TestAgent;
}

/** The app on a database of its own; `start` again (after `close`) reopens the same database with other settings. */
export async function webhooksDatabase(name: string) {
  // the run's seeded copy: start() refuses the settings that would make a first start differ from it
  const database = await freshDatabase(name, { seeded: true });
  return {
    async start(env: NodeJS.ProcessEnv = {}): Promise<WebhooksTestApp> {
      if (!startsLikeTheRun(env)) throw new Error(`webhooksDatabase(${name}) starts on the seeded copy: give a first-start setting to an app on an empty database`);
      const { app, config } = await createApp({ env: { ...process.env, ...database.env, ...FAST_WEBHOOKS, ...env }, logger: ['error'] });
      const http = app.getHttpServer();
      const admin = request.agent(http);
      await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
      return { app, config, http, dataSource: app.get(DataSource), admin, close: () => app.close() };
    },
    drop: () => database.drop(),
  };
}

/** Registers an endpoint for `events` at `url` as the signed-in admin; its id and secret. */
export async function register(admin: TestAgent, url: string, events: string[]): Promise<{ id: string; secret: string }> {
  const res = await admin.post('/api/admin/webhooks').send({ url, events }).expect(201);
  return { id: res.body.endpoint.id, secret: res.body.secret };
}
