import type { Page } from 'playwright-core';

/** A valid checkout form (SPEC §5), by field label: the card fields never leave the browser. */
export const CHECKOUT_VALUES: Readonly<Record<string, string>> = {
  'Full Name': 'Dr. Jane Smith',
  Email: 'jane@example.com',
  Address: '12 Harbour Street',
  City: 'Leeds',
  State: 'WY',
  'ZIP Code': '10001',
  'Cardholder Name': 'Jane Smith',
  'Card Number': '4242 4242 4242 4242',
  'Expiry Date': '0528',
  CVC: '123',
};

/** Fills the checkout form with CHECKOUT_VALUES, and `changes` over them. */
export async function fillCheckout(page: Page, changes: Record<string, string> = {}): Promise<void> {
  for (const [label, value] of Object.entries({ ...CHECKOUT_VALUES, ...changes })) await page.getByLabel(label, { exact: true }).fill(value);
}
