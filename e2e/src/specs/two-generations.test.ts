/**
 * Issue 33: each remote deployed by its own team. A second generation of the shop is built from a
 * scratch copy of these sources with a fixture change — one more MUI component than this shell's
 * facade has, a new RTK Query endpoint injected into the store, a new helper and an optional field in
 * the contracts — and run beside this generation, each from its own origin:
 * - the newer storefront inside this (older) shell, server-rendered and in Chromium;
 * - this (older) storefront and checkout inside the newer shell;
 * - a storefront that needs a newer major of a singleton (the store) is not loaded: its routes say the
 *   shop is being updated and offer Retry, the other routes work, and the API names and counts it.
 * One React, one store, one theme throughout (what the shell put in the store is what the remote
 * reads; the new component is painted with the shell's theme) and no uncaught or hydration error in
 * any page (browser.ts fails a test on either).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { repoRoot, startApp, type RunningApp } from '../app.js';
import { launchBrowser, newContext } from '../browser.js';
import { buildContracts, buildFrontend, edit, scratchCopy, sharedVersions, write } from '../generations.js';
import { eventually } from '../eventually.js';
import { serveFolder, type StaticServer } from '../static-server.js';

/** The theme's primary colour (libs/ui/src/theme.ts, light): what the shell's ThemeProvider gives every component. */
const PRIMARY = 'rgb(11, 110, 138)';
const LABEL = 'Generation 2 storefront';

/** The fixture: what the next generation's teams changed. */
function applyGenerationTwo(root: string): void {
  const base = 'libs/mf-config/facades/mui-material/base.js';
  assert.ok(!fs.readFileSync(path.join(root, base), 'utf8').includes('LinearProgress'), "this generation's facade must not have the fixture's component yet");
  fs.appendFileSync(path.join(root, base), "export { default as LinearProgress } from '@mui/material/LinearProgress';\n");
  write(root, 'libs/contracts/src/generation.ts', '/** A helper only the second generation has (issue 33 fixture). */\nexport function generationLabel(generation: number): string {\n  return `Generation ${generation} storefront`;\n}\n');
  fs.appendFileSync(path.join(root, 'libs/contracts/src/index.ts'), "export * from './generation.js';\n");
  edit(root, 'libs/contracts/src/entities.ts', 'export interface Product {\n', 'export interface Product {\n  /** which generation wrote it (issue 33 fixture: a new optional field) */\n  generation?: number;\n');
  write(
    root,
    'storefront-mfe/src/GenerationTwo.tsx',
    `import { useEffect, useState } from 'react';
import { Box, LinearProgress, Typography } from '@mui/material';
import { generationLabel } from '@dentalmarket/contracts';
import { api, selectCartItems, useAppSelector } from '@dentalmarket/store';

// an endpoint this storefront brings itself: injected into the page's one store
const generationApi = api.injectEndpoints({
  endpoints: (build) => ({ getGenerationHealth: build.query<{ status: string }, void>({ query: () => '/health/ready' }) }),
});

export function GenerationTwo() {
  const lines = useAppSelector(selectCartItems).length;
  // the store's cart and the new endpoint's answer once in the browser (the server knows neither)
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const health = generationApi.useGetGenerationHealthQuery(undefined, { skip: !mounted });
  return (
    <Box data-testid="generation-two" sx={{ p: 2 }}>
      <Typography>{generationLabel(2)}</Typography>
      {mounted ? <Typography>Cart lines in the store: {lines}</Typography> : null}
      {mounted ? <Typography>{health.data ? \`API says: \${health.data.status}\` : 'Asking the API'}</Typography> : null}
      <LinearProgress variant="determinate" value={50} aria-label="Second generation" />
    </Box>
  );
}
`,
  );
  edit(root, 'storefront-mfe/src/App.tsx', "import { HomePage } from './HomePage.js';", "import { HomePage } from './HomePage.js';\nimport { GenerationTwo } from './GenerationTwo.js';");
  edit(
    root,
    'storefront-mfe/src/App.tsx',
    "  if (!params.get('search')?.trim()) return <MarketplacePage />;",
    "  if (!params.get('search')?.trim())\n    return (\n      <>\n        <GenerationTwo />\n        <MarketplacePage />\n      </>\n    );",
  );
}

interface Generations {
  root: string;
  /** where each generation's remotes are deployed: a plain static server each (another origin) */
  servers: StaticServer[];
}

const generations: Generations = { root: '', servers: [] };
/** Where the second generation's storefront is kept in the copy (its dist/ then holds the store-major one). */
const GENERATION_TWO_STOREFRONT = 'generation-two-storefront';
const METRICS_TOKEN = 'e2e-metrics-token-0123456789';
let browser: Browser;

