import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import type { DataSource } from 'typeorm';
import { csvLine } from './csv.js';

export interface CsvQuery<Row> {
  text: string;
  values: unknown[];
  header: readonly string[];
  /** one row's cells, in the header's order */
  cells(row: Row): unknown[];
}

/**
 * A query's rows as CSV into `out` (an HTTP response), from a server-side cursor (pg-query-stream,
 * 500 rows at a time) with back-pressure from the response: memory stays flat whatever the number
 * of rows. The header goes first; a client whose cursor was cut off mid-stream (the reader went
 * away) is discarded rather than returned to the pool.
 */
export async function streamCsv<Row>(dataSource: DataSource, query: CsvQuery<Row>, out: NodeJS.WritableStream, prefix = ''): Promise<void> {
  const [client, release] = (await dataSource.driver.obtainMasterConnection()) as [pg.PoolClient, (error?: unknown) => void];
  let failure: unknown;
  try {
    out.write(`${prefix}${csvLine(query.header)}`);
    const rows = client.query(new QueryStream(query.text, query.values, { batchSize: 500 }));
    const toCsv = new Transform({
      objectMode: true,
      transform(row: Row, _encoding, callback: TransformCallback) {
        callback(null, csvLine(query.cells(row)));
      },
    });
    await pipeline(rows, toCsv, out);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    release(failure);
  }
}
