import 'reflect-metadata';
import zlib from 'node:zlib';
import { type LogLevel, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { Express } from 'express';
import passport from 'passport';
import { AppModule } from './app.module.js';
import { sessionMiddleware } from './auth/session.js';
import { CatalogueResponses } from './catalog/catalogue-responses.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { requestId } from './common/request-id.middleware.js';
import { jsonBodiesOnly, sameOriginOnly } from './common/request-guards.js';
import { securityHeaders } from './common/security-headers.js';
import compression from 'compression';
import { type AppConfig, loadConfig } from './config/app-config.js';
import { Database } from './database/database.js';
import { runSeed, seedPlan } from './database/seed/seed.js';
import { mountStaticFrontends } from './frontend/static-frontends.js';
import { OutageAwareFilter, OutageResponder } from './health/outage.js';

export interface CreateAppOptions {
  /** environment to read the configuration from (default process.env) */
  env?: NodeJS.ProcessEnv;
  /** seed an empty database with the demo catalogue (default true) */
  seed?: boolean;
  logger?: LogLevel[] | false;
}

function setUpSwagger(app: NestExpressApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('DentalMarket API')
      .setDescription('Catalogue, accounts and frontend runtime configuration of the DentalMarket marketplace.')
      .setVersion('0.1.0')
      .addCookieAuth('dentalmarket.sid')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}

/**
 * Builds the whole application (not yet listening): configuration, database with migrations,
 * seed, sessions, validation, error filter, Swagger and static frontends. main.ts and tests share it.
 */
export async function createApp(options: CreateAppOptions = {}): Promise<{ app: NestExpressApplication; config: AppConfig }> {
  const config = loadConfig(options.env ?? process.env);
  // opened before Nest, so a database that cannot start is one clear error, not an injector stack trace
  const database = await Database.open(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, database), {
    abortOnError: false,
    // JSON only, registered below after the origin and content-type checks (no form parser)
    bodyParser: false,
    logger: options.logger ?? ['log', 'warn', 'error'],
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  try {
    if (options.seed ?? true) await runSeed(database.dataSource, seedPlan(config));

    const server = app.getHttpAdapter().getInstance() as Express;
    server.disable('x-powered-by');
    // the client address is the socket's unless TRUST_PROXY names the proxies in front
    server.set('trust proxy', config.trustProxy);
    app.use(requestId);
    app.use(securityHeaders(config));
    // the frontends' JavaScript and the API's JSON (a shopper's first page is mostly scripts):
    // compression 1.8 prefers brotli when the client accepts it, else gzip. Quality 4 rather than
    // zlib's 11: per-response brotli at 11 costs more CPU than the bytes it saves on a 50 KB page.
    // A 304 has no body, so nothing to compress.
    app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } }));
    // while the database is down, API requests are answered at once (503, or a kept page marked stale)
    const responses = app.get(CatalogueResponses);
    const outage = new OutageResponder({ status: database.status, staleIfErrorSeconds: config.staleIfErrorSeconds, lastKept: (url) => responses.lastKept(url) });
    app.use('/api', outage.gate());
    app.use('/api', sameOriginOnly(config.allowedOrigins), jsonBodiesOnly(['/admin/upload-image']));
    app.useBodyParser('json', { limit: '1mb' });
    const sessions = sessionMiddleware(database.sessionPool, config.sessionSecret, {
      idleSeconds: config.sessionIdleSeconds,
      absoluteSeconds: config.sessionAbsoluteSeconds,
    });
    database.onClose(sessions.close);
    app.use('/api', ...sessions.middleware, passport.initialize(), passport.session(), outage.errors());
    mountStaticFrontends(server, config);

    app.setGlobalPrefix('api');
    app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
    app.useGlobalFilters(new OutageAwareFilter(new AllExceptionsFilter(), outage));
    // no app.enableShutdownHooks(): server.ts drains requests before Nest closes (health/graceful-shutdown.ts)
    setUpSwagger(app);
    await app.init();
    return { app, config };
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
