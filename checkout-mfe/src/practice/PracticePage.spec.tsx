/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Practice, PracticeInvitation } from '@dentalmarket/contracts';
import { customer, fakeApi, renderAt } from '../test/support.js';
import PracticePage from './PracticePage.js';

const practice = (my_role: Practice['my_role'], overrides: Partial<Practice> = {}): Practice => ({
  id: 3,
  name: 'Harbour Dental',
  phone: '+1 503 555 0100',
  tax_id: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  members: [
    { user_id: 7, username: 'jane', full_name: 'Jane Smith', email: 'jane@example.com', role: my_role, joined_at: '2026-03-01T10:00:00.000Z' },
    { user_id: 8, username: 'amy', full_name: null, email: 'amy@example.com', role: 'assistant', joined_at: '2026-03-02T10:00:00.000Z' },
  ],
  my_role,
  my_user_id: 7,
  po_required: false,
  approvals_enabled: false,
  approval_threshold: null,
  approval_days: 7,
  payment_terms: 'card',
  net_days: null,
  credit_limit: null,
  open_balance: null,
  tax_exemption: null,
  tax_exempt_now: false,
  ...overrides,
});

const pending: PracticeInvitation = {
  id: '0b6f3a52-2b9e-4d8e-9a51-6f1f3b7f2a10',
  email: 'new@example.com',
  role: 'purchaser',
  status: 'pending',
  invited_by: 'Jane Smith',
  created_at: '2026-03-03T10:00:00.000Z',
  expires_at: '2026-03-10T10:00:00.000Z',
};

function serve(role: Practice['my_role'], answers: Record<string, { status: number; body?: unknown }> = {}) {
  return fakeApi((request) => {
    const key = `${request.method} ${request.path}`;
    if (answers[key]) return answers[key];
    if (key === 'GET /api/practice') return { status: 200, body: practice(role) };
    if (key === 'GET /api/practice/invitations') return { status: 200, body: [pending] };
    return { status: 404, body: { statusCode: 404, message: 'Not found' } };
  });
}

describe('/practice', () => {
  it("an owner sees the details form, members with role pickers, and the invitations; saving sends only the practice's fields", async () => {
    const requests = serve('owner', { 'PATCH /api/practice': { status: 200, body: practice('owner', { name: 'Harbour Dental Care' }) } });
    renderAt('/practice', <PracticePage />, { user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Dental' })).toBeTruthy();
    expect(screen.getByText('Your practice · you are owner')).toBeTruthy();
    const members = within(screen.getByRole('region', { name: 'Members' }));
    expect(members.getByText('Jane Smith (you)')).toBeTruthy();
    expect(members.getByRole('combobox', { name: 'Role of amy' })).toBeTruthy();
    expect(members.getByRole('button', { name: 'Remove amy' })).toBeTruthy();
    expect(members.queryByRole('button', { name: 'Remove Jane Smith' })).toBeNull();
    expect(await screen.findByText('new@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend the invitation to new@example.com' })).toBeTruthy();

    const name = screen.getByRole('textbox', { name: 'Practice name' });
    fireEvent.change(name, { target: { value: 'Harbour Dental Care' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(JSON.parse(requests.find((r) => r.method === 'PATCH')!.text)).toEqual({ name: 'Harbour Dental Care', phone: '+1 503 555 0100', tax_id: null });
    expect(await screen.findByText('Practice updated')).toBeTruthy();
  }, 30_000);

  it('says what is wrong before sending: an empty practice name, a bad email to invite', async () => {
    const requests = serve('owner');
    renderAt('/practice', <PracticePage />, { user: customer });
    const name = await screen.findByRole('textbox', { name: 'Practice name' });
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Practice name is required')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Valid email is required')).toBeTruthy();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  }, 30_000);

  it("invites by email and role; the server's refusal is shown as it says it", async () => {
    const requests = serve('owner', { 'POST /api/practice/invitations': { status: 409, body: { statusCode: 409, message: 'new@example.com has a pending invitation: resend or revoke it' } } });
    renderAt('/practice', <PracticePage />, { user: customer });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('new@example.com has a pending invitation: resend or revoke it')).toBeTruthy();
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.text)).toEqual({ email: 'new@example.com', role: 'assistant' });
  }, 30_000);

  it('a purchaser or assistant reads the details and members, has no invitations, and may leave', async () => {
    const requests = serve('assistant', { 'DELETE /api/practice/members/7': { status: 204 } });
    renderAt('/practice', <PracticePage />, { user: customer });
    expect(await screen.findByText('Only an owner can change these details.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Practice name' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave practice' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave practice?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Leave practice' }));
    expect(await screen.findByText('You left Harbour Dental')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/practice/members/7')).toBe(true);
    expect(requests.some((r) => r.path.startsWith('/api/practice/invitations'))).toBe(false);
  }, 30_000);

  it("the last owner's refusal to leave is shown as the server says it", async () => {
    serve('owner', { 'DELETE /api/practice/members/7': { status: 409, body: { statusCode: 409, message: 'You are the last owner: make another member an owner before you leave the practice' } } });
    renderAt('/practice', <PracticePage />, { user: customer });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave practice' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave practice' }));
    expect(await screen.findByText('You are the last owner: make another member an owner before you leave the practice')).toBeTruthy();
  }, 30_000);
});
