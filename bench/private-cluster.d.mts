export interface PrivateCluster {
  url: string;
  stop(): void;
  start(): void;
  drop(): void;
}
export function privateCluster(name: string): Promise<PrivateCluster>;
