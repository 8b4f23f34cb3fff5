import type { Server } from 'node:http';
import net, { type Socket } from 'node:net';
import { type INestApplication, Logger } from '@nestjs/common';
import type { DatabaseStatus } from '../database/database-status.js';

/**
 * How long a keep-alive connection with no request in flight is left open once draining began (or
 * since its last response): long enough for a request its client had already sent to arrive and be
 * answered (with `Connection: close`), short enough not to hold the shutdown up.
 */
export const IDLE_CLOSE_MS = 1_000;
const TICK_MS = 25;

interface Tracked {
  inFlight: number;
  idleSince: number;
}

/**
 * SIGTERM/SIGINT without dropping a request: readiness answers 503 at once (a load balancer stops
 * sending), the listening socket closes (no new connections), every response from then on carries
 * `Connection: close`, requests in flight finish (for at most SHUTDOWN_GRACE_MS, then their
 * connections are cut), idle keep-alive connections close, then Nest's shutdown hooks close the
 * pools and the embedded server. The process then exits with the status asked for.
 *
 * Nest's own `enableShutdownHooks()` is not used: it closes the pools while requests are in flight
 * and ends the process by re-raising the signal (status 143).
 */
export class GracefulShutdown {
  private readonly logger = new Logger('Shutdown');
  private readonly sockets = new Map<Socket, Tracked>();
  private running: Promise<void> | undefined;

  constructor(
    private readonly app: INestApplication,
    private readonly server: Server,
    private readonly status: DatabaseStatus,
    private readonly graceMs: number,
  ) {
    server.on('connection', (socket: Socket) => {
      this.sockets.set(socket, { inFlight: 0, idleSince: Date.now() });
      socket.once('close', () => this.sockets.delete(socket));
    });
    // first among the request listeners, so the header is set before Express can answer
    server.prependListener('request', (req, res) => {
      const tracked = this.sockets.get(req.socket);
      if (this.draining) res.setHeader('Connection', 'close');
      if (!tracked) return;
      tracked.inFlight += 1;
      res.once('close', () => {
        tracked.inFlight -= 1;
        tracked.idleSince = Date.now();
      });
    });
  }

  get draining(): boolean {
    return this.status.closing;
  }

  /** Handles SIGTERM and SIGINT: the first starts the shutdown, later ones are noted (npm forwards Ctrl-C a second time). */
  listen(): void {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.on(signal, () => {
        if (this.running) this.logger.log(`${signal} received; already shutting down`);
        else void this.run(`${signal} received`, 0);
      });
    }
  }

  /** Drains, closes, exits with `exitCode`. */
  run(reason: string, exitCode: number): Promise<void> {
    this.running ??= this.drainAndClose(reason).then(
      () => process.exit(exitCode),
      (error: unknown) => {
        this.logger.error(`Shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        process.exit(1);
      },
    );
    return this.running;
  }

  private async drainAndClose(reason: string): Promise<void> {
    const started = Date.now();
    this.status.closing = true;
    this.logger.log(`${reason}: draining requests (up to ${this.graceMs} ms), then closing`);
    // the listening socket only: http.Server.close() would also cut idle keep-alive connections at
    // once, racing a request their client may be sending at this very moment
    net.Server.prototype.close.call(this.server);
    const deadline = started + this.graceMs;
    while (this.sockets.size > 0 && Date.now() < deadline) {
      const now = Date.now();
      for (const [socket, tracked] of this.sockets) {
        if (tracked.inFlight === 0 && now - Math.max(tracked.idleSince, started) >= IDLE_CLOSE_MS) socket.destroy();
      }
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    const cut = [...this.sockets.values()].reduce((sum, tracked) => sum + tracked.inFlight, 0);
    if (cut > 0) this.logger.warn(`Grace period over: cutting ${cut} requests still in flight`);
    for (const socket of this.sockets.keys()) socket.destroy();
    await this.app.close();
    this.logger.log(`Stopped in ${Date.now() - started} ms`);
  }
}
