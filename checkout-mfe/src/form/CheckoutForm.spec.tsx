/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { cartLine, customer, fakeApi, order, renderAt } from '../test/support.js';
import { CheckoutForm } from './CheckoutForm.js';
import { checkoutSchema, checkoutSchemaFor, initialCheckoutValues } from './checkoutSchema.js';

const MESSAGES = [
  'Full name is required',
  'Valid email is required',
  'Address is required',
  'City is required',
  'State is required',
  'ZIP code is required',
  'Cardholder name is required',
  'Valid card number is required',
  'Valid expiry date is required (MM/YY)',
  'Valid CVC is required',
];

const valid = {
  fullName: 'Dr. Jane Smith',
  email: 'jane@example.com',
  address: '12 Harbour Street',
  city: 'Leeds',
  state: 'WY',
  zipCode: '10001',
  cardHolder: 'Jane Smith',
  cardNumber: '4242424242424242',
  cardExpiry: '05/28',
  cardCvc: '123',
  poNumber: '',
};

describe('SPEC §5 checkout rules', () => {
  it('starts with every field empty', () => {
    // SPEC's ten and the PO number (issue 36); then the address book's: a new address, not saved, no label
    expect(Object.values(initialCheckoutValues)).toEqual([...Array(11).fill(''), 'new', false, '']);
  });

  it.each([
    ['fullName', 'Jo', 'Full name is required'],
    ['email', 'not-an-email', 'Valid email is required'],
    ['address', '12 H', 'Address is required'],
    ['city', 'L', 'City is required'],
    ['state', 'W', 'State is required'],
    ['zipCode', '1000', 'ZIP code is required'],
    ['cardHolder', 'JS', 'Cardholder name is required'],
    ['cardNumber', '424242424242424', 'Valid card number is required'],
    ['cardNumber', '42424242424242424', 'Valid card number is required'],
    ['cardExpiry', '05/2', 'Valid expiry date is required (MM/YY)'],
    ['cardCvc', '12', 'Valid CVC is required'],
  ])('%s = %j fails with "%s"', async (field, value, message) => {
    await expect(checkoutSchema.validate({ ...valid, [field]: value })).rejects.toThrow(message);
  });

  it('accepts a complete form', async () => {
    await expect(checkoutSchema.validate(valid)).resolves.toEqual(valid);
  });

  it('takes an optional PO number by the API\'s rules; a practice that requires one makes it required (issue 36)', async () => {
    await expect(checkoutSchema.validate({ ...valid, poNumber: '' })).resolves.toBeTruthy();
    await expect(checkoutSchema.validate({ ...valid, poNumber: 'PO-2026/17' })).resolves.toBeTruthy();
    await expect(checkoutSchema.validate({ ...valid, poNumber: 'P'.repeat(36) })).rejects.toThrow('At most 35 characters');
    await expect(checkoutSchema.validate({ ...valid, poNumber: 'PO<1>' })).rejects.toThrow('Use letters, digits, spaces and . _ / # - only');
    await expect(checkoutSchemaFor(true).validate({ ...valid, poNumber: ' ' })).rejects.toThrow('Your practice requires a PO number');
    await expect(checkoutSchemaFor(true).validate({ ...valid, poNumber: 'PO 1' })).resolves.toBeTruthy();
  });

  it('asks for no card fields from a practice on invoice terms (issue 36)', async () => {
    const noCard = { ...valid, cardHolder: '', cardNumber: '', cardExpiry: '', cardCvc: '' };
    await expect(checkoutSchema.validate(noCard)).rejects.toThrow();
    await expect(checkoutSchemaFor(false, true).validate(noCard)).resolves.toBeTruthy();
    await expect(checkoutSchemaFor(true, true).validate(noCard)).rejects.toThrow('Your practice requires a PO number');
  });
});

