import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { ReadRoutes } from '../database/read-routes.js';

/** How long an instance trusts the version it read: other instances' writes show within this. */
const MAX_AGE_MS = 1000;

/**
 * `catalogue_state.version`, which a trigger bumps in the same transaction as any catalogue write.
 * Read at most once a second per instance (one in-flight read shared by concurrent requests), and
 * dropped at once after this instance's own admin writes so an admin sees their change immediately.
 * Because the value is read before the page's query runs, a body is never older than its ETag.
 */
@Injectable()
export class CatalogueVersion {
  private value: string | undefined;
  private readAt = 0;
  private pending: Promise<string> | undefined;
  /** bumped by invalidate(): a read started before it must not store its (possibly old) answer */
  private generation = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly routes: ReadRoutes,
  ) {}

  /** The primary's version (read at most once a second). */
  current(): Promise<string> {
    if (this.value !== undefined && Date.now() - this.readAt < MAX_AGE_MS) return Promise.resolve(this.value);
    return (this.pending ??= this.read());
  }

  /** The primary's version, read again when the one held is older than `version` (a shopper saw that one elsewhere). */
  async atLeast(version: bigint | undefined): Promise<string> {
    const held = await this.current();
    if (version === undefined || BigInt(held) >= version) return held;
    this.invalidate();
    return this.current();
  }

  invalidate(): void {
    this.generation += 1;
    this.value = undefined;
    this.pending = undefined;
  }

  private async read(): Promise<string> {
    const generation = this.generation;
    const startedAt = Date.now();
    try {
      const [row] = (await this.dataSource.query('SELECT version::text AS version FROM catalogue_state')) as { version: string }[];
      this.routes.observe(row!.version);
      if (generation === this.generation) {
        this.value = row!.version;
        this.readAt = startedAt;
      }
      return row!.version;
    } finally {
      if (generation === this.generation) this.pending = undefined;
    }
  }
}

/** On the admin catalogue routes: once a write's response is out (its transaction committed), forget the version. */
@Injectable()
export class InvalidateCatalogueVersion implements NestMiddleware {
  constructor(private readonly version: CatalogueVersion) {}

  use(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') res.once('finish', () => this.version.invalidate());
    next();
  }
}
