import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Marks a process's own warm-up requests (health/warm-up.ts) with a secret of that process. */
export const WARM_UP_HEADER = 'x-dm-warm-up';
export const WARM_UP_TOKEN = randomBytes(16).toString('hex');

/** Whether a request is this process's own warm-up (the header with this process's secret): the request log leaves them out. */
export function isWarmUpRequest(req: IncomingMessage): boolean {
  return req.headers[WARM_UP_HEADER] === WARM_UP_TOKEN;
}
