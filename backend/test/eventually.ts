import { setTimeout as pause } from 'node:timers/promises';

/**
 * Asks `ask` until its answer is accepted (by default: truthy) and resolves to that answer; after
 * `timeout` ms fails naming `what` and the last answer. The backend specs' one way to wait for what the
 * API does in its own time (a queue's email, a restart, a log line): never a fixed sleep.
 */
export async function eventually<T>(
  ask: () => T | Promise<T>,
  { timeout = 60_000, what = 'the expected state', accept = Boolean as (value: T) => boolean }: { timeout?: number; what?: string; accept?: (value: T) => boolean } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (let attempt = 0; ; attempt++) {
    const value = await ask();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${JSON.stringify(value)?.slice(0, 300)})`);
    // soon at first, then ten times a second
    await pause(Math.min(10 * 2 ** attempt, 100));
  }
}
