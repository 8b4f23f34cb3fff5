import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { Logger as NestLogger, type LogLevel } from '@nestjs/common';
import { Logger, type Params, PinoLogger } from 'nestjs-pino';
import type { Logger as PinoInstance } from 'pino';
import { PARTNER_CLICKS_ROUTE } from '@dentalmarket/contracts';
import type { AppConfig } from '../config/app-config.js';
import { isWarmUpRequest } from '../health/warm-up-request.js';

type Level = AppConfig['logLevel'];

/**
 * Never logged, wherever they appear in a logged object: request and response headers that carry
 * credentials, and body fields that do. The request line itself carries none of these (it is built
 * field by field below); this is the net under anything else that logs an object.
 */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.apiKey',
];

/**
 * nestjs-pino keeps ONE pino-http instance per process (its root logger), built from the first
 * application's parameters. Production runs one application per process; tests run several, one
 * after another or side by side. So the root writes to this sink, and each application started
 * points the sink at its own destination (stdout, pretty or JSON; or a test's capture stream).
 */
let target: NodeJS.WritableStream = process.stdout;

/**
 * Lines bound for the process's own stdout are written together once per turn of the event loop
 * (or at 64 KB): stdout on a pipe or file is written synchronously, and a system call (and a wake-up
 * of the reading process) for every request's line was a measurable share of a catalogue read
 * under load. Written at the latest when the process exits; a capture stream (tests) or the
 * development pretty-printer gets each line at once.
 */
let pending: Buffer[] = [];
let pendingBytes = 0;
let flushScheduled = false;
const FLUSH_AT = 64 * 1024;
function flushLines(): void {
  flushScheduled = false;
  if (pending.length === 0) return;
  const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
  pending = [];
  pendingBytes = 0;
  target.write(chunk);
}
process.on('exit', flushLines);

const sink = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    if (target !== process.stdout) {
      target.write(chunk);
      return callback();
    }
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= FLUSH_AT) flushLines();
    else if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flushLines).unref();
    }
    callback();
  },
});

/** The level the code asked for (tests pass Nest's level list), else LOG_LEVEL. */
function levelOf(config: Pick<AppConfig, 'logLevel'>, nestLevels: LogLevel[] | false | undefined): Level {
  if (nestLevels === false) return 'silent';
  if (!nestLevels) return config.logLevel;
  const order: [LogLevel, Level][] = [['verbose', 'trace'], ['debug', 'debug'], ['log', 'info'], ['warn', 'warn'], ['error', 'error'], ['fatal', 'fatal']];
  return order.find(([nest]) => nestLevels.includes(nest))?.[1] ?? 'silent';
}

let prettyStdout: NodeJS.WritableStream | undefined;

/**
 * Development gets pino-pretty (a dev dependency: colour when the terminal has it, one readable
 * line each); production and tests get one JSON object per line, never an escape code.
 */
async function destinationFor(config: Pick<AppConfig, 'nodeEnv'>, capture: NodeJS.WritableStream | undefined): Promise<NodeJS.WritableStream> {
  const out = capture ?? process.stdout;
  if (config.nodeEnv !== 'development') return out;
  try {
    const { default: pretty } = await import('pino-pretty');
    const make = () => pretty({ destination: out as Writable, colorize: capture ? false : pretty.isColorSupported, sync: true, ignore: 'pid,hostname' });
    // one for the process's stdout however often an app starts in it (the test runner's workers start
    // dozens): each pipes into stdout and leaves its listeners there, which stdout never ends to free
    return capture ? make() : (prettyStdout ??= make());
  } catch {
    return out; // installed without dev dependencies: JSON lines
  }
}

/**
 * nestjs-pino's module: its middleware takes the request's logger requestLogging() made (req.log)
 * rather than running a second pino-http per request. The root logger is startLogging()'s.
 */
export function moduleLoggerParams(): Params {
  return { ...loggerParams(), useExisting: true };
}

export function loggerParams(): Params {
  return {
    pinoHttp: [{ redact: { paths: REDACT, censor: '[redacted]' }, autoLogging: false, quietReqLogger: true, genReqId: requestIdOf }, sink],
  };
}

function requestIdOf(req: IncomingMessage): string {
  return String(req.headers['x-request-id'] ?? '');
}

/**
 * Nest's start-up inventory, a line for every module, controller and route (about 210 at each start,
 * of each instance, at every deploy), is logged at debug: `LOG_LEVEL=debug` shows it. The line that
 * the application started stays at info. Nest's logger before the app exists (startLogging) and after
 * (ObservabilityModule's, which the buffered start-up lines go through).
 */
