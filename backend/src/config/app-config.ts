import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { defaultDataDir } from '../platform/data-dir.js';
import { DEFAULT_DB_POOL_SIZE } from '../database/embedded-postgres.js';
import { EnvironmentVariables } from './environment.js';

/** The repository root: backend/src/config (tests) or backend/dist/config (build) → three levels up. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** backend/ itself, for assets that ship with the API. */
export const BACKEND_ROOT = path.join(REPO_ROOT, 'backend');

/** OWASP Password Storage Cheat Sheet: argon2id with at least 19 MiB of memory */
export const OWASP_ARGON2_MIN_KIB = 19_456;

/** Validated, defaulted configuration the whole API reads (never `process.env` directly). */
export interface AppConfig {
  port: number;
  /**
   * argon2id memory per new password hash: PASSWORD_HASH_MEMORY_KIB, default 65536 (64 MiB, argon2's
   * default). Below OWASP's floor (19456) the start warns in production; the test runs use 1024 so that
   * a thousand registrations take seconds. Hashes carry their own cost: changing it never locks anyone out.
   */
  passwordHashMemoryKib: number;
  /** unset: the embedded PostgreSQL server under `dataDir` */
  databaseUrl: string | undefined;
  /**
   * streaming replicas the anonymous catalogue reads, the search index, sitemaps, analytics and exports
   * read from: DATABASE_READ_URLS (comma-separated), [] = every read on DATABASE_URL (database/read-routes.ts)
   */
  readUrls: string[];
  /** a replica further behind than this is skipped: REPLICA_MAX_LAG_MS, default 5000 */
  replicaMaxLagMs: number;
  /** absolute */
  dataDir: string;
  /** why DATA_DIR is not `<checkout>/data` (root with a checkout `postgres` cannot reach), for the log */
  dataDirNote?: string;
  /** connections of the API's TypeORM pool: DB_POOL_SIZE, default 10 (the embedded server allows the maximum) */
  dbPoolSize: number;
  /** memory for catalogue responses kept per catalogue version: CATALOGUE_CACHE_MB, default 64, 0 turns it off */
  catalogueCacheBytes: number;
  /** the shopper's pages rendered on the server (issue 20): SERVER_RENDERING, default on; off sends them for the browser to render */
  serverRendering: boolean;
  /** how long a server render waits for a remote's server container to load before leaving its part to the browser: REMOTE_RENDER_BUDGET_MS, default 300 */
  remoteRenderBudgetMs: number;
  /** threads rendering the shopper's pages: RENDER_THREADS, default one fewer than the cores (at least 1) */
  renderThreads: number;
  /** searches, facets and suggestions from the in-process search index (catalog/search): SEARCH_INDEX, default on; off runs them in PostgreSQL */
  searchIndex: boolean;
  /**
   * where a process keeps the search index it loaded, for the next start on this host to read instead of
   * the catalogue (catalog/search/snapshot.ts): SEARCH_INDEX_DIR, default `<dataDir>/search-index`; off: none kept
   */
  searchIndexDir: string | undefined;
  /** how long into a database outage kept catalogue responses are still served, marked stale: STALE_IF_ERROR_SECONDS, default 300, 0 off */
  staleIfErrorSeconds: number;
  /** how long a SIGTERM/SIGINT waits for requests in flight before closing their connections: SHUTDOWN_GRACE_MS, default 10000 */
  shutdownGraceMs: number;
  /** how long a started process sends itself shoppers' reads before readiness says 200 (health/warm-up.ts): WARMUP_MS, default 2000 in production, else 0 (off) */
  warmUpMs: number;
  sessionSecret: string;
  nodeEnv: 'development' | 'production' | 'test';
  remotes: { storefront: string; checkout: string; admin: string };
  /**
   * Where this server reaches each remote's manifest for server rendering (its server container sits
   * in server/ beside it): REMOTE_*_SERVER_URL, by default the browser's REMOTE_*_URL (another inside
   * a container network, e.g. http://storefront/mf-manifest.json)
   */
  remotesFromServer: { storefront: string; checkout: string; admin: string };
  /** absolute; holds shell/dist, storefront-mfe/dist, checkout-mfe/dist, admin-mfe/dist */
  frontendDistRoot: string;
  /**
   * the shop's public origin for absolute links (sitemaps, robots.txt, the order emails' links): PUBLIC_URL;
   * unset, each request's own origin (the emails, sent without a request: http://localhost:PORT)
   */
  publicUrl: string | undefined;
  /** product URLs per sitemap page: SITEMAP_PAGE_SIZE, default (and at most) 50,000, the sitemaps.org limit */
  sitemapPageSize: number;
  /** absolute; seed images served at /media/seed */
  seedImagesDir: string;
  /** seed the demo catalogue (and, outside production, the demo accounts): SEED_DEMO, default true outside production */
  seedDemo: boolean;
  /**
   * the address the API listens on: HOST, default 127.0.0.1 outside production (only this machine
   * reaches the demo accounts) and every interface in production (undefined)
   */
  host: string | undefined;
  /** SEED_DEMO=true was set: demo accounts are seeded even when the API listens beyond loopback */
  seedDemoExplicit: boolean;
  /**
   * the rate limits: IPv6 clients counted by this prefix (RATE_LIMIT_IPV6_PREFIX, default 64), the
   * hourly caps, and each API key's requests per minute (API_KEY_RATE_LIMIT, default 600)
   */
  rateLimits: { ipv6Prefix: number; registrationsPerHour: number; guestRequestsPerHour: number; guestRequestsShopPerHour: number; apiKeyPerMinute: number };
  /** express `trust proxy`: false (the socket's address) unless TRUST_PROXY names hops or proxies */
  trustProxy: boolean | number | string;
  /** seconds a session lives without a request (rolling) */
  sessionIdleSeconds: number;
  /** seconds a session lives after sign-in, whatever the activity */
  sessionAbsoluteSeconds: number;
  /** origins besides the API's own that may send state-changing requests (a shell on another origin) */
  allowedOrigins: string[];
  /** AI product generation (docs/architecture.md, "AI product generation") */
  ai: AiConfig;
  /** pino's level: LOG_LEVEL, default info */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** /metrics: on the API's port behind `Bearer token`, and/or on a port of its own; off when both are unset */
  metrics: { token: string | undefined; port: number | undefined };
  /** `npm run backup` and the scheduled backups: directory (absolute), how many scheduled ones to keep, schedule */
  backup: { dir: string; keep: number; schedule: 'off' | 'daily' };
  /** order emails: SMTP_URL (unset: .eml files under DATA_DIR/mail), MAIL_FROM; who is told of a new service request: SUPPLIER_EMAIL (unset: the enabled admins) */
  mail: { smtpUrl: string | undefined; from: string; dir: string; supplier: string[] | undefined };
  /** rows a catalogue import applies per transaction: IMPORT_BATCH_SIZE, default 500 */
  importBatchSize: number;
  /** signed webhooks (docs/api-consumers.md#webhooks) */
  webhooks: WebhookConfig;
}

