import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from '../app.js';
import { launchBrowser, newContext, signIn } from '../browser.js';
import { picture } from '../pictures.js';

/**
 * A local server speaking the OpenAI chat-completions protocol (the third-party service this
 * machine cannot reach): it answers a product for the name in the prompt, and a 500 for any name
 * containing FAIL. The API's real `openai` client talks to it through OPENAI_BASE_URL.
 */
function fakeOpenAi(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const prompt: string = (JSON.parse(body || '{}').messages ?? []).map((m: { content: string }) => m.content).join('\n');
      const name = ['Zoom Whitening Kit', 'Curing Light Pro', 'Polishing Paste FAIL', 'Prophy Angles'].find((n) => prompt.includes(n)) ?? 'Unknown product';
      if (name.includes('FAIL')) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'model overloaded' } }));
        return;
      }
      const product = {
        name,
        shortDescription: `${name} in short`,
        description: `${name}: a generated description for the test.`,
        specifications: [{ label: 'Pack', value: '10 units' }],
        features: ['Generated feature'],
        price: 42.5,
        imageDescription: 'A product photo',
        brand: 'GenBrand',
        recommended: false,
        productUrl: `https://partner.example/${encodeURIComponent(name)}`,
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: 1,
          model: 'test-model',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(product) } }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let provider: http.Server;
let app: RunningApp;
let browser: Browser;

before(async () => {
  provider = await fakeOpenAi();
  const { port } = provider.address() as AddressInfo;
  [app, browser] = await Promise.all([startApp({ OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_MODEL: 'test-model' }), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await app?.stop();
  provider?.close();
});

async function asAdmin(fn: (page: Page) => Promise<void>) {
  const context = await newContext(browser, app.url, 1366, 900);
  await signIn(context);
  const page = await context.newPage();
  try {
    await fn(page);
  } finally {
    await context.close();
  }
}

async function choosePlacement(page: Page) {
  // the products grid below has its own 'Category' filter
  const panel = page.getByRole('region', { name: 'Rapid Product Add with AI' });
  await panel.getByRole('combobox', { name: 'Category', exact: true }).click();
  await page.getByRole('option').first().click();
  await panel.getByRole('combobox', { name: 'Subcategory' }).click();
  await page.getByRole('option').first().click();
}

describe('AI product generation in the admin panel', () => {
  it('generates one product, previews it, saves it, and shows it on the marketplace', async () => {
    await asAdmin(async (page) => {
      await page.goto('/admin');
      await page.getByText('Rapid Product Add with AI').waitFor();
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await page.getByText('Product name must be at least 3 characters').waitFor();
      assert.equal(await page.getByRole('combobox', { name: 'Subcategory' }).getAttribute('aria-disabled'), 'true');
      await page.getByLabel('Product name').fill('Zoom Whitening Kit');
      await choosePlacement(page);
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await page.getByText('Product details generated!').waitFor();
      const preview = page.getByRole('region', { name: 'Generated product preview' });
      assert.equal(await preview.getByLabel('Name').inputValue(), 'Zoom Whitening Kit');
      await preview.getByLabel('Brand').fill('Philips');
      await preview.getByRole('button', { name: 'Save Product' }).click();
      await page.getByText('Product saved!').waitFor();
      await preview.waitFor({ state: 'detached' });
      assert.equal(await page.getByLabel('Product name').inputValue(), '');

      const saved = await (await page.request.get('/api/products/zoom-whitening-kit')).json();
      assert.equal(saved.manufacturer, 'Philips');
      assert.equal(saved.affiliate_link, 'https://partner.example/Zoom%20Whitening%20Kit');
      assert.deepEqual([saved.in_stock, saved.is_new, saved.is_featured, saved.rating], [true, true, false, '0.0']);
      await page.goto('/marketplace?type=affiliate');
      await page.getByPlaceholder('Search categories & products...').fill('Zoom Whitening');
      await page.getByRole('article').filter({ hasText: 'Zoom Whitening Kit' }).waitFor();
    });
  });

  it('generates a batch of three with one failing name, cycles with Next, and saving removes the item', async () => {
    await asAdmin(async (page) => {
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Batch Add' }).click();
      await page.getByLabel('Product names').fill('Curing Light Pro, Polishing Paste FAIL\nProphy Angles');
      await choosePlacement(page);
      await page.getByRole('button', { name: 'Generate All' }).click();
      await page.getByText('2 products generated!').waitFor();
      await page.getByText(/^Polishing Paste FAIL: The AI provider/).waitFor();
      const list = page.getByRole('list', { name: 'Generated products' });
      assert.deepEqual(await list.getByRole('button').locator('.MuiListItemText-primary').allInnerTexts(), ['Curing Light Pro', 'Prophy Angles']);
      const preview = page.getByRole('region', { name: 'Generated product preview' });
      assert.equal(await preview.getByLabel('Name').inputValue(), 'Curing Light Pro');
      await preview.getByRole('button', { name: 'Next' }).click();
      assert.equal(await preview.getByLabel('Name').inputValue(), 'Prophy Angles');
      await preview.getByRole('button', { name: 'Save Product' }).click();
      await page.getByText('Product saved!').waitFor();
      assert.deepEqual(await list.getByRole('button').locator('.MuiListItemText-primary').allInnerTexts(), ['Curing Light Pro']);
      assert.equal(await preview.getByLabel('Name').inputValue(), 'Curing Light Pro');
      await picture(page, 'ai-batch');
    });
  });
});
