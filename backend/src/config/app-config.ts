import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { plainToInstance, Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import { defaultDataDir } from '../platform/data-dir.js';
import { DEFAULT_DB_POOL_SIZE, MAX_DB_POOL_SIZE } from '../database/embedded-postgres.js';

/** The repository root: backend/src/config (tests) or backend/dist/config (build) → three levels up. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** backend/ itself, for assets that ship with the API. */
export const BACKEND_ROOT = path.join(REPO_ROOT, 'backend');

/** OWASP Password Storage Cheat Sheet: argon2id with at least 19 MiB of memory */
export const OWASP_ARGON2_MIN_KIB = 19_456;
const HTTP_URL = /^https?:\/\/\S+$/;
const MODEL_NAME = /^[\w.:/-]+$/;

const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Raw environment as read at boot; every field optional, empty strings count as unset. */
class EnvironmentVariables {
  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'PORT must be an integer between 0 and 65535' })
  @Min(0, { message: 'PORT must be an integer between 0 and 65535' })
  @Max(65535, { message: 'PORT must be an integer between 0 and 65535' })
  PORT?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  DATA_DIR?: string;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: `DB_POOL_SIZE must be a whole number of connections between 1 and ${MAX_DB_POOL_SIZE}` })
  @Min(1, { message: `DB_POOL_SIZE must be a whole number of connections between 1 and ${MAX_DB_POOL_SIZE}` })
  @Max(MAX_DB_POOL_SIZE, { message: `DB_POOL_SIZE must be a whole number of connections between 1 and ${MAX_DB_POOL_SIZE}` })
  DB_POOL_SIZE?: number;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'CATALOGUE_CACHE_MB must be a whole number of megabytes between 0 (off) and 4096' })
  @Min(0, { message: 'CATALOGUE_CACHE_MB must be a whole number of megabytes between 0 (off) and 4096' })
  @Max(4096, { message: 'CATALOGUE_CACHE_MB must be a whole number of megabytes between 0 (off) and 4096' })
  CATALOGUE_CACHE_MB?: number;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined))
  @IsOptional()
  @IsIn(['on', 'off'], { message: 'SEARCH_INDEX must be on or off' })
  SEARCH_INDEX?: 'on' | 'off';

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined))
  @IsOptional()
  @IsIn(['on', 'off'], { message: 'SERVER_RENDERING must be on or off' })
  SERVER_RENDERING?: 'on' | 'off';

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'REMOTE_RENDER_BUDGET_MS must be a whole number of milliseconds between 0 and 10000' })
  @Min(0, { message: 'REMOTE_RENDER_BUDGET_MS must be a whole number of milliseconds between 0 and 10000' })
  @Max(10000, { message: 'REMOTE_RENDER_BUDGET_MS must be a whole number of milliseconds between 0 and 10000' })
  REMOTE_RENDER_BUDGET_MS?: number;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'RENDER_THREADS must be a whole number between 1 and 32' })
  @Min(1, { message: 'RENDER_THREADS must be a whole number between 1 and 32' })
  @Max(32, { message: 'RENDER_THREADS must be a whole number between 1 and 32' })
  RENDER_THREADS?: number;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'STALE_IF_ERROR_SECONDS must be a whole number of seconds between 0 (off) and 86400' })
  @Min(0, { message: 'STALE_IF_ERROR_SECONDS must be a whole number of seconds between 0 (off) and 86400' })
  @Max(86_400, { message: 'STALE_IF_ERROR_SECONDS must be a whole number of seconds between 0 (off) and 86400' })
  STALE_IF_ERROR_SECONDS?: number;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'SHUTDOWN_GRACE_MS must be a whole number of milliseconds between 0 and 600000' })
  @Min(0, { message: 'SHUTDOWN_GRACE_MS must be a whole number of milliseconds between 0 and 600000' })
  @Max(600_000, { message: 'SHUTDOWN_GRACE_MS must be a whole number of milliseconds between 0 and 600000' })
  SHUTDOWN_GRACE_MS?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @MinLength(16, { message: 'SESSION_SECRET must be at least 16 characters long' })
  SESSION_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['development', 'production', 'test'], { message: 'NODE_ENV must be one of development, production, test' })
  NODE_ENV?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  REMOTE_STOREFRONT_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  REMOTE_CHECKOUT_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  REMOTE_ADMIN_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  REMOTE_STOREFRONT_SERVER_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  REMOTE_CHECKOUT_SERVER_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  REMOTE_ADMIN_SERVER_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  FRONTEND_DIST_ROOT?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+\/?$/, { message: "PUBLIC_URL must be the shop's public origin, such as https://shop.example.com" })
  PUBLIC_URL?: string;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'SITEMAP_PAGE_SIZE must be a whole number of URLs between 1 and 50000' })
  @Min(1, { message: 'SITEMAP_PAGE_SIZE must be a whole number of URLs between 1 and 50000' })
  @Max(50_000, { message: 'SITEMAP_PAGE_SIZE must be a whole number of URLs between 1 and 50000' })
  SITEMAP_PAGE_SIZE?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'SEED_DEMO must be true or false' })
  SEED_DEMO?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^(\*|[0-9a-fA-F.:]+|[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?)$/, { message: 'HOST must be an IP address, a host name, or * for every interface' })
  HOST?: string;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'RATE_LIMIT_IPV6_PREFIX must be a whole number of bits between 32 and 128' })
  @Min(32, { message: 'RATE_LIMIT_IPV6_PREFIX must be a whole number of bits between 32 and 128' })
  @Max(128, { message: 'RATE_LIMIT_IPV6_PREFIX must be a whole number of bits between 32 and 128' })
  RATE_LIMIT_IPV6_PREFIX?: number;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'PASSWORD_HASH_MEMORY_KIB must be a whole number of KiB between 1024 and 1048576' })
  @Min(1024, { message: 'PASSWORD_HASH_MEMORY_KIB must be a whole number of KiB between 1024 and 1048576' })
  @Max(1_048_576, { message: 'PASSWORD_HASH_MEMORY_KIB must be a whole number of KiB between 1024 and 1048576' })
  PASSWORD_HASH_MEMORY_KIB?: number;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'REGISTRATIONS_PER_HOUR must be a whole number between 1 and 1000000' })
  @Min(1, { message: 'REGISTRATIONS_PER_HOUR must be a whole number between 1 and 1000000' })
  @Max(1_000_000, { message: 'REGISTRATIONS_PER_HOUR must be a whole number between 1 and 1000000' })
  REGISTRATIONS_PER_HOUR?: number;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'GUEST_REQUESTS_PER_HOUR must be a whole number between 1 and 1000000' })
  @Min(1, { message: 'GUEST_REQUESTS_PER_HOUR must be a whole number between 1 and 1000000' })
  @Max(1_000_000, { message: 'GUEST_REQUESTS_PER_HOUR must be a whole number between 1 and 1000000' })
  GUEST_REQUESTS_PER_HOUR?: number;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'GUEST_REQUESTS_SHOP_PER_HOUR must be a whole number between 1 and 1000000' })
  @Min(1, { message: 'GUEST_REQUESTS_SHOP_PER_HOUR must be a whole number between 1 and 1000000' })
  @Max(1_000_000, { message: 'GUEST_REQUESTS_SHOP_PER_HOUR must be a whole number between 1 and 1000000' })
  GUEST_REQUESTS_SHOP_PER_HOUR?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^(\d{1,2}|(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+))*)$/, {
    message: 'TRUST_PROXY must be a number of proxy hops, or a comma-separated list of proxy addresses/CIDRs (or loopback, linklocal, uniquelocal)',
  })
  TRUST_PROXY?: string;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'SESSION_IDLE_TIMEOUT must be a whole number of seconds between 60 and 31536000' })
  @Min(60, { message: 'SESSION_IDLE_TIMEOUT must be a whole number of seconds between 60 and 31536000' })
  @Max(31_536_000, { message: 'SESSION_IDLE_TIMEOUT must be a whole number of seconds between 60 and 31536000' })
  SESSION_IDLE_TIMEOUT?: number;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'SESSION_ABSOLUTE_TIMEOUT must be a whole number of seconds between 60 and 31536000' })
  @Min(60, { message: 'SESSION_ABSOLUTE_TIMEOUT must be a whole number of seconds between 60 and 31536000' })
  @Max(31_536_000, { message: 'SESSION_ABSOLUTE_TIMEOUT must be a whole number of seconds between 60 and 31536000' })
  SESSION_ABSOLUTE_TIMEOUT?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s,/]+(\s*,\s*https?:\/\/[^\s,/]+)*$/, {
    message: 'ALLOWED_ORIGINS must be a comma-separated list of origins such as https://shop.example.com',
  })
  ALLOWED_ORIGINS?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['gemini', 'openai'], { message: 'AI_PROVIDER must be gemini or openai' })
  AI_PROVIDER?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  GEMINI_API_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(MODEL_NAME, { message: 'GEMINI_MODEL must be a model name such as gemini-2.5-flash' })
  GEMINI_MODEL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(HTTP_URL, { message: 'GEMINI_BASE_URL must be an http:// or https:// URL' })
  GEMINI_BASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(HTTP_URL, { message: 'OPENAI_BASE_URL must be an http:// or https:// URL, such as http://localhost:11434/v1 for Ollama' })
  OPENAI_BASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OPENAI_API_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(MODEL_NAME, { message: 'OPENAI_MODEL must be a model name such as gpt-4o-mini or llama3.1:8b' })
  OPENAI_MODEL?: string;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'AI_TIMEOUT_MS must be a whole number of milliseconds between 100 and 300000' })
  @Min(100, { message: 'AI_TIMEOUT_MS must be a whole number of milliseconds between 100 and 300000' })
  @Max(300_000, { message: 'AI_TIMEOUT_MS must be a whole number of milliseconds between 100 and 300000' })
  AI_TIMEOUT_MS?: number;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'AI_BATCH_CONCURRENCY must be a whole number between 1 and 20' })
  @Min(1, { message: 'AI_BATCH_CONCURRENCY must be a whole number between 1 and 20' })
  @Max(20, { message: 'AI_BATCH_CONCURRENCY must be a whole number between 1 and 20' })
  AI_BATCH_CONCURRENCY?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent' })
  LOG_LEVEL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters long' })
  METRICS_TOKEN?: string;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'METRICS_PORT must be an integer between 0 (any free port) and 65535' })
  @Min(0, { message: 'METRICS_PORT must be an integer between 0 (any free port) and 65535' })
  @Max(65535, { message: 'METRICS_PORT must be an integer between 0 (any free port) and 65535' })
  METRICS_PORT?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  BACKUP_DIR?: string;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'BACKUP_KEEP must be a whole number of backups between 1 and 1000' })
  @Min(1, { message: 'BACKUP_KEEP must be a whole number of backups between 1 and 1000' })
  @Max(1000, { message: 'BACKUP_KEEP must be a whole number of backups between 1 and 1000' })
  BACKUP_KEEP?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['off', 'daily'], { message: 'BACKUP_SCHEDULE must be off or daily' })
  BACKUP_SCHEDULE?: string;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined))
  @IsOptional()
  @IsInt({ message: 'IMPORT_BATCH_SIZE must be a whole number of rows between 1 and 5000' })
  @Min(1, { message: 'IMPORT_BATCH_SIZE must be a whole number of rows between 1 and 5000' })
  @Max(5000, { message: 'IMPORT_BATCH_SIZE must be a whole number of rows between 1 and 5000' })
  IMPORT_BATCH_SIZE?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:pass@mail.example.com:587' })
  SMTP_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MAIL_FROM?: string;

  // 'a@x.example, b@x.example' → two addresses; empty → unset
  @Transform(({ value }: { value: unknown }) => {
    const addresses = typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : value;
    return Array.isArray(addresses) && addresses.length === 0 ? undefined : addresses;
  })
  @IsOptional()
  @IsEmail({}, { each: true, message: 'SUPPLIER_EMAIL must be an email address, or several separated by commas' })
  SUPPLIER_EMAIL?: string[];
}

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
  /** how long into a database outage kept catalogue responses are still served, marked stale: STALE_IF_ERROR_SECONDS, default 300, 0 off */
  staleIfErrorSeconds: number;
  /** how long a SIGTERM/SIGINT waits for requests in flight before closing their connections: SHUTDOWN_GRACE_MS, default 10000 */
  shutdownGraceMs: number;
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
  /** the rate limits: IPv6 clients counted by this prefix (RATE_LIMIT_IPV6_PREFIX, default 64) and the hourly caps */
  rateLimits: { ipv6Prefix: number; registrationsPerHour: number; guestRequestsPerHour: number; guestRequestsShopPerHour: number };
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

