export interface PrivateCluster {
  url: string;
  port: number;
  /** the PostgreSQL major version (Debian's cluster version) */
  version: string;
  /** the cluster's name (pg_lsclusters) */
  cluster: string;
  /** its data directory (postmaster.pid there names the server's process) */
  dataDir: string;
  stop(): void;
  start(): void;
  drop(): void;
}
export function privateCluster(name: string): Promise<PrivateCluster>;
export function freePort(): Promise<number>;
