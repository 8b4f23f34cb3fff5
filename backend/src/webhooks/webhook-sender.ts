import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_LIMITS } from '@dentalmarket/contracts/webhooks';
import { assertPublicLiteral, BlockedAddress, guardedLookup } from './ssrf-guard.js';

export const WEBHOOK_USER_AGENT = 'DentalMarket-Webhooks/1';
/** Bytes of an answer read for its excerpt; the rest is not waited for. */
const READ_BYTES = 4 * WEBHOOK_LIMITS.responseExcerptMax;

export interface SignedRequest {
  url: string;
  /** the event's id: `webhook-id` */
  eventId: string;
  /** the exact bytes signed and sent */
  body: string;
  secret: string;
  /** a rotated-away secret still within its grace: it signs too, so a receiver on either secret verifies */
  previousSecret: string | null;
  timeoutSeconds: number;
  allowPrivate: boolean;
}

/** One try's outcome, as the delivery log records it. */
export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/**
 * Standard Webhooks' signature header: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` by the
 * `standardwebhooks` library itself (so it is exactly what its `verify` checks), a second one with the
 * previous secret during a rotation's grace, space-separated as the specification allows.
 */
export function signatureHeader(eventId: string, at: Date, body: string, secret: string, previousSecret: string | null): string {
  const signatures = [new Webhook(secret).sign(eventId, at, body)];
  if (previousSecret) signatures.push(new Webhook(previousSecret).sign(eventId, at, body));
  return signatures.join(' ');
}

/** A network error in the words of the delivery log. */
function describe(error: NodeJS.ErrnoException, timeoutSeconds: number): string {
  if (error instanceof BlockedAddress) return error.message;
  switch (error.code) {
    case 'ETIMEDOUT_WEBHOOK':
      return `timed out after ${timeoutSeconds} s`;
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset by the receiver';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found (${error.code})`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    default:
      return error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT') ? `TLS: ${error.message}` : error.message;
  }
}

/**
 * POSTs one signed delivery and never throws: every outcome is a line of the log. No redirect is
 * followed (node's http never does: a 3xx is a failure, so a receiver cannot bounce the request to an
 * internal address); the whole try, connection to the answer's first bytes, has WEBHOOK_TIMEOUT_SECONDS.
 */
export function sendSigned(request: SignedRequest): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const fail = (error: NodeJS.ErrnoException) => finish({ ok: false, statusCode: null, responseExcerpt: null, error: describe(error, request.timeoutSeconds) });
    let url: URL;
    try {
      url = new URL(request.url);
      if (!request.allowPrivate) assertPublicLiteral(url);
    } catch (error) {
      fail(error as NodeJS.ErrnoException);
      return;
    }
    const at = new Date();
    const headers = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(request.body),
      'user-agent': WEBHOOK_USER_AGENT,
      'webhook-id': request.eventId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatureHeader(request.eventId, at, request.body, request.secret, request.previousSecret),
    };
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(url, { method: 'POST', headers, agent: false, ...(request.allowPrivate ? {} : { lookup: guardedLookup }) }, (response) => {
      const chunks: Buffer[] = [];
      let length = 0;
      const done = () => {
        const text = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_LIMITS.responseExcerptMax);
        const status = response.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        finish({ ok, statusCode: status, responseExcerpt: text || null, error: ok ? null : `the receiver answered ${status}` });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= READ_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    timer = setTimeout(() => {
      fail(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT_WEBHOOK' }));
      outgoing.destroy();
    }, request.timeoutSeconds * 1000);
    outgoing.on('error', fail);
    outgoing.end(request.body);
  });
}
