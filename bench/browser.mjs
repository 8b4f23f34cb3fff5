// The browser parts, on the embedded default: the JavaScript each route really downloads in Debian
// Chromium, compressed as sent (`--only size`), and Lighthouse mobile (`--only lighthouse`).
import { CHROMIUM } from './options.mjs';
import { f0, f2, out, table, yes } from './report.mjs';

export async function jsPerRoute(baseUrl) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const results = {};
  try {
    for (const route of ['/auth', '/', '/marketplace']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const requests = new Map();
      const urls = [];
      cdp.on('Network.requestWillBeSent', (e) => urls.push(e.request.url));
      cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { url: e.response.url, type: e.type, encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity', headerBytes: e.response.encodedDataLength }));
      cdp.on('Network.loadingFinished', (e) => {
        const r = requests.get(e.requestId);
        if (r) r.bytes = e.encodedDataLength;
      });
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500);
      const scripts = [...requests.values()].filter((r) => r.type === 'Script' && r.bytes !== undefined);
      const total = scripts.reduce((sum, r) => sum + r.bytes, 0);
      const admin = urls.filter((u) => u.includes('/remotes/admin/'));
      results[route] = { scripts, total, admin };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  out('## JavaScript per route in Chromium (fresh context each, bytes as received: Network.loadingFinished encodedDataLength, headers included; KB = 1024 bytes)');
  out();
  const kb = (b) => (b / 1024).toFixed(1);
  const goal = {
    '/auth': (r) => `shell initial JS ≤ 120 KB ${yes(r.total <= 120 * 1024)}`,
    '/': (r) => `admin remote not fetched ${yes(r.admin.length === 0)}`,
    '/marketplace': (r) => `≤ 250 KB ${yes(r.total <= 250 * 1024)}, admin remote not fetched ${yes(r.admin.length === 0)}`,
  };
  table(['route', 'scripts', 'KB compressed', 'admin URLs fetched', 'goal'], Object.entries(results).map(([route, r]) => [route, r.scripts.length, kb(r.total), r.admin.length, goal[route](r)]));
  for (const [route, r] of Object.entries(results)) {
    out(`<details><summary>${route}: ${r.scripts.length} scripts, ${kb(r.total)} KB</summary>`);
    out();
    table(['script', 'encoding', 'KB'], r.scripts.sort((a, b) => b.bytes - a.bytes).map((s) => [s.url.replace(baseUrl, ''), s.encoding, kb(s.bytes)]));
    if (r.admin.length) out(`Admin URLs: ${r.admin.join(', ')}`);
    out('</details>');
    out();
  }
}

export async function lighthouseMobile(baseUrl) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const rows = [];
  // a product's canonical page (issue 20): the first equipment product the API lists
  const { products } = await (await fetch(`${baseUrl}/api/products?productType=equipment&limit=1`)).json();
  const productPage = `/products/${encodeURIComponent(products[0].slug)}`;
  // simulate: Lighthouse's default (a model of the trace), two runs each (issue 20's goals); devtools: the
  // slowdown really applied (4x CPU, slow 4G) while the page loads, closer to a phone and free of the
  // model's quirks (the model counts preloaded scripts as blocking first paint, say)
  const runs = [];
  for (const route of ['/', '/marketplace?type=equipment', productPage]) runs.push(['simulate', route], ['simulate', route]);
  runs.push(['devtools', '/'], ['devtools', '/marketplace?type=equipment']);
  for (const [method, route] of runs) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    try {
      const { lhr } = await lighthouse(`${baseUrl}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'], throttlingMethod: method });
      const audit = (id) => lhr.audits[id]?.numericValue;
      const lcp = audit('largest-contentful-paint');
      const fcp = audit('first-contentful-paint');
      const cls = audit('cumulative-layout-shift');
      const tbt = audit('total-blocking-time');
      const seo = lhr.categories.seo?.score;
      const seoMisses = Object.values(lhr.audits).filter((a) => lhr.categories.seo?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) && a.score !== null && a.score < 1).map((a) => a.id);
      const error = lhr.runtimeError?.message ?? lhr.runWarnings?.find((w) => /NO_LCP|error/i.test(w));
      // Lighthouse's measure of this machine's CPU (higher is faster): simulated throttling scales the
      // tasks it sees here, so a slower host reads as a slower phone, TBT most of all
      const hostIndex = lhr.environment?.benchmarkIndex;
      rows.push([route === productPage ? `${route} (a product's page)` : route, method, f0(hostIndex), f2(lcp / 1000), f2(fcp / 1000), (cls ?? NaN).toFixed(3), f0(tbt), f0(lhr.categories.performance.score * 100), f0(seo * 100) + (seoMisses.length ? ` (${seoMisses.join(', ')})` : ''),
        `LCP ≤ 2.0 s ${yes(lcp <= 2000)}, FCP ≤ 1.5 s ${yes(fcp <= 1500)}, TBT ≤ 200 ms ${yes(tbt <= 200)}, CLS ≤ 0.05 ${yes(cls <= 0.05)}${route === productPage ? `, SEO 100 ${yes(seo === 1)}` : ''}${error ? ` (${error})` : ''}`]);
      console.error(`  lighthouse ${method} ${route}: LCP ${f0(lcp)} ms, FCP ${f0(fcp)} ms, CLS ${cls}, TBT ${f0(tbt)} ms, SEO ${seo}`);
    } finally {
      await chrome.kill();
    }
  }
  out('## Lighthouse mobile (simulated and applied throttling), Lighthouse 12 in Debian Chromium, embedded default');
  out();
  table(['route', 'throttling', 'host CPU index', 'LCP s', 'FCP s', 'CLS', 'TBT ms', 'performance', 'SEO', 'goal (issue 20)'], rows);
}
