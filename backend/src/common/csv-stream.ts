import { pipeline } from 'node:stream/promises';
import { Logger } from '@nestjs/common';
import type { Response } from 'express';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import type { DataSource } from 'typeorm';
import { csvLine } from './csv.js';

export interface CsvQuery<Row> {
  text: string;
  values: unknown[];
  header: readonly string[];
  /** one row as its CSV line (csvLine of its cells, in the header's order) */
  line(row: Row): string;
}

export interface CsvDownload {
  /** the name the browser saves it under */
  filename: string;
  /** written before the header, e.g. a byte order mark */
  prefix?: string;
  /** rows fetched from the cursor at a time */
  batchSize?: number;
}

/**
 * The pool's clients end any query after 20 s (query_timeout), a cursor read by a slow download
 * included; a download may take as long as its client reads, up to this.
 */
const DOWNLOAD_MAX_MS = 60 * 60 * 1000;
const logger = new Logger('CsvDownload');

/**
 * Ends a download that failed after its header: the status goes to 500 first, as the request's log
 * line reads it when the response closes, then the connection is cut. The exception filter leaves a
 * lost database unlogged once a response has begun, so the cause is said here (without a stack: the
 * filter logs any other error's).
 */
function cutOff(response: Response, error: unknown, rowsSent: number): void {
  response.statusCode = 500;
  response.destroy(error as Error);
  const request = response.req;
  const reason = error instanceof Error ? error.message : String(error);
  logger.warn(`[${String(request.headers['x-request-id'] ?? '')}] ${request.method} ${request.originalUrl}: cut off after ${rowsSent} rows: ${reason}`);
}

/**
 * A query's rows as a CSV download, from a server-side cursor (pg-query-stream) with back-pressure
 * from the response: memory stays flat whatever the number of rows.
 *
 * The status line goes out with the first bytes, and cannot change after them. So nothing is sent
 * before the cursor's first rows have arrived: a query that fails as it starts (most failures) still
 * gets the exception filter's JSON answer and status. A failure after that (the database connection
 * lost, a statement cancelled) cuts the response off: the client sees an incomplete download (no
 * last chunk), never a short file that looks complete, and the request's log line records 500 at
 * error level rather than the 200 the client was sent. A client that goes away is no failure of
 * ours: its line keeps the status it was sent. After any failure the cursor's connection is
 * discarded rather than returned to the pool.
 */
export async function streamCsv<Row>(dataSource: DataSource, query: CsvQuery<Row>, response: Response, download: CsvDownload): Promise<void> {
  const [client, release] = (await dataSource.driver.obtainMasterConnection()) as [pg.PoolClient, (error?: unknown) => void];
  const cursor = new QueryStream(query.text, query.values, { batchSize: download.batchSize ?? 500 });
  const lost = connectionLoss(client, cursor);
  let failure: unknown;
  try {
    const rows = client.query(Object.assign(cursor, { query_timeout: DOWNLOAD_MAX_MS }))[Symbol.asyncIterator]() as AsyncIterator<Row>;
    const next = () => Promise.race([rows.next(), lost.promise]);
    const first = await next();
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${download.filename}"`);
    response.setHeader('Cache-Control', 'no-store');
    let sent = 0;
    async function* lines(): AsyncGenerator<string> {
      yield `${download.prefix ?? ''}${csvLine(query.header)}`;
      try {
        for (let row = first; !row.done; row = await next()) {
          yield query.line(row.value);
          sent += 1;
        }
      } catch (error) {
        cutOff(response, error, sent);
        throw error;
      }
    }
    await pipeline(lines, response);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    lost.stop();
    release(failure);
  }
}

/**
 * pg-query-stream never ends its stream when the connection itself is lost (closing its cursor waits
 * for an answer from a server that is gone: brianc/node-postgres#2642), which would leave the
 * download, and its pooled connection, hanging for good. The connection's own end rejects this
 * instead, with the error the cursor was given when there is one.
 */
function connectionLoss(client: pg.PoolClient, cursor: QueryStream): { promise: Promise<never>; stop(): void } {
  let onEnd = () => undefined as void;
  const promise = new Promise<never>((_resolve, reject) => {
    onEnd = () => reject(cursor.errored ?? new Error('Connection terminated unexpectedly'));
    client.once('end', onEnd);
  });
  promise.catch(() => undefined); // raced only while rows are read; a later end is no one's concern
  return { promise, stop: () => client.removeListener('end', onEnd) };
}
