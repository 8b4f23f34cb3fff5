import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drillPlan, errorKind, phaseOf, summarise, tallyCheckouts } from '../../bench/drill-report.mjs';
import { haproxyConfig } from '../../bench/haproxy.mjs';

// The failure drill's pure parts (bench/drill.mjs runs the drill itself: `npm run bench -- --only
// drill`, not part of the tests): the HAProxy config it generates, checked by Debian's haproxy
// itself, and the arithmetic of its report.

const servers = [
  { name: 'api1', port: 3001 },
  { name: 'api2', port: 3002 },
];

describe('the failure drill: HAProxy config', () => {
  it('health-checks the readiness route, retries a refused or unanswered request on another server, and haproxy -c accepts it', () => {
    const config = haproxyConfig({ port: 8080, servers });
    expect(config).toContain('option httpchk GET /api/health/ready');
    expect(config).toContain('http-check expect status 200');
    expect(config).toMatch(/^ {2}default-server inter 500ms fastinter 250ms downinter 500ms fall 3 rise 2 slowstart 5000ms$/m);
    expect(config).toMatch(/^ {2}retry-on conn-failure empty-response response-timeout$/m);
    expect(config).toMatch(/^ {2}option redispatch 1$/m);
    // no replay of a write that may have been done, unless it carries an Idempotency-Key
    expect(config).toContain('http-request disable-l7-retry if !{ method GET HEAD OPTIONS } !{ req.hdr(idempotency-key) -m found }');
    expect(config).toMatch(/^ {2}bind 127\.0\.0\.1:8080$/m);
    expect(config.match(/^ {2}server /gm)).toHaveLength(2);
    expect(config).toContain('  server api2 127.0.0.1:3002 check');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dm-haproxy-test-'));
    try {
      const file = path.join(dir, 'haproxy.cfg');
      writeFileSync(file, config);
      // throws (with haproxy's own message) on a config it refuses
      execFileSync('haproxy', ['-c', '-q', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves HAProxy's default retries (refused connections only) when told, and refuses names and ports it cannot write", () => {
    const config = haproxyConfig({ port: 8080, servers, settings: { retryOn: [], redispatch: false, slowstartMs: 0 } });
    expect(config).not.toContain('retry-on');
    expect(config).not.toContain('disable-l7-retry');
    expect(config).not.toContain('redispatch');
    expect(config).not.toContain('slowstart');
    expect(() => haproxyConfig({ port: 8080, servers: [{ name: 'api 1', port: 3001 }] })).toThrow('bad server name api 1');
    expect(() => haproxyConfig({ port: 8080, servers: [{ name: 'api1', port: 70000 }] })).toThrow('bad port for api1');
    expect(() => haproxyConfig({ port: 0, servers })).toThrow('bad port 0');
    expect(() => haproxyConfig({ port: 8080, servers: [] })).toThrow('no servers');
  });
});

describe('the failure drill: report arithmetic', () => {
  const t0 = 1_000_000;
  const { phases, events, end } = drillPlan(t0, 120);

  it('plans the 120-second drill as five phases, and keeps the replica down 20 s in a shorter run', () => {
    expect(phases.map((p) => [p.name, (p.from - t0) / 1000, (p.to - t0) / 1000])).toEqual([
      ['steady', 0, 20],
      ['kill', 20, 45],
      ['roll', 45, 70],
      ['replica down', 70, 90],
      ['recovery', 90, 120],
    ]);
    expect((events.restart - events.kill) / 1000).toBe(5);
    expect(end).toBe(t0 + 120_000);
    const short = drillPlan(t0, 60);
    expect((short.events.replicaStart - short.events.replicaStop) / 1000).toBe(20);
    expect(short.phases.at(-1)!.to - short.phases.at(-2)!.to).toBeGreaterThanOrEqual(10_000);
    expect(phaseOf(phases, t0 + 20_000)).toBe('kill');
    expect(phaseOf(phases, t0 - 1)).toBeUndefined();
    expect(phaseOf(phases, end)).toBeUndefined();
  });

  it('counts a request as failed only when its last try failed, by kind, with read and checkout percentiles apart', () => {
    expect(errorKind(200)).toBeNull();
    expect(errorKind(201)).toBeNull();
    expect(errorKind(404)).toBe('404');
    expect(errorKind('503 HAProxy')).toBe('503 HAProxy');
    const records = [
      ...Array.from({ length: 98 }, (_, i) => ({ kind: 'product', start: t0 + 1000, ms: i + 1, tries: [200] })),
      { kind: 'list', start: t0 + 21_000, ms: 600, tries: ['ECONNRESET', 200] },
      { kind: 'cart', start: t0 + 22_000, ms: 900, tries: ['503 HAProxy', '503 HAProxy'] },
      { kind: 'checkout', start: t0 + 22_000, ms: 700, tries: ['ECONNREFUSED', 201] },
      { kind: 'product', start: t0 + 200_000, ms: 5, tries: [200] }, // after the run: not counted
    ];
    const rows = summarise(records, phases);
    const steady = rows.find((r) => r.name === 'steady')!;
    expect([steady.requests, steady.retried, steady.failed, steady.readP50, steady.readP99]).toEqual([98, 0, 0, 49, 98]);
    const kill = rows.find((r) => r.name === 'kill')!;
    expect([kill.requests, kill.retried, kill.failed, kill.failedKinds]).toEqual([3, 3, 1, '503 HAProxy × 1']);
    expect(kill.firstFailed).toBe('ECONNRESET × 1, 503 HAProxy × 1, ECONNREFUSED × 1');
    expect([kill.readP50, kill.readP99, kill.checkoutP50]).toEqual([600, 900, 700]);
    const whole = rows.at(-1)!;
    expect([whole.name, whole.requests, whole.failed]).toEqual(['whole run', 101, 1]);
    expect(whole.failedPercent).toBeCloseTo(100 / 101, 10);
    expect(rows.find((r) => r.name === 'roll')!.readP99).toBeNaN();
  });

  it('tallies checkouts against the orders found: placed, duplicated, placed but never acknowledged, acknowledged but missing', () => {
    const checkouts = [
      { key: 'a', start: t0 + 1000, acknowledged: true, number: 'DM-A' },
      { key: 'b', start: t0 + 21_000, acknowledged: false, number: null }, // both tries failed, yet the order was made
      { key: 'c', start: t0 + 46_000, acknowledged: true, number: 'DM-C' }, // acknowledged, not in the database
      { key: 'd', start: t0 + 46_000, acknowledged: false, number: null }, // failed and not made: consistent
      { key: 'e', start: t0 + 71_000, acknowledged: true, number: 'DM-E' },
    ];
    const orders = [
      { key: 'a', number: 'DM-A' },
      { key: 'b', number: 'DM-B' },
      { key: 'e', number: 'DM-E' },
      { key: 'e', number: 'DM-E2' }, // cannot happen with the unique key, but counted if it did
      { key: null, number: 'DM-X' }, // the run's address with no key of the run: a duplicate
    ];
    const tally = tallyCheckouts(checkouts, orders, phases);
    const row = (name: string) => tally.rows.find((r) => r.name === name)!;
    expect(row('kill')).toMatchObject({ attempted: 1, acknowledged: 0, placed: 1, unacknowledged: 1, missing: 0 });
    expect(row('roll')).toMatchObject({ attempted: 2, acknowledged: 1, placed: 0, unacknowledged: 0, missing: 1 });
    expect(row('replica down')).toMatchObject({ attempted: 1, acknowledged: 1, placed: 1, duplicated: 1 });
    expect(row('whole run')).toMatchObject({ attempted: 5, acknowledged: 3, placed: 3, duplicated: 2, unacknowledged: 1, missing: 1 });
    expect([tally.ordersInDatabase, tally.acknowledged, tally.strays]).toEqual([5, 3, 1]);
  });
});
