import type { PrivateCluster } from './private-cluster.mjs';

export interface PrivateReplica {
  url: string;
  port: number;
  cluster: string;
  dataDir: string;
  pause(): Promise<unknown>;
  resume(): Promise<unknown>;
  stop(): void;
  start(): void;
  drop(): void;
}
export function privateReplica(primary: PrivateCluster, name: string): Promise<PrivateReplica>;
/** One statement on a connection of its own: its rows. */
export function sql(url: string, text: string): Promise<Record<string, unknown>[]>;
