import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DynamicModule, Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { LoggerModule, PinoLogger } from 'nestjs-pino';
import type pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Database } from '../database/database.js';
import { AppLogger, moduleLoggerParams, requestLogging } from './logging.js';
import { metricsHandler, requestMetrics, serveMetrics, trackPools, trackReplicas } from './metrics.js';

/** Watches the app's pools, and serves /metrics on METRICS_PORT when set (no auth: keep that port private). */
@Injectable()
export class MetricsLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  private server: http.Server | undefined;
  private untrack: () => void = () => undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Database) private readonly database: Database,
  ) {}

  /** The separate listener's port (METRICS_PORT=0 picks a free one). */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    const driver = this.database.dataSource.driver as unknown as { master?: pg.Pool };
    const replicaPools = Object.fromEntries(
      // opened once the replica first answers: read when /metrics is
      this.database.replicas.replicas.map((replica) => [replica.name, () => (replica.dataSource.isInitialized ? (replica.dataSource.driver as unknown as { master?: pg.Pool }).master : undefined)]),
    );
    const untrackPools = trackPools({ typeorm: driver.master, sessions: this.database.sessionPool, ...replicaPools });
    const untrackReplicas = trackReplicas(this.database.replicas);
    this.untrack = () => {
      untrackPools();
      untrackReplicas();
    };
    if (this.config.metrics.port === undefined) return;
    const server = http.createServer((req, res) => void serveMetrics(req, res));
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(this.config.metrics.port, resolve));
    this.server = server;
    new Logger('Metrics').log(`Prometheus metrics on http://localhost:${this.port}/metrics`);
  }

  async onModuleDestroy(): Promise<void> {
    this.untrack();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

/** nestjs-pino's LoggerModule (request-scoped loggers) and the metrics' lifecycle. */
@Module({})
export class ObservabilityModule {
  static forRoot(): DynamicModule {
    const appLogger = { provide: AppLogger, useFactory: (pino: PinoLogger) => new AppLogger(pino, moduleLoggerParams()), inject: [PinoLogger] };
    return { module: ObservabilityModule, imports: [LoggerModule.forRoot(moduleLoggerParams())], providers: [MetricsLifecycle, appLogger], exports: [MetricsLifecycle, AppLogger] };
  }
}

/**
 * Called right after the request id middleware: Nest's logger becomes pino's, every request is
 * timed and logged, and /metrics is mounted on the API's port when METRICS_TOKEN is set.
 */
export function installObservability(app: NestExpressApplication, config: AppConfig): void {
  app.useLogger(app.get(AppLogger));
  app.use(requestMetrics, requestLogging());
  if (config.metrics.token) app.getHttpAdapter().getInstance().get('/metrics', metricsHandler(config.metrics.token));
}
