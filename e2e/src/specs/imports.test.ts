import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Download, Locator, Page } from 'playwright-core';
import { newContext, signIn } from '../browser.js';
import { appAndBrowser } from '../suite.js';
import { picture } from '../pictures.js';

const suite = appAndBrowser();
const shot = (page: Page, name: string) => picture(page, `imports-${name}`);

/** A file the browser downloaded, parsed as CSV (the BOM taken off). */
async function csvOf(download: Download): Promise<string[][]> {
  const file = await download.path();
  return parse(await readFile(file), { bom: true }) as string[][];
}

/** What the dialog shows (not its screen-reader announcement, a hidden role=status that may say the same). */
const shown = (scope: Locator, text: string) => scope.getByText(text, { exact: true }).and(scope.page().locator(':not([role="status"])'));

/** One CSV line from cells (quoted where needed), as a spreadsheet would save it. */
const line = (cells: string[]) => cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');

describe('catalogue import and export', () => {
  it('downloads the template, imports 3 good rows and 2 bad ones with their line numbers, applies, and exports them back', async () => {
    const context = await newContext(suite.browser, suite.app.url, 1366, 900);
    await signIn(context);
    const page = await context.newPage();
    try {
      await page.goto('/admin');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });

      // the template: the header row every import and export uses
      const [templateDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download template' }).click()]);
      const template = await csvOf(templateDownload);
      const header = template[0]!;
      for (const column of ['slug', 'name', 'product_type', 'category', 'subcategory', 'manufacturer', 'price', 'description', 'features', 'specifications']) {
        assert.ok(header.includes(column), `the template has the column ${column}: ${header.join(',')}`);
      }
      assert.ok(template.length >= 2, 'the template shows an example row');

      // 3 good rows, then 2 bad ones (lines 5 and 6 of the file: the header is line 1)
      const categories = (await (await page.request.get('/api/categories?productType=equipment')).json()) as Array<{ slug: string; name: string }>;
      const category = categories[0]!;
      const run = Date.now().toString(36);
      const good = ['Alpha', 'Beta', 'Gamma'].map((word, i) => ({ name: `Importa ${word} ${run} Scaler`, price: `${100 + i}.50` }));
      const row = (values: Record<string, string>) => header.map((column) => values[column] ?? '');
      const csv = [
        line(header),
        ...good.map((g) => line(row({ name: g.name, product_type: 'equipment', category: category.slug, manufacturer: 'Importa Dental', price: g.price, description: `${g.name}, imported from a spreadsheet.`, in_stock: 'true', features: '["Imported"]' }))),
        line(row({ name: `Importa Bad Price ${run}`, product_type: 'equipment', category: category.slug, manufacturer: 'Importa Dental', price: 'twelve' })),
        line(row({ name: `Importa Bad Category ${run}`, product_type: 'equipment', category: `no-such-category-${run}`, manufacturer: 'Importa Dental', price: '10.00' })),
      ].join('\r\n');

      await dialog.getByLabel('CSV file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await dialog.getByRole('button', { name: 'Check file' }).click();
      await shown(dialog, '3 to create').waitFor();
      await shown(dialog, '2 with errors').waitFor();
      await dialog.getByText('Nothing has been changed yet. Review the result, then apply.').waitFor();
      // each failing row with its line number and the field's message
      const badPrice = dialog.getByRole('row').filter({ hasText: `Importa Bad Price ${run}` });
      await badPrice.getByText('price must be a decimal number such as 1299.00').waitFor();
      assert.equal((await badPrice.getByRole('gridcell').or(badPrice.getByRole('cell')).first().innerText()).trim(), '5');
      const badCategory = dialog.getByRole('row').filter({ hasText: `Importa Bad Category ${run}` });
      await badCategory.getByText(`no-such-category-${run}`).waitFor();
      assert.equal((await badCategory.getByRole('gridcell').or(badCategory.getByRole('cell')).first().innerText()).trim(), '6');
      await shot(page, 'review');

      // nothing changed before apply
      const before = await (await page.request.get(`/api/products?search=${encodeURIComponent(`Importa ${run}`)}`)).json();
      assert.equal(before.total, 0);

      await dialog.getByRole('button', { name: 'Apply import' }).click();
      await shown(dialog, 'Import finished: 3 created, 0 updated, 0 unchanged, 2 failed').waitFor({ timeout: 60_000 });
      await shot(page, 'finished');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // the 3 products on the marketplace
      await page.goto(`/marketplace?search=${encodeURIComponent(`Importa ${run}`)}`);
      for (const g of good) await page.getByRole('article').filter({ hasText: g.name }).getByText(`$${g.price}`).waitFor();
      assert.equal(await page.getByRole('article').filter({ hasText: 'Importa Bad' }).count(), 0);

      // export: the grid's search narrows it; the file holds what was imported, column by column
      await page.goto('/admin');
      await page.getByPlaceholder('Search products...').fill(`Importa`);
      await page.getByRole('gridcell', { name: good[0]!.name, exact: true }).waitFor();
      const [exportDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
      assert.match(exportDownload.suggestedFilename(), /^products-\d{4}-\d{2}-\d{2}\.csv$/);
      const exported = await csvOf(exportDownload);
      assert.deepEqual(exported[0], header, 'the export has the template\'s columns');
      const byName = new Map(exported.slice(1).map((cells) => [cells[header.indexOf('name')], Object.fromEntries(header.map((column, i) => [column, cells[i]]))]));
      for (const g of good) {
        const product = byName.get(g.name);
        assert.ok(product, `${g.name} is in the export`);
        assert.equal(product.price, g.price);
        assert.equal(product.category, category.slug);
        assert.equal(product.manufacturer, 'Importa Dental');
        assert.equal(product.in_stock, 'true');
        assert.deepEqual(JSON.parse(product.features!), ['Imported']);
      }
      assert.ok(exported.slice(1).every((cells) => /importa/i.test(cells.join(' '))), 'only the searched products are exported');
    } finally {
      await context.close();
    }
  });
});