describe('the checkout form', () => {
  it('shows every message under its field on submit, and submits nothing', async () => {
    const onSubmit = jest.fn(async () => undefined);
    renderAt('/checkout', <CheckoutForm onSubmit={onSubmit} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Complete Order' }));
    });
    for (const message of MESSAGES) expect(await screen.findByText(message)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the first invalid field after a refused submit, in page order', async () => {
    renderAt('/checkout', <CheckoutForm onSubmit={jest.fn(async () => undefined)} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Complete Order' }));
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Full Name')));
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Dr. Jane Smith' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Complete Order' }));
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Address')));
  });

  it('shows a message on blur, keeps card digits only and formats MM/YY as typed, and masks the CVC', async () => {
    renderAt('/checkout', <CheckoutForm onSubmit={jest.fn(async () => undefined)} />);
    const name = screen.getByLabelText('Full Name');
    fireEvent.change(name, { target: { value: 'Jo' } });
    fireEvent.blur(name);
    expect(await screen.findByText('Full name is required')).toBeTruthy();

    const card = screen.getByLabelText('Card Number') as HTMLInputElement;
    fireEvent.change(card, { target: { value: '4242 4242 4242 4242 99' } });
    await waitFor(() => expect(card.value).toBe('4242424242424242'));
    const expiry = screen.getByLabelText('Expiry Date') as HTMLInputElement;
    fireEvent.change(expiry, { target: { value: '0528' } });
    await waitFor(() => expect(expiry.value).toBe('05/28'));
    expect(expiry.placeholder).toBe('MM/YY');
    expect((screen.getByLabelText('CVC') as HTMLInputElement).type).toBe('password');
    expect(card.getAttribute('inputmode')).toBe('numeric');
    expect(card.getAttribute('autocomplete')).toBe('cc-number');
  });

  it('shows Processing... and disables the button while the order is placed', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderAt('/checkout', <CheckoutForm onSubmit={onSubmit} />);
    const labels: Record<string, string> = {
      fullName: 'Full Name',
      email: 'Email',
      address: 'Address',
      city: 'City',
      state: 'State',
      zipCode: 'ZIP Code',
      cardHolder: 'Cardholder Name',
      cardNumber: 'Card Number',
      cardExpiry: 'Expiry Date',
      cardCvc: 'CVC',
    };
    for (const [field, label] of Object.entries(labels)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value: valid[field as keyof typeof valid] } });
    }
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Complete Order' }));
    });
    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect((processing as HTMLButtonElement).disabled).toBe(true);
    expect(onSubmit).toHaveBeenCalledWith({ ...valid, shipTo: 'new', saveAddress: false, addressLabel: '' }, expect.anything());
    await act(async () => finish());
  });
});

describe('the checkout form for a signed-in shopper (issue 32)', () => {
  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

  it('starts filled in: name and email from the account, the address from the latest order; the card stays empty', async () => {
    const latest = order({ number: 'DM-LATEST', shipping: { fullName: 'Dr. Jane Smith', email: 'orders@smith.example', address: '4 Quay Road', city: 'York', state: 'NY', zipCode: '10002' } });
    const seen = fakeApi((request) => {
      if (request.path.startsWith('/api/orders?')) return { status: 200, body: { orders: [{ number: 'DM-LATEST', status: 'placed', email: latest.email, full_name: 'Dr. Jane Smith', total: '231.00', line_count: 2, created_at: latest.created_at }], total: 1, page: 1, limit: 1 } };
      if (request.path === '/api/orders/DM-LATEST') return { status: 200, body: latest };
      return { status: 404 };
    });
    renderAt('/checkout', <CheckoutForm onSubmit={jest.fn(async () => undefined)} />, { user: customer, cart: [cartLine(1, 'Meridian Chair', '150.00')] });
    await waitFor(() => expect(field('Address').value).toBe('4 Quay Road'));
    expect(field('Full Name').value).toBe('Jane Smith');
    expect(field('Email').value).toBe('jane@example.com');
    expect([field('City').value, field('State').value, field('ZIP Code').value]).toEqual(['York', 'NY', '10002']);
    expect(field('Cardholder Name').value).toBe('');
    // and the practice's ordering settings (issue 36; a 404 here: no PO card)
    expect(seen.map((request) => request.path)).toEqual(['/api/orders?page=1&limit=1', '/api/practice', '/api/orders/DM-LATEST']);
  });

  it('never overwrites what the shopper typed first', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    fakeApi((request) => (request.path.startsWith('/api/orders?') ? new Promise((resolve) => (answer = resolve)) : { status: 404 }));
    renderAt('/checkout', <CheckoutForm onSubmit={jest.fn(async () => undefined)} />, { user: { ...customer, full_name: null } });
    fireEvent.change(field('Full Name'), { target: { value: 'Office Manager' } });
    fireEvent.change(field('Email'), { target: { value: '' } });
    fireEvent.blur(field('Email'));
    await act(async () => answer({ status: 200, body: { orders: [], total: 0, page: 1, limit: 1 } }));
    expect(field('Full Name').value).toBe('Office Manager');
    expect(field('Email').value).toBe('');
  });

  it("shows the order's total beside Complete Order (on a phone the summary is below the form)", () => {
    fakeApi(() => ({ status: 404 }));
    renderAt('/checkout', <CheckoutForm onSubmit={jest.fn(async () => undefined)} />, { cart: [cartLine(1, 'Meridian Chair', '150.00', 2)] });
    // $300 + $15 shipping + 8% tax on the subtotal ($24)
    expect(screen.getByTestId('total-beside-button').textContent).toBe('$339.00');
  });
});
