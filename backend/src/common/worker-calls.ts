import { Worker, type WorkerOptions } from 'node:worker_threads';

/** What a worker answers a call with: its id, and either the result's fields or what went wrong. */
export type WorkerReply = { id: number; ok: true } | { id: number; ok: false; message: string };

/**
 * A worker thread answering calls by id (the search index's, the server render's). It never keeps
 * the process alive by itself; when it stops (an uncaught error, or terminate) every call waiting is
 * rejected and `onEnd` is told, so its owner can start another.
 */
export class WorkerCalls<Reply extends WorkerReply> {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (reply: Extract<Reply, { ok: true }>) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  ended: Error | undefined;

  constructor(file: string, name: string, options: WorkerOptions = {}, onEnd?: (error: Error) => void) {
    this.worker = new Worker(file, options);
    this.worker.on('message', (reply: Reply) => {
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      if (reply.ok) call.resolve(reply as Extract<Reply, { ok: true }>);
      else call.reject(new Error((reply as { message: string }).message));
    });
    const end = (error: Error) => {
      if (this.ended) return;
      this.ended = error;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
      onEnd?.(error);
    };
    this.worker.on('error', end);
    this.worker.on('exit', (code) => end(new Error(`the ${name} thread exited (${code})`)));
    // after the listeners: listening for messages refs the thread's port again
    this.worker.unref();
  }

  /** Calls sent and not answered yet. */
  get waiting(): number {
    return this.pending.size;
  }

  call(message: object): Promise<Extract<Reply, { ok: true }>> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}
