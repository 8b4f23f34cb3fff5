// The failure drill's arithmetic (bench/drill.mjs), kept apart so it can be tested without a run
// (backend/test/drill-report.spec.ts): the phases of a run, each request's phase, errors by kind,
// latency percentiles, and the checkouts' tally against the orders found in the database.
import { percentile } from './load.mjs';

/** Kinds of request that are reads (everything the shopper does but the checkout). */
export const READ_KINDS = new Set(['list', 'search', 'suggest', 'product', 'cart']);

/**
 * The drill's phases over a run of `seconds` starting at `t0` (epoch ms), as
 * [{ name, from, to }] (epoch ms, `to` exclusive) and the moments of its events. Scaled from the
 * 120-second plan: steady 0–20 s, kill 20–45 s (kill -9 at 20 s, restarted `restartDelayS` later),
 * roll 45–70 s (SIGTERM at 45 s, a new process once the old one has exited), replica down 70–90 s
 * (stopped at 70 s for `replicaDownS`), recovery 90 s to the end. The replica's outage keeps its length.
 */
export function drillPlan(t0, seconds = 120, { replicaDownS = 20, restartDelayS = 5 } = {}) {
  const at = (s) => t0 + Math.round((s * seconds * 1000) / 120);
  const replicaAt = at(70);
  const recoveryAt = Math.max(at(90), replicaAt + replicaDownS * 1000);
  const end = Math.max(t0 + seconds * 1000, recoveryAt + 10_000);
  return {
    end,
    events: { kill: at(20), restart: at(20) + restartDelayS * 1000, roll: at(45), replicaStop: replicaAt, replicaStart: replicaAt + replicaDownS * 1000 },
    phases: [
      { name: 'steady', from: t0, to: at(20) },
      { name: 'kill', from: at(20), to: at(45) },
      { name: 'roll', from: at(45), to: replicaAt },
      { name: 'replica down', from: replicaAt, to: recoveryAt },
      { name: 'recovery', from: recoveryAt, to: end },
    ],
  };
}

/** The phase a request started in, or undefined outside the run. */
export function phaseOf(phases, start) {
  return phases.find((phase) => start >= phase.from && start < phase.to)?.name;
}

/** A try's outcome as a kind of error, or null when it succeeded ('503', 'ECONNRESET', …). */
export function errorKind(outcome) {
  if (typeof outcome === 'number') return outcome >= 200 && outcome < 300 ? null : String(outcome);
  return outcome;
}

const addTo = (counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1);
const formatCounts = (counts) => [...counts].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind} × ${n}`).join(', ') || '–';

/**
 * Per phase and for the whole run: requests, tries, first tries that failed (by kind), requests
 * still failed after the retry (by kind), p50/p99 of reads and of checkouts (the shopper's wait,
 * retry included). `records`: [{ kind, start, ms, tries: [status | error code] }].
 */
export function summarise(records, phases) {
  const rows = [...phases.map((p) => p.name), 'whole run'].map((name) => ({ name, requests: 0, tries: 0, firstFailed: new Map(), failed: new Map(), failedCount: 0, reads: [], checkouts: [] }));
  const byName = new Map(rows.map((row) => [row.name, row]));
  for (const record of records) {
    const phase = phaseOf(phases, record.start);
    if (!phase) continue;
    for (const row of [byName.get(phase), byName.get('whole run')]) {
      row.requests += 1;
      row.tries += record.tries.length;
      const first = errorKind(record.tries[0]);
      if (first) addTo(row.firstFailed, first);
      const last = errorKind(record.tries.at(-1));
      if (last) (addTo(row.failed, last), (row.failedCount += 1));
      (READ_KINDS.has(record.kind) ? row.reads : row.checkouts).push(record.ms);
    }
  }
  return rows.map((row) => {
    const reads = row.reads.sort((a, b) => a - b);
    const checkouts = row.checkouts.sort((a, b) => a - b);
    return {
      name: row.name,
      requests: row.requests,
      retried: row.tries - row.requests,
      firstFailed: formatCounts(row.firstFailed),
      failed: row.failedCount,
      failedKinds: formatCounts(row.failed),
      failedPercent: row.requests ? (100 * row.failedCount) / row.requests : NaN,
      readP50: percentile(reads, 50),
      readP99: percentile(reads, 99),
      readMax: reads.at(-1) ?? NaN,
      checkoutP50: percentile(checkouts, 50),
      checkoutP99: percentile(checkouts, 99),
    };
  });
}

/**
 * Checkouts per phase and overall: attempted (keys sent), acknowledged (a 2xx with an order number),
 * placed (keys with an order in the database), duplicated (orders beyond one per key, and orders of
 * this run carrying no key of it), placed but never acknowledged, acknowledged but not found (or
 * found under another number). `checkouts`: [{ key, start, acknowledged, number }]; `orders`: the
 * database's orders of this run (found by the run's marker) as [{ key, number }].
 */
export function tallyCheckouts(checkouts, orders, phases) {
  const byKey = new Map();
  let strays = 0;
  for (const order of orders) {
    if (order.key === null || order.key === undefined) strays += 1;
    else byKey.set(order.key, [...(byKey.get(order.key) ?? []), order.number]);
  }
  const sent = new Set(checkouts.map((c) => c.key));
  for (const key of byKey.keys()) if (!sent.has(key)) strays += byKey.get(key).length;
  const rows = [...phases.map((p) => p.name), 'whole run'].map((name) => ({ name, attempted: 0, acknowledged: 0, placed: 0, duplicated: 0, unacknowledged: 0, missing: 0 }));
  const byName = new Map(rows.map((row) => [row.name, row]));
  for (const checkout of checkouts) {
    const phase = phaseOf(phases, checkout.start);
    if (!phase) continue;
    const numbers = byKey.get(checkout.key) ?? [];
    for (const row of [byName.get(phase), byName.get('whole run')]) {
      row.attempted += 1;
      if (checkout.acknowledged) row.acknowledged += 1;
      if (numbers.length > 0) row.placed += 1;
      row.duplicated += Math.max(0, numbers.length - 1);
      if (numbers.length > 0 && !checkout.acknowledged) row.unacknowledged += 1;
      if (checkout.acknowledged && !numbers.includes(checkout.number)) row.missing += 1;
    }
  }
  const whole = byName.get('whole run');
  whole.duplicated += strays;
  return { rows, ordersInDatabase: orders.length, acknowledged: whole.acknowledged, strays };
}
