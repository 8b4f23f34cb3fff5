import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('console', (m) => { if (m.type() === 'error' && !m.text().includes('401')) console.log('console', m.text().slice(0, 300)); });
await page.goto('http://localhost:3300/auth');
await page.getByLabel('Username').fill('admin');
await page.getByLabel('Password').fill('DentalAdmin!2026');
await page.getByRole('button', { name: 'Login' }).last().click();
await page.waitForTimeout(2000);
for (const [name, url] of [['admin-catalog', '/admin'], ['admin-settings', '/admin?tab=settings']]) {
  await page.goto('http://localhost:3300' + url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: false });
}
// the theme's defaults reach a component the admin bundle carries: a Switch under minimal animations has no ripple
const info = await page.evaluate(() => {
  const share = globalThis.__FEDERATION__?.__SHARE__;
  const out = [];
  for (const scope of Object.values(share ?? {})) for (const pkgs of Object.values(scope)) for (const [name, vers] of Object.entries(pkgs)) if (name.includes('DefaultProps')) for (const [v, i] of Object.entries(vers)) out.push(`${name}@${v} from ${i.from} loaded=${i.loaded}`);
  return out;
});
console.log(info.join('\n'));
await browser.close();