before(async () => {
  browser = await launchBrowser();
  generations.root = scratchCopy();
  const root = generations.root;
  applyGenerationTwo(root);
  const bumped = await sharedVersions(root);
  assert.match(bumped, /@dentalmarket\/contracts: 1\.\d+\.\d+ → 1\.\d+\.0, minor \(added generationLabel\)/, 'the ledger was current before the fixture');
  assert.match(bumped, /@dentalmarket\/mui-parts\/base: .* minor \(added LinearProgress\)/);
  await buildContracts(root);
  await buildFrontend(root, 'storefront-mfe', 'generation-two');
  fs.cpSync(path.join(root, 'storefront-mfe/dist'), path.join(root, GENERATION_TWO_STOREFRONT), { recursive: true });
  await buildFrontend(root, 'shell', 'generation-two');
  // then a storefront whose team changed the store incompatibly (a new major of a singleton)
  await sharedVersions(root, '--major', '@dentalmarket/store');
  await buildFrontend(root, 'storefront-mfe', 'store-major');
});

after(async () => {
  await browser?.close();
  await Promise.all((generations.servers ?? []).map((server) => server.close()));
  if (generations.root) fs.rmSync(generations.root, { recursive: true, force: true });
});

async function serve(folder: string): Promise<string> {
  const server = await serveFolder(folder);
  generations.servers.push(server);
  return `${server.url}/mf-manifest.json`;
}

/**
 * Whose copy of each shared module a build uses, as the page's federation runtime records it: the
 * provider ('shell', or the build itself) of the registered copy the build is among the users of. A
 * module absent here is the build's own copy, taken without registering it.
 */
async function sharedOf(page: Page, build: string): Promise<Record<string, string>> {
  return page.evaluate((name) => {
    type Share = { from: string; useIn?: string[] };
    const federation = (window as unknown as { __FEDERATION__: { __INSTANCES__: { shareScopeMap?: Record<string, Record<string, Record<string, Share>>> }[] } }).__FEDERATION__;
    const used: Record<string, string> = {};
    for (const instance of federation.__INSTANCES__)
      for (const [pkg, versions] of Object.entries(instance.shareScopeMap?.default ?? {}))
        for (const share of Object.values(versions)) if (share.useIn?.includes(name)) used[pkg] = share.from;
    return used;
  }, build);
}

async function oneReactOneStore(page: Page): Promise<void> {
  const diagnostics = await page.evaluate(() => (window as unknown as { __DM_DIAGNOSTICS__: () => { reactCopies: number; storeModuleEvaluations: number } }).__DM_DIAGNOSTICS__());
  assert.deepEqual(diagnostics, { reactCopies: 1, storeModuleEvaluations: 1 });
}

