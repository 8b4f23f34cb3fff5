/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { jest } from '@jest/globals';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Product, ServiceRequest, User } from '@dentalmarket/contracts';
import { makeStore, sessionActions, setApiBaseUrl } from '@dentalmarket/store';
import { AppProviders } from '@dentalmarket/ui';
import { screenWidth } from '@dentalmarket/ui/testing';
import { ProductCard } from '../components/ProductCard.js';

// a whole MUI dialog on a busy shared machine can take more than the default 1 s to settle
configure({ asyncUtilTimeout: 10_000 });

const service: Product = {
  id: 41,
  name: 'Sterilisation Audit',
  description: 'An on-site audit of your sterilisation room',
  price: '0.00',
  image_url: null,
  image_data: null,
  image_type: null,
  category_id: 3,
  subcategory_id: null,
  manufacturer: 'CleanPro',
  specifications: {},
  product_type: 'service',
  external_link: null,
  affiliate_link: null,
  service_details: null,
  features: [],
  is_featured: false,
  is_new: false,
  rating: null,
  reviews_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  slug: 'sterilisation-audit',
  in_stock: true,
  delivery_time: null,
  warranty: null,
};

const customer: User = { id: 7, username: 'jane', email: 'jane@example.com', full_name: 'Jane Smith', role: 'customer', created_at: '2026-01-01T00:00:00Z' };

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** Replaces fetch, the network boundary: `reply` answers POST /api/service-requests; every request is kept. */
function fakeApi(reply: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  setApiBaseUrl('http://localhost/api'); // Node's Request needs an absolute address
  const seen: Seen[] = [];
  globalThis.fetch = jest.fn(async (input: Request) => {
    const url = new URL(input.url);
    const text = await input.text();
    const body = text ? JSON.parse(text) : undefined;
    seen.push({ method: input.method, path: url.pathname, body });
    const answer = url.pathname === '/api/service-requests' ? reply(body) : { status: 404, body: { message: 'not served' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return seen;
}

const created = (body: Record<string, unknown>): ServiceRequest => ({
  number: 'SR-7K3QX9',
  status: 'new',
  product_id: service.id,
  product_name: service.name,
  placed_by: null, // a guest's request
  practice_name: String(body.practice_name),
  contact_name: String(body.contact_name),
  email: String(body.email),
  phone: String(body.phone),
  preferred_date: (body.preferred_date as string) ?? null,
  message: (body.message as string) ?? null,
  quote_amount: null,
  quote_note: null,
  created_at: '2026-03-02T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
  events: [],
});

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The service's card, as a guest or signed in; 'Request Service' opens the dialog (its script loads on demand). */
async function openDialog(user: User | null = null) {
  const store = makeStore(undefined, { persistCart: false });
  store.dispatch(sessionActions.setUser(user));
  render(
    <AppProviders store={store}>
      <ProductCard product={service} />
    </AppProviders>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Request Service' }));
  return within(await screen.findByRole('dialog', { name: 'Request Sterilisation Audit' }));
}

const type = (dialog: ReturnType<typeof within>, label: string | RegExp, value: string) => fireEvent.change(dialog.getByLabelText(label), { target: { value } });

function fillRequired(dialog: ReturnType<typeof within>) {
  type(dialog, /Practice name/, 'Bright Smiles Dental');
  type(dialog, /Contact name/, 'Dana Lee');
  type(dialog, /Email/, 'dana@brightsmiles.example');
  type(dialog, /Phone/, '+1 (555) 010-2030');
}

beforeEach(() => screenWidth(false));

describe("a service's 'Request Service' dialog", () => {
  it('shows each required field\'s message under it and sends nothing until they are filled', async () => {
    const seen = fakeApi((body) => ({ status: 201, body: created(body) }));
    const dialog = await openDialog();
    for (const label of ['Practice name', 'Contact name', 'Email', 'Phone', 'Preferred date', 'Message']) expect(dialog.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    const send = dialog.getByRole('button', { name: 'Send request' });
    send.focus();
    fireEvent.click(send);
    for (const message of ['Practice name is required', 'Contact name is required', 'Valid email is required', 'Phone is required']) {
      expect(await dialog.findByText(message)).toBeTruthy();
    }
    // the first refused field takes focus, where its message is
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText(/Practice name/)));
    type(dialog, /Phone/, 'call me maybe');
    expect(await dialog.findByText('Enter a phone number such as +1 503 555 0100')).toBeTruthy();
    type(dialog, /Preferred date/, isoDay(-2));
    fireEvent.blur(dialog.getByLabelText(/Preferred date/));
    expect(await dialog.findByText('Preferred date must be today or later')).toBeTruthy();
    type(dialog, /Preferred date/, isoDay(400));
    expect(await dialog.findByText('Preferred date must be within 365 days')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('sends the trimmed request and says its number in the dialog (kept until Done) and in a toast', async () => {
    const seen = fakeApi((body) => ({ status: 201, body: created(body) }));
    const dialog = await openDialog();
    fillRequired(dialog);
    type(dialog, /Contact name/, '  Dana Lee  ');
    type(dialog, /Preferred date/, isoDay(10));
    type(dialog, /Message/, 'Two surgeries, mornings only.');
    fireEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    const sent = await screen.findByRole('dialog', { name: 'Service request sent' });
    expect(screen.getByText('We will contact you about SR-7K3QX9.')).toBeTruthy();
    // a guest has nowhere else to find the number: it stays on screen until the shopper is done
    expect(within(sent).getByText('SR-7K3QX9')).toBeTruthy();
    expect(sent.textContent).toContain('Your reference is SR-7K3QX9. We will contact you about');
    expect(sent.textContent).toContain('at dana@brightsmiles.example.');
    fireEvent.click(within(sent).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/api/service-requests',
        body: {
          product_id: 41,
          practice_name: 'Bright Smiles Dental',
          contact_name: 'Dana Lee',
          email: 'dana@brightsmiles.example',
          phone: '+1 (555) 010-2030',
          preferred_date: isoDay(10),
          message: 'Two surgeries, mornings only.',
        },
      },
    ]);
  });

  it('leaves out the optional date and message when they are empty', async () => {
    const seen = fakeApi((body) => ({ status: 201, body: created(body) }));
    const dialog = await openDialog();
    fillRequired(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('dialog', { name: 'Service request sent' });
    expect(Object.keys(seen[0].body as object).sort()).toEqual(['contact_name', 'email', 'phone', 'practice_name', 'product_id']);
  });

  it("is prefilled with a signed-in shopper's name and email", async () => {
    fakeApi((body) => ({ status: 201, body: created(body) }));
    const dialog = await openDialog(customer);
    expect((dialog.getByLabelText(/Contact name/) as HTMLInputElement).value).toBe('Jane Smith');
    expect((dialog.getByLabelText(/Email/) as HTMLInputElement).value).toBe('jane@example.com');
    expect((dialog.getByLabelText(/Practice name/) as HTMLInputElement).value).toBe('');
  });

  it("puts a 400's messages under the fields they name, and keeps what was typed", async () => {
    fakeApi(() => ({
      status: 400,
      body: { statusCode: 400, message: ['preferred_date: Preferred date must be today or later', 'phone: at most 40 characters'], error: 'Bad Request' },
    }));
    const dialog = await openDialog();
    fillRequired(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText('Preferred date must be today or later')).toBeTruthy();
    expect(dialog.getByText('Phone: at most 40 characters')).toBeTruthy();
    expect(dialog.getByLabelText(/Phone/).getAttribute('aria-invalid')).toBe('true');
    expect((dialog.getByLabelText(/Practice name/) as HTMLInputElement).value).toBe('Bright Smiles Dental');
    expect(dialog.queryByText(/not sent/)).toBeNull();
    // the server's message stays while the field holds what it refused, whatever else is touched
    fireEvent.blur(dialog.getByLabelText(/Practice name/));
    type(dialog, /Contact name/, 'Dana M. Lee');
    await waitFor(() => expect((dialog.getByLabelText(/Contact name/) as HTMLInputElement).value).toBe('Dana M. Lee'));
    expect(dialog.getByText('Phone: at most 40 characters')).toBeTruthy();
    type(dialog, /Phone/, '555 0100');
    await waitFor(() => expect(dialog.queryByText('Phone: at most 40 characters')).toBeNull());
    expect(dialog.getByText('Preferred date must be today or later')).toBeTruthy();
  });

  it.each([
    [{ statusCode: 429, message: 'Too many service requests from this address; try again in 7 minutes', error: 'Too Many Requests' }, 'Your request was not sent: Too many service requests from this address; try again in 7 minutes'],
    ['', 'Too many requests were sent from your network. Please wait a few minutes and try again.'],
  ])('says in an alert in the dialog when too many requests came from one address (%j)', async (body, shown) => {
    fakeApi(() => ({ status: 429, body }));
    const dialog = await openDialog();
    fillRequired(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    const alert = await dialog.findByText(shown);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Request Sterilisation Audit' })).toBeTruthy();
    expect(screen.queryByText('Service request sent')).toBeNull();
  });

  it("says the server's reason when the product is no longer a service", async () => {
    fakeApi(() => ({ status: 409, body: { statusCode: 409, message: 'Sterilisation Audit is not a service', error: 'Conflict' } }));
    const dialog = await openDialog();
    fillRequired(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText('Your request was not sent: Sterilisation Audit is not a service')).toBeTruthy();
  });

  it('fills the screen of a phone', async () => {
    screenWidth(true);
    fakeApi((body) => ({ status: 201, body: created(body) }));
    await openDialog();
    expect(screen.getByRole('dialog').className).toMatch(/MuiDialog-paperFullScreen/);
  });

  it("asks 'Discard changes?' before Cancel or Escape throws away what was typed; untouched, it closes at once", async () => {
    fakeApi((body) => ({ status: 201, body: created(body) }));
    let dialog = await openDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Request Service' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Request Sterilisation Audit' }));
    type(dialog, /Practice name/, 'Harbour Dental');
    fireEvent.keyDown(dialog.getByLabelText(/Practice name/), { key: 'Escape' });
    const question = within(await screen.findByRole('dialog', { name: 'Discard changes?' }));
    fireEvent.click(question.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
    expect((dialog.getByLabelText(/Practice name/) as HTMLInputElement).value).toBe('Harbour Dental');

    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
