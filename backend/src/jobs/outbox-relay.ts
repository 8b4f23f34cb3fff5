/**
 * The pass loop both outboxes share (the order emails' and the webhooks'): `soon()` after a commit runs
 * a pass 25 ms later (one pass for a burst of commits), `start()` adds a sweep every 2 s for what a crash
 * or another instance left, `stop()` ends both. A pass runs `batch()` (a transaction each, returning how
 * many rows it took) until a batch comes back short; a pass asked for while one runs makes the running
 * one go round once more (rows written after its last batch was taken), so no commit waits for a sweep.
 */
export class OutboxRelay {
  private soonTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private ended = false;

  constructor(
    private readonly options: {
      /** moves up to `batchSize` rows in one transaction; returns how many it took */
      batch: () => Promise<number>;
      batchSize: number;
      /** a pass that failed: its rows stay for the next one */
      report: (error: Error) => void;
      delayMs?: number;
      sweepMs?: number;
    },
  ) {}

  /** Whether stop() ran (the database closing, the API stopping). */
  get stopped(): boolean {
    return this.ended;
  }

  /** The sweep, and a first pass now (what the last run left). */
  start(): void {
    if (this.ended) return;
    this.sweepTimer = setInterval(() => void this.all(), this.options.sweepMs ?? 2_000).unref();
    void this.all();
  }

  stop(): void {
    this.ended = true;
    clearTimeout(this.soonTimer);
    clearInterval(this.sweepTimer);
  }

  /** A pass soon (coalesced: one for a burst of commits). */
  soon(): void {
    if (this.soonTimer || this.ended) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = undefined;
      void this.all();
    }, this.options.delayMs ?? 25);
  }

  /** A pass now, or the running one (made to go round once more); resolves to how many rows it took. */
  all(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let taken = 0;
      try {
        for (let batch = this.options.batchSize; batch === this.options.batchSize || this.again; taken += batch) {
          this.again = false;
          batch = await this.options.batch();
        }
      } catch (error) {
        this.options.report(error as Error);
      } finally {
        this.running = undefined;
      }
      return taken;
    })();
    return this.running;
  }
}
