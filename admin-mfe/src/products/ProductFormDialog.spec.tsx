/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { category, renderWithStore, stubFetch } from '../categories/testSupport.js';
import { ProductFormDialog } from './ProductFormDialog.js';

const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));

describe('admin product form focus', () => {
  it('focuses the first invalid field after a submit with errors, on its tab', async () => {
    stubFetch(() => ({ status: 200, body: [category(1, 'Imaging')] }));
    await renderWithStore(<ProductFormDialog open onClose={() => undefined} />, null);
    create();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Product Name' })));
    fireEvent.change(screen.getByRole('textbox', { name: 'Product Name' }), { target: { value: 'Apex Chair' } });
    create();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Manufacturer' })));
    fireEvent.change(screen.getByRole('textbox', { name: 'Manufacturer' }), { target: { value: 'Apex' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Price (USD)' }), { target: { value: '100' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'A chair' } });
    create();
    // the category is the one left: its tab opens and its select takes the focus
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Category/ })));
    expect(screen.getByRole('tab', { name: 'Category' }).getAttribute('aria-selected')).toBe('true');
  });
});
