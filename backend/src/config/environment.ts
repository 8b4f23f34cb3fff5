// Every environment variable the API reads, declared once each: its parsing, its rule and the
// message naming it (docs/operations.md describes each; backend/test/docs.spec.ts holds the two together).
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { MAX_DB_POOL_SIZE } from '../database/embedded-postgres.js';

const HTTP_URL = /^https?:\/\/\S+$/;
const MODEL_NAME = /^[\w.:/-]+$/;

const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A setting that may be unset: an empty string counts as unset. */
const OptionalSetting = () => applyDecorators(Transform(emptyToUndefined), IsOptional());

/** A whole number from `min` to `max`, or unset (empty counts as unset); `message` names the setting, its unit and range. */
const WholeNumber = (min: number, max: number, message: string) =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined)),
    IsOptional(),
    IsInt({ message }),
    Min(min, { message }),
    Max(max, { message }),
  );

/** Raw environment as read at boot; every field optional, empty strings count as unset. */
export class EnvironmentVariables {
  @WholeNumber(0, 65535, 'PORT must be an integer between 0 and 65535')
  PORT?: number;

  @OptionalSetting()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @OptionalSetting()
  @Matches(/^postgres(ql)?:\/\/[^\s,]+(\s*,\s*postgres(ql)?:\/\/[^\s,]+)*$/, {
    message: 'DATABASE_READ_URLS must be one or more postgres:// or postgresql:// URLs separated by commas',
  })
  DATABASE_READ_URLS?: string;

  @WholeNumber(100, 600_000, 'REPLICA_MAX_LAG_MS must be a whole number of milliseconds between 100 and 600000')
  REPLICA_MAX_LAG_MS?: number;

  @OptionalSetting()
  @IsString()
  DATA_DIR?: string;

  @WholeNumber(1, MAX_DB_POOL_SIZE, `DB_POOL_SIZE must be a whole number of connections between 1 and ${MAX_DB_POOL_SIZE}`)
  DB_POOL_SIZE?: number;

