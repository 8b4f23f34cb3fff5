/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InvitationPreview } from '@dentalmarket/contracts';
import { selectCurrentUser } from '@dentalmarket/store';
import { customer, fakeApi, renderAt } from '../test/support.js';
import AcceptInvitation from './AcceptInvitation.js';

const TOKEN = 'C29jUiueTY6aUW8fO38qEAAAAAHOqv1sYd3i8UQ2y8hVbT8gH8Dq6vB1xk2c0Yg3wJ4r5A';
const offer = (overrides: Partial<InvitationPreview> = {}): InvitationPreview => ({
  practice_name: 'Harbour Dental',
  role: 'assistant',
  email: 'amy@example.com',
  invited_by: 'Jane Smith',
  expires_at: '2026-03-10T10:00:00.000Z',
  valid: true,
  reason: null,
  ...overrides,
});
const amy = { ...customer, id: 9, username: 'amy', email: 'amy@example.com', full_name: null };

function serve(preview: { status: number; body?: unknown }, accept: { status: number; body?: unknown } = { status: 200, body: amy }) {
  return fakeApi((request) => {
    if (request.method === 'GET' && request.path === `/api/invitations/${encodeURIComponent(TOKEN)}`) return preview;
    if (request.method === 'POST' && request.path === `/api/invitations/${encodeURIComponent(TOKEN)}/accept`) return accept;
    return { status: 404, body: {} };
  });
}

describe('/invitations/:token', () => {
  it('signed out: says what is offered, checks the fields as registration does, creates the account and signs it in', async () => {
    const requests = serve({ status: 200, body: offer() });
    const store = renderAt(`/invitations/${TOKEN}`, <AcceptInvitation />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Harbour Dental' })).toBeTruthy();
    expect(screen.getByText('Jane Smith invited amy@example.com to join Harbour Dental as an assistant.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'am' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'amy' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(selectCurrentUser(store.getState())?.username).toBe('amy'));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.text)).toEqual({ username: 'amy', password: 'secret1' });
    expect(await screen.findByText('Welcome to Harbour Dental')).toBeTruthy();
    expect(window.location.pathname).toBe('/practice');
  }, 30_000);

  it('signed in: joins with the account', async () => {
    const requests = serve({ status: 200, body: offer({ role: 'purchaser' }) });
    renderAt(`/invitations/${TOKEN}`, <AcceptInvitation />, { user: customer });
    fireEvent.click(await screen.findByRole('button', { name: 'Join Harbour Dental' }));
    await waitFor(() => expect(window.location.pathname).toBe('/practice'));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.text)).toEqual({});
  }, 30_000);

  it.each([
    ['expired', 'This invitation has expired. Ask the practice to send you a new one.'],
    ['used', 'This invitation was already used: each link works once.'],
    ['revoked', 'This invitation was revoked by the practice.'],
  ] as const)('a %s link says so, with no form', async (reason, text) => {
    serve({ status: 200, body: offer({ valid: false, reason }) });
    renderAt(`/invitations/${TOKEN}`, <AcceptInvitation />);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  }, 30_000);

  it('a wrong link is not valid', async () => {
    serve({ status: 404, body: { statusCode: 404, message: 'Invitation not found' } });
    renderAt(`/invitations/${TOKEN}`, <AcceptInvitation />);
    expect(await screen.findByText('This invitation link is not valid: check the link in your email, or ask for a new invitation.')).toBeTruthy();
  }, 30_000);

  it("the server's refusal is shown as it says it", async () => {
    serve({ status: 200, body: offer() }, { status: 409, body: { statusCode: 409, message: 'Your account has orders or service requests of Solo, so it cannot join another practice: accept the invitation with a new account' } });
    renderAt(`/invitations/${TOKEN}`, <AcceptInvitation />, { user: customer });
    fireEvent.click(await screen.findByRole('button', { name: 'Join Harbour Dental' }));
    expect(await screen.findByText(/cannot join another practice/)).toBeTruthy();
  }, 30_000);
});
