// scratch (not committed): CPU seconds per order for the API, PG15 main backends and the load generator
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { startProcess } from './processes.mjs';

const TICK = 100;
const cpu = (pid) => { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK; } catch { return 0; } };
const pgPids = () => { const main = Number(readFileSync('/var/lib/postgresql/15/main/postmaster.pid', 'utf8').split('\n')[0]); return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => { try { return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(main); } catch { return false; } }).map(Number).concat(main); };
const pgCpu = () => pgPids().reduce((s, p) => s + cpu(p), 0);
const url = 'postgres://postgres@127.0.0.1:5432/dm_bench_orders';
const client = new pg.Client({ connectionString: url }); await client.connect();
const { rows } = await client.query(`SELECT id, price::text AS price FROM products WHERE product_type = 'equipment' AND in_stock AND price > 0 ORDER BY id`);
let seed = 7; const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
const cart = () => { const s = new Set(); while (s.size < 3) s.add(rows[Math.floor(random() * rows.length)]); return [...s].map((p) => ({ product_id: p.id, quantity: 1 + Math.floor(random() * 5), unit_price: p.price })); };
const SHIPPING = { fullName: 'Dr. Bench Marker', email: 'bench@practice.example', address: '1 Load Street', city: 'Springfield', state: 'IL', zipCode: '62701' };
const api = await startProcess({ root: new URL('..', import.meta.url).pathname, script: 'backend/dist/main.js', env: { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DATABASE_URL: url, SEED_DEMO: 'false', SMTP_URL: 'smtp://127.0.0.1:1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' } });
const run = (seconds) => new Promise((resolve) => { const lat = []; const i = autocannon({ url: `${api.url}/api/orders`, connections: 50, duration: seconds, requests: [{ method: 'POST', setupRequest: (r) => ({ ...r, headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify({ lines: cart(), shipping: SHIPPING }) }) }] }, (e, r) => { lat.sort((a, b) => a - b); resolve({ rps: r.requests.average, n: r.requests.total, non2xx: r.non2xx, p95: lat[Math.floor(lat.length * 0.95)] }); }); i.on('response', (_c, _s, _b, ms) => lat.push(ms)); });
await run(3);
const a0 = cpu(api.pid), p0 = pgCpu(), s0 = process.cpuUsage();
const r = await run(Number(process.env.SECONDS ?? 10));
const a1 = cpu(api.pid), p1 = pgCpu(), s1 = process.cpuUsage(s0);
const per = (x) => ((x / r.n) * 1000).toFixed(2);
console.log(`orders ${r.n} rps ${r.rps} p95 ${r.p95} non2xx ${r.non2xx}; CPU ms/order: api ${per(a1 - a0)} pg ${per(p1 - p0)} loadgen ${per((s1.user + s1.system) / 1e6)}; ceiling on 2 cores ${(2000 / ((a1 - a0 + p1 - p0 + (s1.user + s1.system) / 1e6) / r.n * 1000)).toFixed(0)}/s`);
await api.stop(); await client.end(); process.exit(0);
