// The first tap's bench (issue 32), run by `npm run bench -- --only first-tap` (after `npm run build`):
// the embedded default on the demo catalogue, Debian Chromium as a 390 px phone with touch and a CPU
// four times slower, on this machine's loopback and on a slow 4G profile (150 ms, 1.6 Mbit/s down,
// 750 kbit/s up). For `/` and `/marketplace?type=equipment`, 5 loads each:
//  - dead time: from the first contentful paint (the server's buttons are on screen) to the app
//    owning the page (the shell's `dm:ready`): before issue 32 a tap in that window did nothing;
//  - a tap on the first 'Add to cart' the moment it shows: whether the cart then holds exactly one
//    item, and how long from the tap until the header's count says so (the held tap's wait).
import { chromium } from 'playwright-core';

const PROFILES = [
  { name: 'loopback, 4× CPU', cpu: 4, network: null },
  { name: 'slow 4G (150 ms, 1.6 Mbit/s), 4× CPU', cpu: 4, network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 } },
];
const PAGES = ['/', '/marketplace?type=equipment'];
const RUNS = 5;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};

/** In the page before any of its scripts: when dm:ready came, when the first tap landed, when the header first counted an item. */
function watch() {
  const w = window;
  w.bench = { readyAt: null, tapAt: null, countedAt: null };
  document.addEventListener('dm:ready', () => (w.bench.readyAt = performance.now()));
  addEventListener('click', (event) => event.isTrusted && w.bench.tapAt === null && (w.bench.tapAt = performance.now()), true);
  new MutationObserver(() => {
    if (w.bench.countedAt === null && document.querySelector('header [aria-label="Cart, 1 item"]')) w.bench.countedAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
}

async function once(browser, url, profile) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  try {
    await context.addInitScript(watch);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    if (profile.network) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', profile.network);
    }
    await page.goto(url, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to cart' }).first().tap({ timeout: 60_000 });
    await page.waitForSelector('html[data-dm-ready]', { state: 'attached', timeout: 60_000 });
    await page.waitForSelector('header [aria-label="Cart, 1 item"]', { timeout: 30_000 }).catch(() => undefined);
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    const bench = await page.evaluate(() => window.bench);
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('shopping-cart') ?? '[]'));
    const items = cart.reduce((sum, line) => sum + line.quantity, 0);
    return { dead: bench.readyAt - fcp, tapAfterPaint: bench.tapAt - fcp, answered: bench.countedAt !== null ? bench.countedAt - bench.tapAt : NaN, items };
  } finally {
    await context.close();
  }
}

export async function firstTapBench({ out, table, url, chromiumPath, f0, yes }) {
  out('## First taps on a phone (issue 32): 390 px, touch, 4× CPU, Debian Chromium, embedded default');
  out(`Each cell: median of ${RUNS} loads. Dead time: first contentful paint → the app owns the page (dm:ready); before issue 32 a tap in it was lost (measured then: ~1.0 s on loopback, ~2.2 s on slow 4G). Now a tap the moment the button shows is held and replayed.`);
  out();
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox'] });
  const rows = [];
  try {
    for (const profile of PROFILES) {
      for (const path of PAGES) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await once(browser, `${url}${path}`, profile));
        const exactlyOne = runs.filter((run) => run.items === 1).length;
        rows.push([
          profile.name,
          path,
          `${f0(median(runs.map((run) => run.dead)))} ms`,
          `${f0(median(runs.map((run) => run.tapAfterPaint)))} ms after paint`,
          `${f0(median(runs.map((run) => run.answered)))} ms`,
          `${exactlyOne} of ${runs.length}`,
          yes(exactlyOne === runs.length),
        ]);
        console.error(`  first tap ${profile.name} ${path}: ${JSON.stringify(runs)}`);
      }
    }
  } finally {
    await browser.close();
  }
  table(['profile', 'page', 'dead time (paint → app owns taps)', 'tap landed', 'tap → cart counts 1', 'taps that added exactly one item', 'no tap lost'], rows);
}
