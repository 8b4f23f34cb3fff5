/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, order, renderAt } from '../test/support.js';
import OrderLookup from './OrderLookup.js';

function serve() {
  return fakeApi((request) => {
    if (request.method !== 'POST' || request.path !== '/api/orders/lookup') return { status: 404, body: {} };
    const { number, email } = JSON.parse(request.text);
    return number === 'DM-7K3QX9' && email === 'jane@example.com' ? { status: 200, body: order() } : { status: 404, body: { statusCode: 404, message: 'Not Found' } };
  });
}

async function find(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Find order' }));
  });
}

describe('/orders/lookup', () => {
  it('finds the order by number (filled in from the link) and email, and shows it under the form', async () => {
    const requests = serve();
    renderAt('/orders/lookup?number=DM-7K3QX9', <OrderLookup />);
    expect(screen.getByRole('heading', { level: 1, name: 'Find your order' })).toBeTruthy();
    expect((screen.getByLabelText('Order number') as HTMLInputElement).value).toBe('DM-7K3QX9');
    await find('jane@example.com');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Order DM-7K3QX9' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('region', { name: 'Order total' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Items' })).toBeTruthy();
    expect(JSON.parse(requests[0].text)).toEqual({ number: 'DM-7K3QX9', email: 'jane@example.com' });
  });

  it('says no order matches when the number and email do not', async () => {
    serve();
    renderAt('/orders/lookup?number=DM-7K3QX9', <OrderLookup />);
    await find('someone@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('No order matches that number and email.');
    expect(screen.queryByRole('heading', { name: /^Order DM/ })).toBeNull();
  });

  it('checks the fields first and focuses the first one to fix', async () => {
    const requests = serve();
    renderAt('/orders/lookup', <OrderLookup />);
    await find('not-an-email');
    expect(await screen.findByText('Order number is required')).toBeTruthy();
    expect(screen.getByText('Valid email is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Order number')));
    expect(requests).toHaveLength(0);
  });
});
