/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PracticeTerms } from '@dentalmarket/contracts';
import { renderWithStore, stubFetch, type Call } from '../categories/testSupport.js';
import { customerDetail, customerRow } from './customerFixtures.js';
import { CustomersGrid } from './CustomersGrid.js';

const ID = 7;
const PRACTICE = 3;

/** One shopper account in practice 3 on card terms; PUT answers as the API does, or with `refusal`. */
function serve(refusal?: { status: number; body: unknown }) {
  const row = customerRow(ID, { username: 'dana.lee' });
  let terms: PracticeTerms = { practice_id: PRACTICE, name: 'Harbour Dental', payment_terms: 'card', net_days: null, credit_limit: null, open_balance: '0.00' };
  return stubFetch((call) => {
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/api/admin/customers') return { status: 200, body: { customers: [row], total: 1, page: 1, limit: 25 } };
    if (url.pathname === `/api/admin/customers/${ID}`) return { status: 200, body: { ...customerDetail(row), practice_id: PRACTICE } };
    if (url.pathname === `/api/admin/practices/${PRACTICE}/terms` && call.method === 'GET') return { status: 200, body: terms };
    if (url.pathname === `/api/admin/practices/${PRACTICE}/terms` && call.method === 'PUT') {
      if (refusal) return refusal;
      const body = call.body as { payment_terms: 'invoice'; net_days: number; credit_limit: string };
      terms = { ...terms, ...body, credit_limit: `${body.credit_limit}.00` };
      return { status: 200, body: terms };
    }
    return { status: 404, body: { message: 'not served' } };
  });
}

async function openTerms() {
  await renderWithStore(<CustomersGrid />, null);
  const link = await screen.findByRole('button', { name: 'dana.lee' });
  act(() => link.focus());
  fireEvent.click(link);
  const drawer = within(await screen.findByRole('dialog', { name: 'dana.lee' }));
  await drawer.findByRole('heading', { name: 'Payment terms' });
  return drawer;
}

const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');

describe("the customer drawer's payment terms (issue 36)", () => {
  it("gives the customer's practice invoice terms: net days and a credit limit, checked before they are sent", async () => {
    const { calls } = serve();
    const drawer = await openTerms();
    expect(await drawer.findByText('Harbour Dental')).toBeTruthy();
    fireEvent.mouseDown(drawer.getByRole('combobox', { name: 'Payment' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Invoice' }));
    fireEvent.change(drawer.getByRole('textbox', { name: 'Net days' }), { target: { value: '200' } });
    fireEvent.click(drawer.getByRole('button', { name: 'Save terms' }));
    expect(await drawer.findByText('A whole number of days from 1 to 120')).toBeTruthy();
    expect(drawer.getByText('An amount such as 5000 or 5000.00')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
    fireEvent.change(drawer.getByRole('textbox', { name: 'Net days' }), { target: { value: '30' } });
    fireEvent.change(drawer.getByRole('textbox', { name: 'Credit limit (USD)' }), { target: { value: '5000' } });
    fireEvent.click(drawer.getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ path: `/api/admin/practices/${PRACTICE}/terms`, body: { payment_terms: 'invoice', net_days: 30, credit_limit: '5000' } });
    expect(await screen.findByText('Payment terms saved')).toBeTruthy();
  }, 30_000);

  it("shows the server's refusal as it says it", async () => {
    serve({ status: 404, body: { statusCode: 404, message: 'Practice not found' } });
    const drawer = await openTerms();
    await drawer.findByText('Harbour Dental');
    fireEvent.click(drawer.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText('Practice not found')).toBeTruthy();
  }, 30_000);
});
