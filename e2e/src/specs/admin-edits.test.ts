/**
 * Nothing an admin typed is lost (issue 32): the Edit Product dialog with changes asks 'Discard
 * changes?' before Escape, Cancel or an outside click closes it, and an Image URL typed without
 * pressing 'Set URL' is saved with the product (it was thrown away while the dialog said 'Product
 * Updated'), kept across the dialog's tabs. The open order is in the URL: Back closes it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, newContext, signIn } from '../browser.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();

async function asAdmin(run: (page: Page) => Promise<void>): Promise<void> {
  const context = await newContext(suite.browser, suite.app.url, 1366, 900);
  try {
    await signIn(context, DEMO_ADMIN);
    const page = await context.newPage();
    await run(page);
  } finally {
    await context.close();
  }
}

/** Searches the admin's product grid and waits for the answer, so the rows clicked are the search's. */
async function searchFor(page: Page, name: string): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/products' && new URL(r.url()).searchParams.get('search') === name);
  await page.getByRole('textbox', { name: 'Search products' }).fill(name);
  await answered;
}

async function firstEquipment(): Promise<{ id: number; name: string; slug: string; image_url: string | null }> {
  const { products } = (await (await fetch(`${suite.app.url}/api/products?productType=equipment&limit=1`)).json()) as { products: Array<{ id: number; name: string; slug: string; image_url: string | null }> };
  return products[0]!;
}

describe("an admin's typing is never lost (issue 32)", () => {
  it("asks 'Discard changes?' before the Edit Product dialog closes with changes; 'Keep editing' keeps them", async () => {
    const product = await firstEquipment();
    await asAdmin(async (page) => {
      await page.goto('/admin');
      await searchFor(page, product.name);
      await page.getByRole('button', { name: `Edit ${product.name}` }).first().click();
      const dialog = page.getByRole('dialog', { name: /Edit Product/ });
      const name = dialog.getByLabel('Product Name');
      await name.fill(`${product.name} (changed)`);
      for (const close of [() => page.keyboard.press('Escape'), () => dialog.getByRole('button', { name: 'Cancel' }).click()]) {
        await close();
        const question = page.getByRole('dialog', { name: 'Discard changes?' });
        await question.getByText('You have unsaved changes. They will be lost.').waitFor();
        await question.getByRole('button', { name: 'Keep editing' }).click();
        await question.waitFor({ state: 'hidden' });
        assert.equal(await name.inputValue(), `${product.name} (changed)`);
      }
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const stored = (await (await fetch(`${suite.app.url}/api/products/${product.slug}`)).json()) as { name: string };
      assert.equal(stored.name, product.name, 'discarded: nothing saved');
    });
  });

  it("saves an Image URL typed without 'Set URL', kept across the dialog's tabs", async () => {
    const product = await firstEquipment();
    const url = `https://images.example.com/typed-${Date.now()}.jpg`;
    await asAdmin(async (page) => {
      await page.goto('/admin');
      await searchFor(page, product.name);
      await page.getByRole('button', { name: `Edit ${product.name}` }).first().click();
      const dialog = page.getByRole('dialog', { name: /Edit Product/ });
      // the dialog's form is there (filled from the product) before its image section is used
      assert.equal(await dialog.getByLabel('Product Name').inputValue(), product.name);
      await dialog.getByRole('group', { name: 'Image source' }).getByRole('button', { name: 'URL', exact: true }).click();
      await dialog.getByLabel('Image URL').fill(url);
      const tabs = dialog.getByRole('tab');
      await tabs.nth(1).click();
      await tabs.nth(0).click();
      assert.equal(await dialog.getByLabel('Image URL').inputValue(), url, 'kept across tabs');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Product Updated').first().waitFor();
      const stored = (await (await fetch(`${suite.app.url}/api/products/${product.slug}`)).json()) as { image_url: string };
      assert.equal(stored.image_url, url);
    });
  });
});