/** Reads DATA_DIR/session-secret, creating it once with a random value so sessions survive restarts. */
function persistedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 16) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = plainToInstance(EnvironmentVariables, { ...env }, { excludeExtraneousValues: false });
  const errors = validateSync(raw, { whitelist: false, skipMissingProperties: false });
  if (errors.length > 0) {
    throw new ConfigError(errors.flatMap((e) => Object.values(e.constraints ?? { [e.property]: `${e.property} is invalid` })));
  }
  const defaultDir = raw.DATA_DIR ? undefined : defaultDataDir(REPO_ROOT, { embedded: !raw.DATABASE_URL });
  const dataDir = defaultDir?.dir ?? resolveFromRoot(raw.DATA_DIR, 'data');
  const nodeEnv = (raw.NODE_ENV as AppConfig['nodeEnv'] | undefined) ?? 'development';
  return {
    port: raw.PORT ?? 3000,
    databaseUrl: raw.DATABASE_URL,
    dataDir,
    dataDirNote: defaultDir?.note,
    dbPoolSize: raw.DB_POOL_SIZE ?? DEFAULT_DB_POOL_SIZE,
    catalogueCacheBytes: (raw.CATALOGUE_CACHE_MB ?? 64) * 1024 * 1024,
    serverRendering: raw.SERVER_RENDERING !== 'off',
    remoteRenderBudgetMs: raw.REMOTE_RENDER_BUDGET_MS ?? 300,
    // the API's own thread keeps one core for the kept pages and the renders' data
    renderThreads: raw.RENDER_THREADS ?? Math.max(1, os.availableParallelism() - 1),
    searchIndex: raw.SEARCH_INDEX !== 'off',
    staleIfErrorSeconds: raw.STALE_IF_ERROR_SECONDS ?? 300,
    shutdownGraceMs: raw.SHUTDOWN_GRACE_MS ?? 10_000,
    sessionSecret: raw.SESSION_SECRET ?? persistedSessionSecret(dataDir),
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
  };
}
