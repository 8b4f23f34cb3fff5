/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Practice, PracticeAddress } from '@dentalmarket/contracts';
import { customer, fakeApi, renderAt } from '../test/support.js';
import { PracticeAddressBook } from './PracticeAddressBook.js';

const practice = (my_role: Practice['my_role']) => ({ id: 3, name: 'Harbour Dental', my_role }) as Practice;
const address = (id: number, label: string, is_default = false): PracticeAddress => ({
  id,
  label,
  full_name: 'Dr. Jane Smith',
  address: `${id} Harbour Street`,
  city: 'Portland',
  state: 'OR',
  zip_code: '97201',
  is_default,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
});

/** The book as the API keeps it: POST adds (the first is the default), PATCH with is_default switches it, DELETE removes. */
function serve(initial: PracticeAddress[], refusal?: { status: number; body: unknown }) {
  let book = [...initial];
  return fakeApi((request) => {
    const id = Number(request.path.split('/').at(-1));
    if (request.method === 'GET' && request.path === '/api/practice/addresses') return { status: 200, body: book };
    if (request.method === 'POST') {
      if (refusal) return refusal;
      const made = { ...address(book.length + 10, ''), ...JSON.parse(request.text), is_default: book.length === 0 };
      book = [...book, made];
      return { status: 201, body: made };
    }
    if (request.method === 'PATCH') {
      const change = JSON.parse(request.text);
      book = book.map((a) => (a.id === id ? { ...a, ...change } : change.is_default ? { ...a, is_default: false } : a));
      return { status: 200, body: book.find((a) => a.id === id) };
    }
    if (request.method === 'DELETE') {
      book = book.filter((a) => a.id !== id);
      return { status: 204 };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

describe("the Practice page's address book (issue 36)", () => {
  it('an owner adds an address (the checkout rules checked before sending), makes another the default and removes one', async () => {
    const requests = serve([address(1, 'Main surgery', true), address(2, 'Annex')]);
    renderAt('/practice', <PracticeAddressBook practice={practice('owner')} />, { user: customer });
    const list = within(await screen.findByRole('list', { name: 'Ship-to addresses' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringMatching(/^Main surgeryDefault/), expect.stringMatching(/^Annex/)]);

    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an address' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'ZIP Code' }), { target: { value: '972' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    expect(await dialog.findByText('ZIP code is required')).toBeTruthy();
    expect(dialog.getByText('Label is required')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    for (const [name, value] of [['Label', 'Warehouse'], ['Full Name', 'Sam Store'], ['Address', '9 Dock Road'], ['City', 'Salem'], ['State', 'OR'], ['ZIP Code', '97301']]) {
      fireEvent.change(dialog.getByRole('textbox', { name }), { target: { value: ` ${value} ` } });
    }
    fireEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.text)).toEqual({ label: 'Warehouse', full_name: 'Sam Store', address: '9 Dock Road', city: 'Salem', state: 'OR', zip_code: '97301' });
    expect(await screen.findByText('Sam Store, 9 Dock Road, Salem, OR 97301')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Make default: Annex' }));
    expect(await screen.findByText('Default address changed')).toBeTruthy();
    expect(JSON.parse(requests.find((r) => r.method === 'PATCH')!.text)).toEqual({ is_default: true });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Make default: Annex' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Main surgery' }));
    await waitFor(() => expect(screen.queryByText('Main surgery')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/practice/addresses/1')).toBe(true);
  }, 90_000);

  it("shows the server's refusal under the field it names", async () => {
    serve([address(1, 'Main surgery', true)], { status: 409, body: { statusCode: 409, message: `Your practice's address book has an address labelled "main surgery" already` } });
    renderAt('/practice', <PracticeAddressBook practice={practice('purchaser')} />, { user: customer });
    // the button shows disabled until the book has loaded: a click before then does nothing (a busy CI run clicked it so)
    await screen.findByRole('list', { name: 'Ship-to addresses' });
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an address' }));
    for (const [name, value] of [['Label', 'main surgery'], ['Full Name', 'Sam Store'], ['Address', '9 Dock Road'], ['City', 'Salem'], ['State', 'OR'], ['ZIP Code', '97301']]) {
      fireEvent.change(dialog.getByRole('textbox', { name }), { target: { value } });
    }
    fireEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    expect(await dialog.findByText(`Your practice's address book has an address labelled "main surgery" already`)).toBeTruthy();
  }, 90_000);

  it('an assistant reads the book and cannot change it', async () => {
    serve([address(1, 'Main surgery', true)]);
    renderAt('/practice', <PracticeAddressBook practice={practice('assistant')} />, { user: customer });
    expect(await screen.findByText('Main surgery')).toBeTruthy();
    expect(screen.getByText('Shared with everyone in your practice. Only an owner or a purchaser can change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add address' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Remove|Make/ })).toBeNull();
  }, 90_000);
});
