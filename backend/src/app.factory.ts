import 'reflect-metadata';
import zlib from 'node:zlib';
import type { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, getSchemaPath, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { type Express, type NextFunction, type Request, type Response, Router } from 'express';
import { PARTNER_CLICKS_ROUTE } from '@dentalmarket/contracts';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES } from '@dentalmarket/contracts/api-keys';
import passport from 'passport';
import { AppModule } from './app.module.js';
import { ClickRateLimit } from './analytics/click-rate-limit.guard.js';
import { partnerClickFastPath } from './analytics/partner-click-fast-path.js';
import { PartnerClicksService } from './analytics/partner-clicks.service.js';
import { API_KEY_SCOPE_EXTENSION, API_KEY_SECURITY } from './api-keys/api-key-scope.decorator.js';
import { isKeyedRequest } from './api-keys/keyed-request.js';
import { needsNoSession, sessionMiddleware } from './auth/session.js';
import { CatalogueResponses } from './catalog/catalogue-responses.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { ApiErrorDto } from './common/api-error.dto.js';
import { requestId } from './common/request-id.middleware.js';
import { jsonBodiesOnly, sameOriginOnly } from './common/request-guards.js';
import { StrictValidationPipe } from './common/strict-validation.pipe.js';
import { securityHeaders } from './common/security-headers.js';
import compression from 'compression';
import { type AppConfig, startConfig } from './config/app-config.js';
import { Database } from './database/database.js';
import { runSeed, seedPlan } from './database/seed/seed.js';
import { ServerRenderer } from './frontend/server-render.js';
import { mountStaticFrontends } from './frontend/static-frontends.js';
import { PageHeadsService } from './seo/page-heads.service.js';
import { CatalogueVersion } from './catalog/catalogue-version.js';
import { ReadRoutes } from './database/read-routes.js';
import { OutageAwareFilter, OutageResponder } from './health/outage.js';
import { startLogging } from './observability/logging.js';
import { installObservability } from './observability/observability.module.js';
import { SEO_ROUTES } from './seo/seo-paths.js';
import { warnOnUntrustedTlsProxy } from './common/tls-proxy-warning.js';
import { setPasswordHashMemory } from './auth/users.service.js';
import { webhookDocuments } from './webhooks/webhook-openapi.js';

export interface CreateAppOptions {
  /** environment to read the configuration from (default process.env) */
  env?: NodeJS.ProcessEnv;
  /** seed an empty database with the demo catalogue (default true) */
  seed?: boolean;
  /** Nest's level names (tests pass ['error']); default LOG_LEVEL */
  logger?: LogLevel[] | false;
  /** where the log lines go instead of standard output (tests read them) */
  logCapture?: NodeJS.WritableStream;
}


/** The one API route served without the session middleware (its path under /api). */
const SESSIONLESS_ROUTE = PARTNER_CLICKS_ROUTE.replace(/^\/api/, '');
/**
 * The OpenAPI document at /api/docs-json, kept clean by Redocly's recommended rules
 * (test/openapi-lint.spec.ts). Every route answers 400 for a bad query or path value (InputSafetyGuard
 * checks them all), so that response is global. An operation that declares no security requirement
 * (no @ApiCookieAuth) is public, and says so with `security: []`. OpenAPI 3.1, for its `webhooks`:
 * what the shop posts to a registered endpoint, one per event type (webhooks/webhook-openapi.ts).
 */
function openApiDocument(app: NestExpressApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(app, {
    ...new DocumentBuilder()
      .setOpenAPIVersion('3.1.0')
      .setTitle('DentalMarket API')
      .setDescription('Catalogue, accounts and frontend runtime configuration of the DentalMarket marketplace.')
      .setVersion('0.1.0')
      .setLicense('Proprietary', 'https://dentalmarket.example/terms')
      .addServer('/', 'this server: the API is served under /api by the same origin as the shop')
      .addCookieAuth('dentalmarket.sid')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'dm_sk_…', description: apiKeyDescription() }, API_KEY_SECURITY)
      .addGlobalResponse({
        status: 400,
        type: ApiErrorDto,
        description: 'a value is invalid, named in the message (NUL characters, lone surrogates and over-long values are refused on every route)',
      })
      .build(),
    webhooks: webhookDocuments(),
  });
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch]) {
      if (!operation) continue;
      operation.security ??= [];
      // an operation a key may call (@ApiKeyScope) says which scope where a reader looks, and has the
      // keys' rate limit; its 429 is JSON even where its success is CSV (so not a decorator's, which @ApiProduces would type)
      const scope = (operation as unknown as Record<string, unknown>)[API_KEY_SCOPE_EXTENSION];
      if (typeof scope !== 'string') continue;
      operation.description = `${operation.description ? `${operation.description}\n\n` : ''}With an API key: needs the scope \`${scope}\`.`;
      operation.responses['429'] = {
        description: "the API key's requests of this minute are used up",
        headers: { 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer' } } },
        content: { 'application/json': { schema: { $ref: getSchemaPath(ApiErrorDto) } } },
      };
    }
  }
  return document;
}

