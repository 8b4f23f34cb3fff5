import assert from 'node:assert/strict';
import { setTimeout as pause } from 'node:timers/promises';

/**
 * Asks `ask` until its answer is accepted, and resolves to that answer; after `timeout` ms fails with
 * `what` and the last answer. The e2e suite's one way to wait for something the page or the API does
 * in its own time (a queue's email, a listing's new order, a redeployed remote): never a fixed sleep.
 */
export async function eventually<T>(ask: () => Promise<T>, accept: (value: T) => boolean, { timeout = 15_000, what = 'the expected state' }: { timeout?: number; what?: string } = {}): Promise<T> {
  const deadline = Date.now() + timeout;
  for (let attempt = 0; ; attempt++) {
    const value = await ask();
    if (accept(value)) return value;
    if (Date.now() > deadline) assert.fail(`${what}: still ${JSON.stringify(value)?.slice(0, 400)} after ${timeout} ms`);
    // soon at first, then a few times a second
    await pause(Math.min(25 * 2 ** attempt, 250));
  }
}
