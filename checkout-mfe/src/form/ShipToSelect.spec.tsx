/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Practice, PracticeAddress } from '@dentalmarket/contracts';
import { OrderSummary } from '../checkout/OrderSummary.js';
import { cartLine, customer, fakeApi, renderAt } from '../test/support.js';
import { CheckoutForm } from './CheckoutForm.js';

const practice = (overrides: Partial<Practice> = {}) =>
  ({ id: 3, name: 'Harbour Dental', my_role: 'purchaser', po_required: false, approvals_enabled: false, approval_threshold: null, payment_terms: 'card', tax_exemption: null, tax_exempt_now: false, ...overrides }) as Practice;
const address = (id: number, label: string, city: string, is_default = false) =>
  ({ id, label, full_name: `${label} Desk`, address: `${id} Harbour Street`, city, state: 'OR', zip_code: `9720${id}`, is_default, created_at: '', updated_at: '' }) as PracticeAddress;
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

function serve(book: PracticeAddress[], overrides: Partial<Practice> = {}) {
  return fakeApi((request) => {
    if (request.path === '/api/practice') return { status: 200, body: practice(overrides) };
    if (request.path === '/api/practice/addresses') return { status: 200, body: book };
    if (request.path.startsWith('/api/orders?')) return { status: 200, body: { orders: [], total: 0, page: 1, limit: 1 } };
    return { status: 404 };
  });
}

describe("the checkout's ship-to select (issue 36)", () => {
  it("starts at the practice's default address, fills the fields from the one picked, and offers a new address to save to the book", async () => {
    serve([address(1, 'Main', 'Portland', true), address(2, 'Annex', 'Salem')]);
    const submitted = jest.fn(async () => undefined);
    renderAt('/checkout', <CheckoutForm onSubmit={submitted} />, { user: customer, cart: [cartLine(1, 'Meridian Chair', '150.00')] });
    await waitFor(() => expect(field('City').value).toBe('Portland'));
    expect([field('Full Name').value, field('Address').value, field('ZIP Code').value]).toEqual(['Main Desk', '1 Harbour Street', '97201']);
    const select = screen.getByRole('combobox', { name: 'Ship to' });
    expect(select.textContent).toContain('Main (default)');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: /^Annex/ }));
    await waitFor(() => expect(field('City').value).toBe('Salem'));
    expect([field('Full Name').value, field('Address').value, field('ZIP Code').value]).toEqual(['Annex Desk', '2 Harbour Street', '97202']);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Ship to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'A new address' }));
    await waitFor(() => expect(field('City').value).toBe(''));
    expect(field('Address').value).toBe('');
    fireEvent.click(screen.getByRole('checkbox', { name: "Save this address to the practice's address book" }));
    expect(screen.getByRole('textbox', { name: 'Label for the address book' })).toBeTruthy();
  }, 90_000);

  it('an assistant picks from the book but is not offered to save to it; an empty book shows no select', async () => {
    serve([address(1, 'Main', 'Portland', true)], { my_role: 'assistant', approvals_enabled: true });
    renderAt('/checkout', <CheckoutForm onSubmit={jest.fn(async () => undefined)} />, { user: customer });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Ship to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'A new address' }));
    await waitFor(() => expect(field('City').value).toBe(''));
    expect(screen.queryByRole('checkbox', { name: /address book/ })).toBeNull();
  }, 90_000);

  it('a tax-exempt practice sees tax $0.00 and why, in the summary and beside the button', async () => {
    serve([], { tax_exemption: { certificate: 'OR-EX-1', valid_until: '2027-06-30' }, tax_exempt_now: true });
    renderAt('/checkout', <><CheckoutForm onSubmit={jest.fn(async () => undefined)} /><OrderSummary /></>, { user: customer, cart: [cartLine(1, 'Meridian Chair', '150.00', 2)] });
    const summary = within(await screen.findByRole('region', { name: 'Order summary' }));
    expect(await summary.findByText('Tax exempt (certificate OR-EX-1, valid until 2027-06-30)')).toBeTruthy();
    expect(summary.getByTestId('total-tax').textContent).toBe('$0.00');
    expect(summary.getByTestId('total-total').textContent).toBe('$315.00');
    await act(async () => undefined);
    expect(screen.getByTestId('total-beside-button').textContent).toBe('$315.00');
    expect(screen.queryByRole('combobox', { name: 'Ship to' })).toBeNull();
  }, 90_000);
});
