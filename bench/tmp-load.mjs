import fs from 'node:fs';
import autocannon from 'autocannon';
import { traffic, vocabulary } from './search.mjs';
const [url, seconds = '15', kind = 'search', pid] = process.argv.slice(2);
const vocab = await vocabulary(process.env.DATABASE_URL);
const stream = traffic(vocab, 42);
const cpu = () => { if (!pid) return 0; const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const c0 = cpu();
const result = await autocannon({ url, connections: 50, duration: Number(seconds), requests: [{ method: 'GET', setupRequest(r) {
  if (kind === 'search') return { ...r, path: `/api/products?${stream.search().qs}&limit=24&page=1&facets=true` };
  return { ...r, path: `/api/search/suggestions?q=${encodeURIComponent(stream.prefix())}` };
} }] });
const ms = cpu() - c0;
console.log(kind, 'req/s', result.requests.average, 'p50', result.latency.p50, 'p97.5', result.latency.p97_5, 'errors', result.errors, 'non2xx', result.non2xx, pid ? `node cpu ms/request ${(ms / result.requests.total).toFixed(3)}` : '');
