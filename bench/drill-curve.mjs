// Throughput of 1, 2 and 3 API processes behind HAProxy (issue 37), after the failure drill on the
// same stack (bench/drill.mjs): a read mix of the drill's shoppers (listing pages, searches,
// suggestions, product pages, cart price checks; no checkouts) at `--curve-connections` (50) for
// `--curve-seconds` (15) after 3 s of warm-up, loaded by autocannon in this process. The three
// processes are started and warmed together first (10 s through HAProxy: caches, search indexes),
// then HAProxy is given 1, 2, then 3 of them and back down (3, 2, 1), each count's two figures
// averaged, so the machine's other load falls on every count alike; the processes out of the
// rotation stay up, idle (their replica checks cost next to nothing). One process without HAProxy
// is measured the same way. Every figure shares this machine's cores: the load generator, HAProxy,
// the API processes and both PostgreSQL clusters.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { apiOn } from './drill.mjs';
import { startHaproxy } from './haproxy.mjs';
import { percentile } from './load.mjs';
import { option } from './options.mjs';
import { freePort } from './private-cluster.mjs';
import { prng } from './generate-catalogue.mjs';
import { f0, f1, f2, loadavg, out, table } from './report.mjs';
import { journey } from './shopper-traffic.mjs';

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (USER_HZ = 100). */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** 2,000 reads as the drill's shoppers make them, checkouts left out. */
function readPaths(catalogue) {
  const random = prng(99);
  const paths = [];
  while (paths.length < 2000) for (const step of journey(random, catalogue, { checkout: false })) paths.push(step.path);
  return paths;
}

function measure(url, paths, connections, seconds) {
  let n = 0;
  const latencies = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, timeout: 10, requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[n++ % paths.length] }) }] },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({ rps: result.requests.total / seconds, errors: result.errors + result.non2xx + result.timeouts, p50: percentile(latencies, 50), p99: percentile(latencies, 99) });
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

export async function throughputCurve(stack, catalogue) {
  const connections = Number(option('curve-connections', 50));
  const seconds = Number(option('curve-seconds', 15));
  const paths = readPaths(catalogue);
  const env = { primaryUrl: stack.primaryUrl, replicaUrl: stack.replicaUrl };
  const slots = await Promise.all(['api1', 'api2', 'api3'].map(async (name) => ({ name, port: await freePort(), proc: null })));
  const results = new Map();
  const keep = (label, figures) => results.set(label, [...(results.get(label) ?? []), figures]);
  const loadBefore = loadavg();
  /** req/s, latency and each part's CPU over one measured run against `url` (`apis`: the processes it reaches) */
  const measured = async (url, apis, proxyPid) => {
    await measure(url, paths, connections, 3);
    const self = process.cpuUsage();
    const apiBefore = apis.map((slot) => cpuSeconds(slot.proc.pid));
    const proxyBefore = proxyPid ? cpuSeconds(proxyPid) : 0;
    const figures = await measure(url, paths, connections, seconds);
    const apiCpu = apis.reduce((sum, slot, i) => sum + cpuSeconds(slot.proc.pid) - apiBefore[i], 0);
    return { ...figures, apiCpu, proxyCpu: proxyPid ? cpuSeconds(proxyPid) - proxyBefore : 0, loadCpu: cpuUsed(self) };
  };
  try {
    await Promise.all(slots.map(async (slot) => (slot.proc = await apiOn(slot.port, { ...env, dataDir: stack.dataDirFor(`curve-${slot.name}`) }))));
    const all = await startHaproxy({ port: await freePort(), servers: slots, settings: { slowstartMs: 0 } });
    await measure(all.url, paths, connections, 10).finally(() => all.stop());
    for (const count of [1, 2, 3, 3, 2, 1]) {
      if (count === 1) keep('1 process, no HAProxy', await measured(slots[0].proc.url, [slots[0]]));
      const haproxy = await startHaproxy({ port: await freePort(), servers: slots.slice(0, count), settings: { slowstartMs: 0 } });
      try {
        keep(`${count} behind HAProxy`, await measured(haproxy.url, slots.slice(0, count), haproxy.pid));
      } finally {
        await haproxy.stop();
      }
    }
  } finally {
    await Promise.all(slots.map((slot) => slot.proc?.stop()));
  }
  const mean = (list, key) => list.reduce((sum, r) => sum + r[key], 0) / list.length;
  const one = mean(results.get('1 behind HAProxy'), 'rps');
  out(`### Throughput of 1, 2 and 3 API processes behind HAProxy`);
  out();
  out(
    `The drill's reads (listing pages, searches, suggestions, product pages, cart checks; the catalogue cache on, as shipped) at ${connections} connections, ` +
      `${seconds} s each after 3 s of warm-up; the three processes started and warmed together (10 s), then HAProxy given 1, 2, 3 of them and back down (3, 2, 1): req/s is the two runs' mean (both shown). ` +
      `CPU: seconds of CPU a measured second, for the API processes, HAProxy and the load generator (autocannon, in the bench's process); the rest of the ${os.availableParallelism()} cores went to PostgreSQL and the machine's other work. Load average before: ${loadBefore}; after: ${loadavg()}.`,
  );
  out();
  table(
    ['processes', 'req/s (mean)', 'req/s (up, down)', '× one behind HAProxy', 'p50 / p99 ms', 'errors', 'CPU/s: APIs / HAProxy / load generator'],
    [...results].map(([label, list]) => [
      label,
      f0(mean(list, 'rps')),
      list.map((r) => f0(r.rps)).join(', '),
      f2(mean(list, 'rps') / one),
      `${f1(mean(list, 'p50'))} / ${f1(mean(list, 'p99'))}`,
      String(list.reduce((sum, r) => sum + r.errors, 0)),
      `${f2(mean(list, 'apiCpu') / seconds)} / ${f2(mean(list, 'proxyCpu') / seconds)} / ${f2(mean(list, 'loadCpu') / seconds)}`,
    ]),
  );
}

const cpuUsed = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};