  @WholeNumber(0, 4096, 'CATALOGUE_CACHE_MB must be a whole number of megabytes between 0 (off) and 4096')
  CATALOGUE_CACHE_MB?: number;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined))
  @IsOptional()
  @IsIn(['on', 'off'], { message: 'SEARCH_INDEX must be on or off' })
  SEARCH_INDEX?: 'on' | 'off';

  @OptionalSetting()
  @IsString()
  SEARCH_INDEX_DIR?: string;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined))
  @IsOptional()
  @IsIn(['on', 'off'], { message: 'SERVER_RENDERING must be on or off' })
  SERVER_RENDERING?: 'on' | 'off';

  @WholeNumber(0, 10000, 'REMOTE_RENDER_BUDGET_MS must be a whole number of milliseconds between 0 and 10000')
  REMOTE_RENDER_BUDGET_MS?: number;

  @WholeNumber(1, 32, 'RENDER_THREADS must be a whole number between 1 and 32')
  RENDER_THREADS?: number;

  @WholeNumber(0, 86_400, 'STALE_IF_ERROR_SECONDS must be a whole number of seconds between 0 (off) and 86400')
  STALE_IF_ERROR_SECONDS?: number;

  @WholeNumber(0, 600_000, 'SHUTDOWN_GRACE_MS must be a whole number of milliseconds between 0 and 600000')
  SHUTDOWN_GRACE_MS?: number;

  @WholeNumber(0, 60_000, 'WARMUP_MS must be a whole number of milliseconds between 0 (off) and 60000')
  WARMUP_MS?: number;

  @OptionalSetting()
  @MinLength(16, { message: 'SESSION_SECRET must be at least 16 characters long' })
  SESSION_SECRET?: string;

  @OptionalSetting()
  @IsIn(['development', 'production', 'test'], { message: 'NODE_ENV must be one of development, production, test' })
  NODE_ENV?: string;

  @OptionalSetting()
  @IsString()
  REMOTE_STOREFRONT_URL?: string;

  @OptionalSetting()
  @IsString()
  REMOTE_CHECKOUT_URL?: string;

  @OptionalSetting()
  @IsString()
  REMOTE_ADMIN_URL?: string;

  @OptionalSetting()
  @IsString()
  REMOTE_STOREFRONT_SERVER_URL?: string;

  @OptionalSetting()
  @IsString()
  REMOTE_CHECKOUT_SERVER_URL?: string;

  @OptionalSetting()
  @IsString()
  REMOTE_ADMIN_SERVER_URL?: string;

  @OptionalSetting()
  @IsString()
  FRONTEND_DIST_ROOT?: string;

  @OptionalSetting()
  @Matches(/^https?:\/\/[^\s/?#]+\/?$/, { message: "PUBLIC_URL must be the shop's public origin, such as https://shop.example.com" })
  PUBLIC_URL?: string;

  @WholeNumber(1, 50_000, 'SITEMAP_PAGE_SIZE must be a whole number of URLs between 1 and 50000')
  SITEMAP_PAGE_SIZE?: number;

  @OptionalSetting()
  @IsIn(['true', 'false'], { message: 'SEED_DEMO must be true or false' })
  SEED_DEMO?: string;

  @OptionalSetting()
  @Matches(/^(\*|[0-9a-fA-F.:]+|[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?)$/, { message: 'HOST must be an IP address, a host name, or * for every interface' })
  HOST?: string;

  @WholeNumber(32, 128, 'RATE_LIMIT_IPV6_PREFIX must be a whole number of bits between 32 and 128')
  RATE_LIMIT_IPV6_PREFIX?: number;

  @WholeNumber(1024, 1_048_576, 'PASSWORD_HASH_MEMORY_KIB must be a whole number of KiB between 1024 and 1048576')
  PASSWORD_HASH_MEMORY_KIB?: number;

  @WholeNumber(1, 1_000_000, 'REGISTRATIONS_PER_HOUR must be a whole number between 1 and 1000000')
  REGISTRATIONS_PER_HOUR?: number;

  @WholeNumber(1, 1_000_000, 'GUEST_REQUESTS_PER_HOUR must be a whole number between 1 and 1000000')
  GUEST_REQUESTS_PER_HOUR?: number;

  @WholeNumber(1, 1_000_000, 'GUEST_REQUESTS_SHOP_PER_HOUR must be a whole number between 1 and 1000000')
  GUEST_REQUESTS_SHOP_PER_HOUR?: number;

  @WholeNumber(1, 1_000_000, 'API_KEY_RATE_LIMIT must be a whole number of requests per minute between 1 and 1000000')
  API_KEY_RATE_LIMIT?: number;

  @OptionalSetting()
  @Matches(/^(\d{1,2}|(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+))*)$/, {
    message: 'TRUST_PROXY must be a number of proxy hops, or a comma-separated list of proxy addresses/CIDRs (or loopback, linklocal, uniquelocal)',
  })
  TRUST_PROXY?: string;

  @WholeNumber(60, 31_536_000, 'SESSION_IDLE_TIMEOUT must be a whole number of seconds between 60 and 31536000')
  SESSION_IDLE_TIMEOUT?: number;

  @WholeNumber(60, 31_536_000, 'SESSION_ABSOLUTE_TIMEOUT must be a whole number of seconds between 60 and 31536000')
  SESSION_ABSOLUTE_TIMEOUT?: number;

  @OptionalSetting()
  @Matches(/^https?:\/\/[^\s,/]+(\s*,\s*https?:\/\/[^\s,/]+)*$/, {
    message: 'ALLOWED_ORIGINS must be a comma-separated list of origins such as https://shop.example.com',
  })
  ALLOWED_ORIGINS?: string;

  @OptionalSetting()
  @IsIn(['gemini', 'openai'], { message: 'AI_PROVIDER must be gemini or openai' })
  AI_PROVIDER?: string;

  @OptionalSetting()
  @IsString()
  GEMINI_API_KEY?: string;

  @OptionalSetting()
  @Matches(MODEL_NAME, { message: 'GEMINI_MODEL must be a model name such as gemini-2.5-flash' })
  GEMINI_MODEL?: string;

  @OptionalSetting()
  @Matches(HTTP_URL, { message: 'GEMINI_BASE_URL must be an http:// or https:// URL' })
  GEMINI_BASE_URL?: string;

  @OptionalSetting()
  @Matches(HTTP_URL, { message: 'OPENAI_BASE_URL must be an http:// or https:// URL, such as http://localhost:11434/v1 for Ollama' })
  OPENAI_BASE_URL?: string;

  @OptionalSetting()
  @IsString()
  OPENAI_API_KEY?: string;

  @OptionalSetting()
  @Matches(MODEL_NAME, { message: 'OPENAI_MODEL must be a model name such as gpt-4o-mini or llama3.1:8b' })
  OPENAI_MODEL?: string;

  @WholeNumber(100, 300_000, 'AI_TIMEOUT_MS must be a whole number of milliseconds between 100 and 300000')
  AI_TIMEOUT_MS?: number;

  @WholeNumber(1, 20, 'AI_BATCH_CONCURRENCY must be a whole number between 1 and 20')
  AI_BATCH_CONCURRENCY?: number;

  @OptionalSetting()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent' })
  LOG_LEVEL?: string;

  @OptionalSetting()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters long' })
  METRICS_TOKEN?: string;

  @WholeNumber(0, 65535, 'METRICS_PORT must be an integer between 0 (any free port) and 65535')
  METRICS_PORT?: number;

  @OptionalSetting()
  @IsString()
  BACKUP_DIR?: string;

  @WholeNumber(1, 1000, 'BACKUP_KEEP must be a whole number of backups between 1 and 1000')
  BACKUP_KEEP?: number;

  @OptionalSetting()
  @IsIn(['off', 'daily'], { message: 'BACKUP_SCHEDULE must be off or daily' })
  BACKUP_SCHEDULE?: string;

  @WholeNumber(1, 5000, 'IMPORT_BATCH_SIZE must be a whole number of rows between 1 and 5000')
  IMPORT_BATCH_SIZE?: number;

  @OptionalSetting()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:pass@mail.example.com:587' })
  SMTP_URL?: string;

  @OptionalSetting()
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

  @OptionalSetting()
  @IsIn(['true', 'false'], { message: 'WEBHOOK_ALLOW_PRIVATE must be true or false' })
  WEBHOOK_ALLOW_PRIVATE?: string;

  @WholeNumber(1, 60, 'WEBHOOK_TIMEOUT_SECONDS must be a whole number of seconds between 1 and 60')
  WEBHOOK_TIMEOUT_SECONDS?: number;

  @WholeNumber(1, 3600, 'WEBHOOK_RETRY_DELAY_SECONDS must be a whole number of seconds between 1 and 3600')
  WEBHOOK_RETRY_DELAY_SECONDS?: number;

  @WholeNumber(1, 86_400, 'WEBHOOK_RETRY_DELAY_MAX_SECONDS must be a whole number of seconds between 1 and 86400')
  WEBHOOK_RETRY_DELAY_MAX_SECONDS?: number;

  @WholeNumber(1, 720, 'WEBHOOK_RETRY_HOURS must be a whole number of hours between 1 and 720')
  WEBHOOK_RETRY_HOURS?: number;

  @WholeNumber(1, 2_592_000, 'WEBHOOK_RETRY_WINDOW_SECONDS must be a whole number of seconds between 1 and 2592000')
  WEBHOOK_RETRY_WINDOW_SECONDS?: number;

  @WholeNumber(1, 3650, 'WEBHOOK_RETENTION_DAYS must be a whole number of days between 1 and 3650')
  WEBHOOK_RETENTION_DAYS?: number;
}