/**
 * Swagger UI at /api/docs and the document at /api/docs-json. The document is built on its first
 * request, not at start: scanning every controller's metadata took 0.2–0.4 CPU-s of each start (about
 * 0.5 under Jest; measured 2026-11-30), which every instance paid at every deploy and restart whether or
 * not anyone read the docs. Built once per process, then kept.
 */
function setUpSwagger(app: NestExpressApplication): void {
  SwaggerModule.setup('api/docs', app, () => openApiDocument(app), { jsonDocumentUrl: 'api/docs-json' });
}

/** The API key scheme's description in the OpenAPI document: how to send a key, and what each scope opens. */
function apiKeyDescription(): string {
  const scopes = API_KEY_SCOPES.map((scope) => `- \`${scope}\`: ${API_KEY_SCOPE_LABELS[scope]}`).join('\n');
  return [
    'An API key made by a signed-in admin (`POST /api/admin/api-keys`), sent as `Authorization: Bearer dm_sk_…`, on the admin routes that name a scope',
    '(the others need a signed-in admin). A keyed request has no session and no cookie. 401 with `WWW-Authenticate: Bearer` for a key',
    'that is malformed, unknown, expired or revoked; 403 naming the scope it lacks; every answer carries `RateLimit-Limit`,',
    '`RateLimit-Remaining` and `RateLimit-Reset`, and a 429 `Retry-After`. Scopes:',
    '',
    scopes,
  ].join('\n');
}

/**
 * Builds the whole application (not yet listening): configuration, database with migrations,
 * seed, sessions, validation, error filter, Swagger and static frontends. main.ts and tests share it.
 */
export async function createApp(options: CreateAppOptions = {}): Promise<{ app: NestExpressApplication; config: AppConfig }> {
  const config = startConfig(options.env ?? process.env);
  setPasswordHashMemory(config.passwordHashMemoryKib);
  // before the database, whose start logs too: every line goes through pino
  const logger = await startLogging(config, { nestLevels: options.logger, capture: options.logCapture });
  // opened before Nest, so a database that cannot start is one clear error, not an injector stack trace
  const database = await Database.open(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, database), {
    abortOnError: false,
    // JSON only, registered below after the origin and content-type checks (no form parser)
    bodyParser: false,
    bufferLogs: true,
    logger,
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
    if (config.trustProxy === false) app.use(warnOnUntrustedTlsProxy());
    app.use(requestId);
    // with DATABASE_READ_URLS: what each request requires of the server its reads go to (its cookies)
    const routes = app.get(ReadRoutes);
    if (routes.enabled) app.use(routes.middleware());
    installObservability(app, config);
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
    // a request signed with an API key never reads a session (below), so the origin rule has nothing to protect
    app.use('/api', sameOriginOnly(config.allowedOrigins, isKeyedRequest), jsonBodiesOnly(['/admin/upload-image', '/admin/imports']));
    app.useBodyParser('json', { limit: '1mb' });
    const sessions = sessionMiddleware(database.sessionPool, config.sessionSecret, {
      idleSeconds: config.sessionIdleSeconds,
      absoluteSeconds: config.sessionAbsoluteSeconds,
    });
    database.onClose(sessions.close);
    // a well-formed partner click is recorded here, before the sessions and Nest's per-request work
    app.use('/api', partnerClickFastPath(app.get(PartnerClicksService), app.get(ClickRateLimit)));
    // a partner click's beacon needs no session: reading and touching its row would be two round
    // trips to the session table on the busiest write the shop has. An anonymous GET (no session
    // cookie) gets passport's request methods (isAuthenticated() is false) without a session: it
    // would have been an empty one, never saved, no cookie (auth/session.ts needsNoSession). Nor
    // does a request signed with an API key get a session: its key is its principal (AdminGuard),
    // whatever cookie comes with it, and its answer sets none
    const withSession = Router().use(...sessions.middleware, passport.initialize(), passport.session());
    const anonymous = passport.initialize();
    app.use(
      '/api',
      (req: Request, res: Response, next: NextFunction) =>
        req.path === SESSIONLESS_ROUTE ? next() : isKeyedRequest(req) || needsNoSession(req) ? anonymous(req, res, next) : withSession(req, res, next),
      outage.errors(),
    );
    // the server render's thread ends with the app (Nest's close ends the database last)
    const renderer = new ServerRenderer(config);
    database.onClose(() => renderer.close());
    mountStaticFrontends(server, config, { heads: app.get(PageHeadsService), version: app.get(CatalogueVersion) }, renderer);

    // robots.txt and the sitemaps live at the site's root
    app.setGlobalPrefix('api', { exclude: [...SEO_ROUTES] });
    app.useGlobalPipes(new StrictValidationPipe());
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
