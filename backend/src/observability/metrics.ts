import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One registry per process: the metrics describe the process (its memory, its event loop), and the
 * counters below are bumped from code that has no handle on an application.
 */
export const registry = new Registry();
// event-loop lag, heap and RSS, GC, handles, CPU (nodejs_* and process_*)
collectDefaultMetrics({ register: registry });

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request to the end of its response, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const cacheHits = new Counter({
  name: 'catalogue_cache_hits_total',
  help: 'Catalogue reads answered from a kept response (or from a response another request was computing)',
  registers: [registry],
});
const cacheMisses = new Counter({ name: 'catalogue_cache_misses_total', help: 'Catalogue reads that ran their query', registers: [registry] });

/** Anything with a size in bytes, such as the catalogue's LRU cache; held weakly, so a closed app's cache goes. */
const caches = new Set<WeakRef<{ calculatedSize: number }>>();
new Gauge({
  name: 'catalogue_cache_bytes',
  help: 'Estimated memory held by kept catalogue responses',
  registers: [registry],
  collect() {
    let bytes = 0;
    for (const ref of caches) {
      const cache = ref.deref();
      if (cache) bytes += cache.calculatedSize;
      else caches.delete(ref);
    }
    this.set(bytes);
  },
});

/** The hook CatalogueResponses calls: a cache to measure, and each hit or miss. */
export const catalogueCacheMetrics = {
  track(cache: { calculatedSize: number }): void {
    caches.add(new WeakRef(cache));
  },
  hit(): void {
    cacheHits.inc();
  },
  miss(): void {
    cacheMisses.inc();
  },
};

const unmetRequirements = new Gauge({
  name: 'frontend_remote_unmet_requirements',
  help: "A remote's shared singleton whose required version the shell's copy does not satisfy (1 while so), from the latest live check",
  labelNames: ['remote', 'module', 'required', 'provided'],
  registers: [registry],
});
const remoteRefusals = new Counter({
  name: 'frontend_remote_refusals_total',
  help: 'Times a remote was not loaded because the shell cannot meet a shared module it requires',
  labelNames: ['remote', 'module'],
  registers: [registry],
});

/** One requirement of a remote the shell cannot meet: the module, the range it requires, the shell's version. */
export interface UnmetRequirement {
  module: string;
  required: string;
  provided: string;
}

/** The series each remote has now, so a requirement met again is taken out rather than left at 1. */
const unmetShown = new Map<string, UnmetRequirement[]>();

/** A remote's unmet requirements as the latest live check found them (frontend/live-frontends.service.ts); [] clears them. */
export function setUnmetRequirements(remote: string, requirements: UnmetRequirement[]): void {
  for (const shown of unmetShown.get(remote) ?? []) unmetRequirements.remove({ remote, ...shown });
  for (const requirement of requirements) unmetRequirements.set({ remote, ...requirement }, 1);
  unmetShown.set(remote, requirements);
}

/**
 * Counts a remote refused for `module`. Call it on the main thread: a worker thread (the server
 * render's) has a registry of its own, which /metrics does not read.
 */
export function countRemoteRefusal(remote: string, module: string): void {
  remoteRefusals.inc({ remote, module });
}

/** The pools of the applications running in this process, by name (typeorm, sessions, replica-N); a getter for a pool opened later. */
type PoolSource = pg.Pool | undefined | (() => pg.Pool | undefined);
const pools = new Map<string, PoolSource>();
const poolOf = (source: PoolSource) => (typeof source === 'function' ? source() : source);
const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
  new Gauge({
    name,
    help,
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [label, source] of pools) {
        const pool = poolOf(source);
        if (pool) this.set({ pool: label }, read(pool));
      }
    },
  });
poolGauge('db_pool_connections', 'Connections open in the pool', (pool) => pool.totalCount);
poolGauge('db_pool_connections_idle', 'Open connections not lent out', (pool) => pool.idleCount);
poolGauge('db_pool_connections_in_use', 'Connections lent to a query or transaction', (pool) => pool.totalCount - pool.idleCount);
poolGauge('db_pool_waiting_requests', 'Requests waiting for a connection', (pool) => pool.waitingCount);