const INVENTORY_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

export class AppLogger extends Logger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && INVENTORY_CONTEXTS.has(context)) this.debug(message, ...optionalParams);
    else super.log(message, ...optionalParams);
  }
}

/**
 * Routes Nest's logs (the static Logger too, which the embedded database's start uses before Nest
 * exists) through pino at the configured level. Returns the logger for NestFactory.create.
 */
export async function startLogging(
  config: Pick<AppConfig, 'logLevel' | 'nodeEnv' | 'dataDirNote'>,
  options: { nestLevels?: LogLevel[] | false; capture?: NodeJS.WritableStream } = {},
): Promise<Logger> {
  const destination = await destinationFor(config, options.capture);
  flushLines(); // what the previous destination was owed
  target = destination;
  const params = loggerParams();
  const logger = new AppLogger(new PinoLogger(params), params);
  PinoLogger.root.level = levelOf(config, options.nestLevels);
  NestLogger.overrideLogger(logger);
  if (config.dataDirNote) logger.warn(config.dataDirNote, 'DataDir');
  return logger;
}

interface SignedInRequest extends IncomingMessage {
  originalUrl?: string;
  user?: { id?: number };
  /** the API key a keyed request was signed with, once known (api-keys/keyed-request.ts) */
  apiKey?: { id: string };
}

/**
 * The one line per request: method, path (no query string), status, duration, user id or API key id
 * (never its secret; the request id is the child logger's binding).
 */
function requestFields(req: SignedInRequest, res: ServerResponse, responseTime: number) {
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  return { method: req.method, path, status: res.statusCode, durationMs: Math.round(responseTime * 10) / 10, userId: req.user?.id, apiKeyId: req.apiKey?.id };
}

function lineMessage(fields: ReturnType<typeof requestFields>): string {
  return `${fields.method} ${fields.path} ${fields.status}`;
}

type LineLevel = 'info' | 'error' | 'silent';
const READINESS_ROUTE = '/api/health/ready';
type LoggedRequest = SignedInRequest & { log?: PinoInstance };
type LoggedResponse = ServerResponse & { log?: PinoInstance };

/**
 * At the front of the chain (right after the request id), so even requests refused before Nest's
 * own middleware (foreign origin, wrong content type) get their line. A 5xx line is at error level
 * but without the stack: the exception filter logs the error itself, once.
 *
 * What pino-http did, without its per-request cost: it made four child loggers a request (two here,
 * two in nestjs-pino's own middleware), two of them binding the whole request, which pino
 * serialises and redacts at once, to log a line whose fields are built here anyway; that was a
 * tenth of the API's CPU on a single-product read. Here one child bound to the request id serves
 * both the line and, as `req.log`, the request-scoped logger nestjs-pino hands to Nest's Logger
 * inside the request (LoggerModule `useExisting`).
 */
export function requestLogging() {
  return (req: LoggedRequest, res: LoggedResponse, next: () => void): void => {
    const startedAt = Date.now();
    const log = PinoLogger.root.child({ reqId: requestIdOf(req) });
    req.log = log;
    res.log = log;
    // the first of finish (answered), close (the client went away first) or error ends it, once
    const done = (error?: Error) => {
      res.removeListener('finish', done);
      res.removeListener('close', done);
      res.removeListener('error', done);
      const level = levelOfLine(req, res, error);
      if (level === 'silent') return;
      const fields = requestFields(req, res, Date.now() - startedAt);
      log[level](fields, lineMessage(fields));
    };
    res.on('finish', done);
    res.on('close', done);
    res.on('error', done);
    next();
  };
}

/**
 * A partner click's beacon answered 204 is counted in the metrics and stored in the database: no
 * line each (at thousands a second they would drown the log); its refusals are logged like any.
 * Readiness answering 503 is at info: a load balancer polls it, and what made it unready is logged
 * once where it happened. The process's own warm-up requests after a start (health/warm-up.ts) are
 * summed in one line of their own, unless one fails.
 */
function levelOfLine(req: IncomingMessage, res: ServerResponse, error: Error | undefined): LineLevel {
  if (!error && res.statusCode < 500 && isWarmUpRequest(req)) return 'silent';
  // readiness answering 503 is a state reported to a load balancer polling it (database down,
  // shutting down, search index loading after a start), not a failed request: info, not error
  if (!error && res.statusCode === 503 && req.url === READINESS_ROUTE) return 'info';
  if (error || res.statusCode >= 500) return 'error';
  return res.statusCode === 204 && req.url?.startsWith(PARTNER_CLICKS_ROUTE) ? 'silent' : 'info';
}
