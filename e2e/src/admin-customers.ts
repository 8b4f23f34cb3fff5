import type { Page } from 'playwright-core';

/** The Customers tab's People view, searched for `q` (among one role's accounts), with the customer's drawer opened from their row. */
export async function openCustomer(page: Page, q: string, username: string, role?: 'Customers' | 'Admins') {
  await page.goto('/admin?tab=customers&view=people');
  await page.getByRole('heading', { name: 'People', exact: true }).waitFor();
  if (role) {
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: role }).click();
  }
  // the settled search's answer, after its pause: the row is then one of the matches
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/customers' && new URL(r.url()).searchParams.get('q') === q && r.ok());
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(q);
  await searched;
  await page.getByRole('grid', { name: 'Customers' }).getByRole('button', { name: username, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: username });
  await drawer.getByRole('heading', { name: 'Recent orders' }).waitFor();
  return drawer;
}

