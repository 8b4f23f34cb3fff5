import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral, type QueryRunner, type Repository } from 'typeorm';

/** Per connection of a transaction or read snapshot: the answer of the last query sent on it (see inTurn). */
const turns = new WeakMap<QueryRunner, Promise<unknown>>();

/**
 * Sends `query` once every query sent before it on `runner`'s connection has answered. A transaction
 * or a read snapshot is one connection, and its work may send two queries at once (a page and its
 * count under `Promise.all`): pg queued the second itself, which is deprecated and gone in pg 9
 * ("Calling client.query() when the client is already executing a query"). One connection answers
 * one query at a time either way, so nothing is slower.
 */
function inTurn<T>(runner: QueryRunner, query: () => Promise<T>): Promise<T> {
  const answered = (turns.get(runner) ?? Promise.resolve()).then(query);
  turns.set(runner, answered.catch(() => undefined));
  return answered;
}

/** Makes every query of `manager`'s connection wait its turn (inTurn); the manager itself is returned. */
function oneAtATime(manager: EntityManager): EntityManager {
  const runner = manager.queryRunner;
  if (!runner || turns.has(runner)) return manager;
  turns.set(runner, Promise.resolve());
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = ((...args: unknown[]) => inTurn(runner, () => query(...args))) as QueryRunner['query'];
  return manager;
}

/**
 * Lets services run inside a caller's transaction without passing managers around. Services ask
 * `transactions.repository(Entity)` (or `.manager`) for every query; inside `transactions.run(...)`
 * that is the transaction's own manager, so two services called from one `run` commit or roll back
 * together, and no query of theirs ever waits on a second connection while the transaction holds
 * locks. A `run` inside a `run` joins the outer transaction.
 */
@Injectable()
export class Transactions {
  private static readonly current = new AsyncLocalStorage<EntityManager>();
  /** managers of read snapshots (ReadRoutes.snapshot): their prepared reads stay named */
  private static readonly snapshots = new WeakSet<EntityManager>();
  /** managers of a server's whole pool (ReadRoutes.unlocked: a replica read outside a transaction) */
  private static readonly pools = new WeakSet<EntityManager>();

  /**
   * Runs `work` with `manager` (a read-only snapshot's, opened by ReadRoutes.snapshot on the primary or
   * a replica) as every service's manager: each of its queries reads that one snapshot.
   */
  static reading<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
    Transactions.snapshots.add(manager);
    return Transactions.current.run(oneAtATime(manager), work);
  }

  /**
   * Runs `work` with `source`'s own manager (a replica's pool) as every service's manager: each of
   * its queries takes a connection of that pool, as on the primary without replicas. No snapshot:
   * ReadRoutes.unlocked checks the catalogue version after.
   */
  static pooled<T>(source: DataSource, work: () => Promise<T>): Promise<T> {
    Transactions.pools.add(source.manager);
    return Transactions.current.run(source.manager, work);
  }

  constructor(private readonly dataSource: DataSource) {}

  /** The manager of the transaction this call runs in, or the DataSource's own. */
  get manager(): EntityManager {
    return Transactions.current.getStore() ?? this.dataSource.manager;
  }

  /**
   * One read by a named, prepared statement (parsed and planned once per pooled connection, not per
   * request): for the shop's most frequent reads. Inside a transaction it runs there, unnamed.
   * `name` must always go with the same `text`.
   */
  async prepared(name: string, text: string, values: unknown[]): Promise<unknown[]> {
    const inside = Transactions.current.getStore();
    if (inside && Transactions.snapshots.has(inside)) {
      // a read snapshot's connection: named too (its server keeps the plan for the connection)
      const client = (inside.queryRunner as unknown as { databaseConnection: pg.PoolClient }).databaseConnection;
      return (await inTurn(inside.queryRunner!, () => client.query({ name, text, values }))).rows;
    }
    if (inside && !Transactions.pools.has(inside)) return inside.query(text, values);
    const pool = ((inside?.connection ?? this.dataSource).driver as unknown as { master: pg.Pool }).master;
    return (await pool.query({ name, text, values })).rows;
  }

  repository<T extends ObjectLiteral>(entity: EntityTarget<T>): Repository<T> {
    return this.manager.getRepository(entity);
  }

  /** Runs `work` in a transaction (or in the caller's, when there is one; a replica's pool is none: the primary's). */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const outer = Transactions.current.getStore();
    if (outer && !Transactions.pools.has(outer)) return work(outer);
    return this.dataSource.transaction((manager) => Transactions.current.run(oneAtATime(manager), () => work(manager)));
  }
}
