import { HttpException, HttpStatus } from '@nestjs/common';

/** "45 seconds", "1 second", "15 minutes": how long until a refused client may try again. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A 429 that says when to come back: the exception filter copies `retryAfterSeconds` into the
 * Retry-After header, and the message (written by each limit, in its own words) says it too.
 */
export class TooManyRequests extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
