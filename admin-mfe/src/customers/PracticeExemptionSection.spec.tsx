/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PracticeTaxExemption } from '@dentalmarket/contracts';
import { renderWithStore, stubFetch, type Call } from '../categories/testSupport.js';
import { PracticeExemptionSection } from './PracticeExemptionSection.js';

const PRACTICE = 3;
const URL_ = `/api/admin/practices/${PRACTICE}/tax-exemption`;

/** The practice's exemption as the API keeps it: PUT sets it (active unless its day is past), DELETE clears it. */
function serve(initial: PracticeTaxExemption['exemption'] = null, active = false) {
  let state: PracticeTaxExemption = { practice_id: PRACTICE, name: 'Harbour Dental', exemption: initial, active };
  return stubFetch((call) => {
    const path = new URL(call.path, 'http://localhost').pathname;
    if (path !== URL_) return { status: 404, body: { message: 'not served' } };
    if (call.method === 'PUT') {
      const body = call.body as { certificate: string; valid_until: string };
      state = { ...state, exemption: body, active: body.valid_until >= '2026-01-01' };
    }
    if (call.method === 'DELETE') state = { ...state, exemption: null, active: false };
    return { status: 200, body: state };
  });
}
const sent = (calls: Call[], method: string) => calls.filter((c) => c.method === method);

describe("the customer drawer's tax exemption (issue 36)", () => {
  it('records a certificate and its last valid day, checked before they are sent; then says the orders carry no tax', async () => {
    const { calls } = serve();
    await renderWithStore(<PracticeExemptionSection practiceId={PRACTICE} />, null);
    expect(await screen.findByText('Not tax-exempt: its orders carry tax.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save exemption' }));
    expect(await screen.findByText('The certificate number is required')).toBeTruthy();
    expect(screen.getByText('The last day it is valid, e.g. 2027-06-30')).toBeTruthy();
    expect(sent(calls, 'PUT')).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Certificate number' }), { target: { value: '  OR-EX-448812 ' } });
    fireEvent.change(screen.getByLabelText('Valid until'), { target: { value: '2027-06-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save exemption' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(1));
    expect(sent(calls, 'PUT')[0]).toMatchObject({ body: { certificate: 'OR-EX-448812', valid_until: '2027-06-30' } });
    expect(await screen.findByText('Tax exempt (certificate OR-EX-448812, valid until 2027-06-30): its orders carry no tax.')).toBeTruthy();
    expect(screen.getByText('Exempt')).toBeTruthy();
  }, 30_000);

  it('says an expired certificate exempts nothing, and removes an exemption', async () => {
    const { calls } = serve({ certificate: 'OLD-1', valid_until: '2025-12-31' }, false);
    await renderWithStore(<PracticeExemptionSection practiceId={PRACTICE} />, null);
    expect(await screen.findByText('Certificate OLD-1 expired on 2025-12-31: its orders carry tax.')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove exemption' }));
    await waitFor(() => expect(sent(calls, 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Not tax-exempt: its orders carry tax.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove exemption' })).toBeNull();
  }, 30_000);

  it("shows the server's refusal", async () => {
    stubFetch((call) =>
      call.method === 'PUT'
        ? { status: 400, body: { message: ['certificate may hold only printable ASCII letters, digits, spaces and punctuation'] } }
        : { status: 200, body: { practice_id: PRACTICE, name: 'Harbour Dental', exemption: null, active: false } },
    );
    await renderWithStore(<PracticeExemptionSection practiceId={PRACTICE} />, null);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Certificate number' }), { target: { value: 'Ünï' } });
    fireEvent.change(screen.getByLabelText('Valid until'), { target: { value: '2027-06-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save exemption' }));
    expect(await screen.findByText('certificate may hold only printable ASCII letters, digits, spaces and punctuation')).toBeTruthy();
  }, 30_000);
});