export function trackPools(named: Record<string, PoolSource>): () => void {
  for (const [name, pool] of Object.entries(named)) if (pool) pools.set(name, pool);
  return () => {
    for (const [name, pool] of Object.entries(named)) if (pools.get(name) === pool) pools.delete(name);
  };
}

const readsRouted = new Counter({
  name: 'db_reads_total',
  help: 'Reads routed to each database server (primary, replica-N), by purpose: catalogue (a catalogue response computed), search-index, sitemap, analytics, export',
  labelNames: ['target', 'purpose'],
  registers: [registry],
});

/** Counts one read sent to `target` (database/read-routes.ts). */
export function countRead(target: string, purpose: string): void {
  readsRouted.inc({ target, purpose });
}

const unlockedRetries = new Counter({
  name: 'db_replica_reads_recomputed_total',
  help: 'Catalogue responses read on a replica outside a transaction that were computed again in a snapshot: a catalogue write was replayed while they ran',
  labelNames: ['replica'],
  registers: [registry],
});

/** Counts one such response (database/read-routes.ts ReadRoutes.unlocked). */
export function countUnlockedRetry(replica: string): void {
  unlockedRetries.inc({ replica });
}

/** What the replicas' gauges read (database/replicas.ts Replica). */
interface ReplicaView {
  name: string;
  up: boolean;
  lagMs: number;
}
const replicaSets = new Set<{ replicas: readonly ReplicaView[]; usable(replica: ReplicaView): boolean }>();
const replicaGauge = (name: string, help: string, read: (replica: ReplicaView, usable: boolean) => number | undefined) =>
  new Gauge({
    name,
    help,
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      this.reset();
      for (const set of replicaSets) {
        for (const replica of set.replicas) {
          const value = read(replica, set.usable(replica));
          if (value !== undefined) this.set({ replica: replica.name }, value);
        }
      }
    },
  });
replicaGauge('db_replica_lag_seconds', 'How far each replica is behind the primary, from the last check (absent while it cannot be reached)', (replica) =>
  replica.up ? replica.lagMs / 1000 : undefined,
);
replicaGauge('db_replica_up', 'Whether each replica answered its last check as a standby (1) or not (0)', (replica) => (replica.up ? 1 : 0));
replicaGauge('db_replica_serving', 'Whether each replica takes reads now (1: up and within REPLICA_MAX_LAG_MS) or is skipped (0)', (_replica, usable) => (usable ? 1 : 0));

/** Shows a set of replicas on /metrics until the returned function is called. */
export function trackReplicas(set: { replicas: readonly ReplicaView[]; usable(replica: ReplicaView): boolean }): () => void {
  replicaSets.add(set);
  return () => replicaSets.delete(set);
}

/**
 * Times every request. The route label is Express's route pattern (`/api/products/:id`), never
 * the raw path, so the number of series stays bounded; requests no route matched (static files,
 * 404s, refused before routing) share `unmatched`.
 */
export function requestMetrics(req: Request, res: Response, next: NextFunction): void {
  const end = requestDuration.startTimer();
  res.once('finish', () => {
    const route = (req.route as { path?: string } | undefined)?.path;
    end({ method: req.method, route: route ? `${req.baseUrl}${route}` : 'unmatched', status: String(res.statusCode) });
  });
  next();
}

/** `GET /metrics`, Prometheus text; with a token, only for `Authorization: Bearer <token>`. */
export function metricsHandler(token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return async (req: Request, res: Response): Promise<void> => {
    if (expected) {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('Unauthorized');
        return;
      }
    }
    res.set('Cache-Control', 'no-store').type(registry.contentType).send(await registry.metrics());
  };
}

/** The same for a bare node:http listener (METRICS_PORT): no auth, anything else 404. */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
    return;
  }
  const body = await registry.metrics();
  res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(body);
}