/** What the page logs as errors (browser.ts fails any test on an uncaught error or a hydration error on its own). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function withApp<T>(env: Record<string, string>, use: (app: RunningApp) => Promise<T>): Promise<T> {
  const app = await startApp(env);
  try {
    return await use(app);
  } finally {
    await app.stop();
  }
}

describe('a newer storefront in this shell (its team deployed first)', () => {
  it('is server-rendered and works in the browser: its own copies of what changed, the shell’s store and theme', async () => {
    const storefront = await serve(path.join(generations.root, GENERATION_TWO_STOREFRONT));
    await withApp({ REMOTE_STOREFRONT_URL: storefront }, async (app) => {
      const html = await (await fetch(`${app.url}/marketplace?type=equipment`)).text();
      assert.ok(html.includes(LABEL), "the newer storefront's part, rendered by this shell's server");
      assert.ok(html.includes('role="progressbar"'), 'with the component this shell does not have');

      const context = await newContext(browser, app.url);
      try {
        const page = await context.newPage();
        await page.goto('/marketplace?type=equipment');
        const fixture = page.getByTestId('generation-two');
        await fixture.getByText(LABEL).waitFor();
        await fixture.getByText('Cart lines in the store: 0').waitFor();
        await fixture.getByText('API says: ok').waitFor();
        // one store: the remote's add is the shell's header count, and the shell's restored cart is what the remote reads
        await page.getByRole('button', { name: 'Add to cart', disabled: false }).first().click();
        await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
        await fixture.getByText('Cart lines in the store: 1').waitFor();
        await page.reload();
        await fixture.getByText('Cart lines in the store: 1').waitFor();
        // one theme: the new component is painted with the shell's primary colour
        const bar = fixture.locator('.MuiLinearProgress-bar').first();
        assert.equal(await bar.evaluate((element) => getComputedStyle(element).backgroundColor), PRIMARY);
        await oneReactOneStore(page);
        const shared = await sharedOf(page, 'storefront');
        assert.equal(shared['@dentalmarket/mui-parts/base'] ?? 'storefront', 'storefront', 'the part with the new component: its own copy');
        assert.equal(shared['@dentalmarket/contracts'] ?? 'storefront', 'storefront', 'the contracts with the new helper: its own copy');
        // its own facade takes the parts: the unchanged ones, and the theme, are the shell's
        for (const module of ['@dentalmarket/store', 'react', '@dentalmarket/mui-parts/theme', '@dentalmarket/mui-parts/layout']) assert.equal(shared[module], 'shell', `${module}: the shell's copy (${JSON.stringify(shared)})`);
        // a product's view still opens (the dialog from the shell's overlays part)
        await page.getByRole('button', { name: /^View details/ }).first().click();
        await page.getByRole('dialog').waitFor();
      } finally {
        await context.close();
      }
    });
  });
});

describe('this storefront and checkout in a newer shell (the shell deployed first)', () => {
  it('are server-rendered and work: the newer shell’s copies satisfy what they ask for', async () => {
    const storefront = await serve(path.join(repoRoot, 'storefront-mfe/dist'));
    const checkout = await serve(path.join(repoRoot, 'checkout-mfe/dist'));
    const admin = await serve(path.join(repoRoot, 'admin-mfe/dist'));
    await withApp({ FRONTEND_DIST_ROOT: generations.root, REMOTE_STOREFRONT_URL: storefront, REMOTE_CHECKOUT_URL: checkout, REMOTE_ADMIN_URL: admin }, async (app) => {
      const [first] = (await (await fetch(`${app.url}/api/products?productType=equipment&limit=1`)).json()).products as { name: string }[];
      const html = await (await fetch(`${app.url}/marketplace?type=equipment`)).text();
      assert.ok(html.includes(first!.name.replace(/&/g, '&amp;')), "this storefront's cards, rendered by the newer shell's server");
      assert.ok(!html.includes(LABEL), 'the storefront is this generation’s');

      const context = await newContext(browser, app.url);
      try {
        const page = await context.newPage();
        await page.goto('/marketplace?type=equipment');
        await page.getByRole('heading', { name: first!.name }).first().waitFor();
        await page.getByRole('button', { name: 'Add to cart', disabled: false }).first().click();
        await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
        const shared = await sharedOf(page, 'storefront');
        assert.equal(shared['@dentalmarket/contracts'], 'shell', "the newer shell's contracts hold every name it imports");
        assert.equal(shared['@dentalmarket/mui-parts/base'] ?? 'shell', 'shell', 'its facade is the shell’s, and so are the parts');
        await oneReactOneStore(page);
        // the checkout of this generation too, with the cart the storefront filled
        await page.goto('/checkout');
        await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
        await page.getByLabel('Full Name', { exact: true }).waitFor();
        await oneReactOneStore(page);
      } finally {
        await context.close();
      }
    });
  });
});

describe('a storefront that needs a newer major of a singleton', () => {
  it('is not loaded: its routes say the shop is being updated, with Retry; the other routes work; the API counts it', async () => {
    const storefront = await serve(path.join(generations.root, 'storefront-mfe/dist'));
    await withApp({ REMOTE_STOREFRONT_URL: storefront, METRICS_TOKEN }, async (app) => {
      // the server render leaves the refused part to the browser, and the page still goes out
      const raw = await fetch(`${app.url}/marketplace?type=equipment`);
      assert.equal(raw.status, 200);
      assert.ok((await raw.text()).includes('Search products'), "the shell's part, rendered on the server");

      const context = await newContext(browser, app.url);
      try {
        const page = await context.newPage();
        const errors = consoleErrors(page);
        await page.goto('/marketplace?type=equipment');
        const updating = page.getByText('This part of the shop is being updated. Please try again in a few minutes.');
        await updating.waitFor().catch(async (error: Error) => {
          assert.fail(`${error.message}\nthe page says: ${await page.locator('#root').innerText()}\nits console: ${errors.join('\n')}`);
        });
        await page.getByRole('button', { name: 'Retry' }).click();
        await updating.waitFor();
        assert.ok(
          errors.some((error) => /Version 1\.\d+\.\d+ from shell of shared singleton module @dentalmarket\/store does not satisfy the requirement of storefront which needs \^2\.0\.0/.test(error)),
          `the console names the module, both versions and the remote:\n${errors.join('\n')}`,
        );
        // the rest of the shop works: the checkout remote (this generation's), from the header
        await page.goto('/checkout');
        await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
      } finally {
        await context.close();
      }

      // the API names the remote and the unmet requirement, and counts the server render's refusals
      const metrics = await eventually(
        async () => (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text(),
        (text) => text.includes('frontend_remote_unmet_requirements{remote="storefront"'),
        { timeout: 15_000, what: 'the live check to name the storefront' },
      );
      assert.match(metrics, /^frontend_remote_unmet_requirements\{remote="storefront",module="@dentalmarket\/store",required="\^2\.0\.0",provided="1\.\d+\.\d+"\} 1$/m);
      assert.match(metrics, /^frontend_remote_refusals_total\{remote="storefront",module="@dentalmarket\/store"\} [1-9]\d*$/m);
    });
  });
});
