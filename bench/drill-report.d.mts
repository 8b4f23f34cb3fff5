export interface Phase {
  name: string;
  from: number;
  to: number;
}
export interface RequestRecord {
  kind: string;
  start: number;
  ms: number;
  tries: (number | string)[];
}
export interface CheckoutRecord {
  key: string;
  start: number;
  acknowledged: boolean;
  number: string | null;
}
export interface PhaseSummary {
  name: string;
  requests: number;
  retried: number;
  firstFailed: string;
  failed: number;
  failedKinds: string;
  failedPercent: number;
  readP50: number;
  readP99: number;
  readMax: number;
  checkoutP50: number;
  checkoutP99: number;
}
export interface CheckoutRow {
  name: string;
  attempted: number;
  acknowledged: number;
  placed: number;
  duplicated: number;
  unacknowledged: number;
  missing: number;
}
export const READ_KINDS: Set<string>;
export function drillPlan(
  t0: number,
  seconds?: number,
  options?: { replicaDownS?: number; restartDelayS?: number },
): { end: number; events: { kill: number; restart: number; roll: number; replicaStop: number; replicaStart: number }; phases: Phase[] };
export function phaseOf(phases: Phase[], start: number): string | undefined;
export function errorKind(outcome: number | string): string | null;
export function summarise(records: RequestRecord[], phases: Phase[]): PhaseSummary[];
export function tallyCheckouts(
  checkouts: CheckoutRecord[],
  orders: { key: string | null; number: string }[],
  phases: Phase[],
): { rows: CheckoutRow[]; ordersInDatabase: number; acknowledged: number; strays: number };