export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE=true: http:// and private, loopback and link-local addresses allowed (tests, local setups) */
  allowPrivate: boolean;
  /** one try's limit, connection to last byte: WEBHOOK_TIMEOUT_SECONDS, default 10 */
  timeoutSeconds: number;
  /** the back-off: first delay WEBHOOK_RETRY_DELAY_SECONDS (default 5), doubling up to WEBHOOK_RETRY_DELAY_MAX_SECONDS (default 3600) */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /**
   * how long a delivery is retried, and how long an endpoint may fail before it is disabled:
   * WEBHOOK_RETRY_WINDOW_SECONDS when set (tests: seconds), else WEBHOOK_RETRY_HOURS (default 72)
   */
  retryWindowSeconds: number;
  /** events, deliveries and their log are kept this long: WEBHOOK_RETENTION_DAYS, default 30 */
  retentionDays: number;
}

/** The one AI provider the API talks to; its SDK gets exactly these values, never the process environment. */
export interface AiProviderConfig {
  name: 'gemini' | 'openai';
  apiKey: string;
  model: string;
  /** unset: the provider's public endpoint */
  baseUrl: string | undefined;
}

export interface AiConfig {
  /** null: neither GEMINI_API_KEY nor OPENAI_BASE_URL/OPENAI_API_KEY is set, and the AI endpoints answer 503 */
  provider: AiProviderConfig | null;
  /** per provider call: AI_TIMEOUT_MS, default 30000 */
  timeoutMs: number;
  /** provider calls a batch runs at once: AI_BATCH_CONCURRENCY, default 3 */
  batchConcurrency: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Gemini when GEMINI_API_KEY is set, else an OpenAI-compatible server when OPENAI_BASE_URL or
 * OPENAI_API_KEY is; AI_PROVIDER decides when both are. Naming a provider that is not configured
 * is a boot error rather than a silent fallback to the other one.
 */
function aiConfig(raw: EnvironmentVariables): AiConfig {
  const gemini: AiProviderConfig | null = raw.GEMINI_API_KEY
    ? { name: 'gemini', apiKey: raw.GEMINI_API_KEY, model: raw.GEMINI_MODEL ?? 'gemini-2.5-flash', baseUrl: raw.GEMINI_BASE_URL }
    : null;
  const openai: AiProviderConfig | null =
    raw.OPENAI_BASE_URL || raw.OPENAI_API_KEY
      ? // local servers (Ollama, vLLM, llama.cpp) ignore the key, but the SDK refuses to start without one
        { name: 'openai', apiKey: raw.OPENAI_API_KEY ?? 'not-needed', model: raw.OPENAI_MODEL ?? 'gpt-4o-mini', baseUrl: raw.OPENAI_BASE_URL }
      : null;
  if (raw.AI_PROVIDER === 'gemini' && !gemini) throw new ConfigError(['AI_PROVIDER is gemini but GEMINI_API_KEY is not set']);
  if (raw.AI_PROVIDER === 'openai' && !openai) throw new ConfigError(['AI_PROVIDER is openai but neither OPENAI_BASE_URL nor OPENAI_API_KEY is set']);
  const provider = raw.AI_PROVIDER === 'openai' ? openai : (gemini ?? openai);
  return { provider, timeoutMs: raw.AI_TIMEOUT_MS ?? 30_000, batchConcurrency: raw.AI_BATCH_CONCURRENCY ?? 3 };
}

/** Relative paths resolve against the repository root, whichever directory the API starts from. */
function resolveFromRoot(value: string | undefined, fallback: string): string {
  return path.resolve(REPO_ROOT, value ?? fallback);
}

/** DATA_DIR/session-secret as a start left it ('' before the first start: startConfig creates it). */
function storedSessionSecret(dataDir: string): string {
  try {
    const existing = fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim();
    return existing.length >= 16 ? existing : '';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return '';
  }
}

/** Writes a new random DATA_DIR/session-secret, so sessions survive restarts. */
function createSessionSecret(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(path.join(dataDir, 'session-secret'), `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The configuration a start uses: loadConfig's, then what only a start does (issue 34: loading the
 * configuration writes nothing and starts no process). Without DATA_DIR, root's embedded database
 * may need its data outside a private checkout (platform/data-dir.ts: probes as the user postgres,
 * creates and chowns the directory); the session secret is created there on the first start.
 * The API (createApp) and the CLIs call this; tests that only read settings call loadConfig.
 */
export function startConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const config = loadConfig(env);
  let { dataDir, dataDirNote } = config;
  if (!env.DATA_DIR) ({ dir: dataDir, note: dataDirNote } = defaultDataDir(REPO_ROOT, { embedded: !config.databaseUrl }));
  const sessionSecret = env.SESSION_SECRET !== undefined ? config.sessionSecret : storedSessionSecret(dataDir) || createSessionSecret(dataDir);
  const searchIndexDir = env.SEARCH_INDEX_DIR?.trim() ? config.searchIndexDir : path.join(dataDir, 'search-index');
  return { ...config, dataDir, dataDirNote, sessionSecret, searchIndexDir };
}

/** Validates the environment; throws ConfigError naming every bad variable. Reads, never writes (see startConfig). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = plainToInstance(EnvironmentVariables, { ...env }, { excludeExtraneousValues: false });
  const errors = validateSync(raw, { whitelist: false, skipMissingProperties: false });
  if (errors.length > 0) {
    throw new ConfigError(errors.flatMap((e) => Object.values(e.constraints ?? { [e.property]: `${e.property} is invalid` })));
  }
  // without DATA_DIR, the checkout's data/ (startConfig may choose another place for root)
  const dataDir = resolveFromRoot(raw.DATA_DIR || undefined, 'data');
  const nodeEnv = (raw.NODE_ENV as AppConfig['nodeEnv'] | undefined) ?? 'development';
  const readUrls = raw.DATABASE_READ_URLS ? raw.DATABASE_READ_URLS.split(',').map((url) => url.trim()) : [];
  if (readUrls.length > 0 && !raw.DATABASE_URL) throw new ConfigError(['DATABASE_READ_URLS needs DATABASE_URL: the replicas stream from a PostgreSQL server, not the embedded one']);
  return {
    port: raw.PORT ?? 3000,
    databaseUrl: raw.DATABASE_URL,
    readUrls,
    replicaMaxLagMs: raw.REPLICA_MAX_LAG_MS ?? 5000,
    dataDir,
    dataDirNote: undefined,
    dbPoolSize: raw.DB_POOL_SIZE ?? DEFAULT_DB_POOL_SIZE,
    catalogueCacheBytes: (raw.CATALOGUE_CACHE_MB ?? 64) * 1024 * 1024,
    serverRendering: raw.SERVER_RENDERING !== 'off',
    remoteRenderBudgetMs: raw.REMOTE_RENDER_BUDGET_MS ?? 300,
    // the API's own thread keeps one core for the kept pages and the renders' data
    renderThreads: raw.RENDER_THREADS ?? Math.max(1, os.availableParallelism() - 1),
    searchIndex: raw.SEARCH_INDEX !== 'off',
    searchIndexDir: raw.SEARCH_INDEX_DIR === 'off' ? undefined : path.resolve(REPO_ROOT, raw.SEARCH_INDEX_DIR || path.join(dataDir, 'search-index')),
    staleIfErrorSeconds: raw.STALE_IF_ERROR_SECONDS ?? 300,
    shutdownGraceMs: raw.SHUTDOWN_GRACE_MS ?? 10_000,
    warmUpMs: raw.WARMUP_MS ?? (nodeEnv === 'production' ? 2_000 : 0),
    sessionSecret: raw.SESSION_SECRET ?? storedSessionSecret(dataDir),
    nodeEnv,
    remotes: {
      storefront: raw.REMOTE_STOREFRONT_URL ?? '/remotes/storefront/mf-manifest.json',
      checkout: raw.REMOTE_CHECKOUT_URL ?? '/remotes/checkout/mf-manifest.json',
      admin: raw.REMOTE_ADMIN_URL ?? '/remotes/admin/mf-manifest.json',
    },
    remotesFromServer: {
      storefront: raw.REMOTE_STOREFRONT_SERVER_URL ?? raw.REMOTE_STOREFRONT_URL ?? '/remotes/storefront/mf-manifest.json',
      checkout: raw.REMOTE_CHECKOUT_SERVER_URL ?? raw.REMOTE_CHECKOUT_URL ?? '/remotes/checkout/mf-manifest.json',
      admin: raw.REMOTE_ADMIN_SERVER_URL ?? raw.REMOTE_ADMIN_URL ?? '/remotes/admin/mf-manifest.json',
    },
    frontendDistRoot: resolveFromRoot(raw.FRONTEND_DIST_ROOT, '.'),
    seedImagesDir: path.join(BACKEND_ROOT, 'assets', 'seed-images'),
    publicUrl: raw.PUBLIC_URL === undefined ? undefined : new URL(raw.PUBLIC_URL).origin,
    sitemapPageSize: raw.SITEMAP_PAGE_SIZE ?? 50_000,
    seedDemo: raw.SEED_DEMO === undefined ? nodeEnv !== 'production' : raw.SEED_DEMO === 'true',
    host: raw.HOST === undefined ? (nodeEnv === 'production' ? undefined : '127.0.0.1') : raw.HOST === '*' ? undefined : raw.HOST,
    seedDemoExplicit: raw.SEED_DEMO === 'true',
    passwordHashMemoryKib: raw.PASSWORD_HASH_MEMORY_KIB ?? 65_536,
    rateLimits: {
      ipv6Prefix: raw.RATE_LIMIT_IPV6_PREFIX ?? 64,
      registrationsPerHour: raw.REGISTRATIONS_PER_HOUR ?? 20,
      guestRequestsPerHour: raw.GUEST_REQUESTS_PER_HOUR ?? 5,
      guestRequestsShopPerHour: raw.GUEST_REQUESTS_SHOP_PER_HOUR ?? 200,
      apiKeyPerMinute: raw.API_KEY_RATE_LIMIT ?? 600,
    },
    trustProxy: raw.TRUST_PROXY === undefined ? false : /^\d+$/.test(raw.TRUST_PROXY) ? Number(raw.TRUST_PROXY) : raw.TRUST_PROXY,
    sessionIdleSeconds: raw.SESSION_IDLE_TIMEOUT ?? 7 * 24 * 60 * 60,
    sessionAbsoluteSeconds: raw.SESSION_ABSOLUTE_TIMEOUT ?? 30 * 24 * 60 * 60,
    allowedOrigins: raw.ALLOWED_ORIGINS ? raw.ALLOWED_ORIGINS.split(',').map((origin) => new URL(origin.trim()).origin) : [],
    ai: aiConfig(raw),
    logLevel: (raw.LOG_LEVEL as AppConfig['logLevel'] | undefined) ?? 'info',
    metrics: { token: raw.METRICS_TOKEN, port: raw.METRICS_PORT },
    backup: { dir: resolveFromRoot(raw.BACKUP_DIR, 'backups'), keep: raw.BACKUP_KEEP ?? 7, schedule: (raw.BACKUP_SCHEDULE as 'off' | 'daily' | undefined) ?? 'off' },
    mail: { smtpUrl: raw.SMTP_URL, from: raw.MAIL_FROM ?? 'DentalMarket <orders@dentalmarket.example>', dir: path.join(dataDir, 'mail'), supplier: raw.SUPPLIER_EMAIL },
    importBatchSize: raw.IMPORT_BATCH_SIZE ?? 500,
    webhooks: {
      allowPrivate: raw.WEBHOOK_ALLOW_PRIVATE === 'true',
      timeoutSeconds: raw.WEBHOOK_TIMEOUT_SECONDS ?? 10,
      retryDelaySeconds: raw.WEBHOOK_RETRY_DELAY_SECONDS ?? 5,
      retryDelayMaxSeconds: raw.WEBHOOK_RETRY_DELAY_MAX_SECONDS ?? 3600,
      retryWindowSeconds: raw.WEBHOOK_RETRY_WINDOW_SECONDS ?? (raw.WEBHOOK_RETRY_HOURS ?? 72) * 3600,
      retentionDays: raw.WEBHOOK_RETENTION_DAYS ?? 30,
    },
  };
}
