/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Product } from '@dentalmarket/contracts';
import { category, deferred, renderWithStore, stubFetch, type Answer, type Call } from '../categories/testSupport.js';
import { ProductFormDialog } from './ProductFormDialog.js';

const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create Product' }));

const stored: Product = {
  id: 5, name: 'Apex Chair', description: 'A chair', price: '100.00', image_url: '/media/old.png', image_data: null, image_type: 'image/png',
  category_id: 1, subcategory_id: null, manufacturer: 'Apex', specifications: {}, product_type: 'equipment', external_link: null,
  affiliate_link: null, service_details: null, features: [], is_featured: false, is_new: false, rating: null, reviews_count: 0,
  created_at: '2026-01-01T00:00:00Z', slug: 'apex-chair', in_stock: true, delivery_time: null, warranty: null,
};

/** Product 5 as stored; a PUT answers `update` (by default the saved product); category lists answer one category. */
function serveProduct(update: (call: Call) => Answer = (call) => ({ status: 200, body: { ...stored, ...(call.body as object) } })) {
  return stubFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/products/5') return { status: 200, body: stored };
    if (call.method === 'PUT') return update(call);
    return { status: 200, body: [category(1, 'Imaging')] };
  });
}

/** The edit dialog of product 5, once its form shows. */
async function renderEdit(onClose: () => void = () => undefined) {
  const rendered = await renderWithStore(<ProductFormDialog open productId={5} onClose={onClose} />, null);
  await screen.findByRole('textbox', { name: 'Product Name' });
  return rendered;
}

const imageUrl = () => screen.getByRole('textbox', { name: 'Image URL' }) as HTMLInputElement;
const typeImageUrl = (url: string) => fireEvent.change(imageUrl(), { target: { value: url } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');
const question = () => screen.queryByRole('dialog', { name: 'Discard changes?' });
const answer = async (button: 'Keep editing' | 'Discard') => {
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: button }));
  await waitFor(() => expect(question()).toBeNull());
};

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

describe('issue 32: an Image URL typed without pressing Set URL', () => {
  it("is saved with the product, as 'Set URL' would set it", async () => {
    const { calls } = serveProduct();
    await renderEdit();
    expect(imageUrl().value).toBe('/media/old.png');
    typeImageUrl(' https://cdn.example/new.png ');
    save();
    expect(await screen.findByText('Product Updated')).toBeTruthy();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0].body).toMatchObject({ image_url: 'https://cdn.example/new.png', image_type: null });
  });

  it('is kept when the tabs change', async () => {
    stubFetch(() => ({ status: 200, body: [category(1, 'Imaging')] }));
    await renderWithStore(<ProductFormDialog open onClose={() => undefined} />, null);
    fireEvent.click(screen.getByRole('button', { name: 'URL' }));
    typeImageUrl('https://cdn.example/typed.png');
    fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.queryByRole('textbox', { name: 'Image URL' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Basic Info' }));
    expect(await screen.findByDisplayValue('https://cdn.example/typed.png')).toBe(imageUrl());
  });

  it("refuses a save when emptied, as 'Set URL' refuses: its tab opens, the field takes the focus and says why", async () => {
    const { calls } = serveProduct();
    await renderEdit();
    typeImageUrl('');
    fireEvent.click(screen.getByRole('tab', { name: 'Features' }));
    save();
    await waitFor(() => expect(document.activeElement).toBe(imageUrl()));
    expect(screen.getByRole('tab', { name: 'Basic Info' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Please enter a valid image URL.')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
    expect(screen.queryByText('Product Updated')).toBeNull();
  });
});

describe('issue 32: closing the product dialog with unsaved changes', () => {
  it("closes at once without changes; with a change (a typed image URL is one) Cancel, Escape and a click outside ask 'Discard changes?'", async () => {
    stubFetch(() => ({ status: 200, body: [category(1, 'Imaging')] }));
    const onClose = jest.fn();
    await renderWithStore(<ProductFormDialog open onClose={onClose} />, null);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(question()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'URL' }));
    typeImageUrl('https://cdn.example/typed.png');
    fireEvent.keyDown(imageUrl(), { key: 'Escape' });
    await answer('Keep editing');
    const container = screen.getByRole('dialog', { name: 'Add New Product' }).parentElement as HTMLElement;
    fireEvent.mouseDown(container);
    fireEvent.click(container);
    await answer('Keep editing');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(imageUrl().value).toBe('https://cdn.example/typed.png');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await answer('Discard');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('closes without asking after a successful save', async () => {
    serveProduct();
    const onClose = jest.fn();
    await renderEdit(onClose);
    fireEvent.change(screen.getByRole('textbox', { name: 'Product Name' }), { target: { value: 'Apex Chair Pro' } });
    save();
    expect(await screen.findByText('Product Updated')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(question()).toBeNull();
  });

  it('keeps the form with what was typed while the product is fetched again after a failed save', async () => {
    const refetch = deferred();
    let gets = 0;
    stubFetch((call) => {
      if (call.method === 'PUT') return { status: 409, body: { statusCode: 409, message: 'Slug already in use' } };
      if (call.path === '/api/products/5') return (gets += 1) === 1 ? { status: 200, body: stored } : refetch.promise;
      return { status: 200, body: [category(1, 'Imaging')] };
    });
    await renderEdit();
    fireEvent.change(screen.getByRole('textbox', { name: 'Product Name' }), { target: { value: 'Apex Chair Pro' } });
    save();
    expect(await screen.findByText('Slug already in use')).toBeTruthy();
    await waitFor(() => expect(gets).toBe(2));
    // a failed save invalidates the product too: the refetch used to swap the form for a spinner and back, unchanged
    expect(screen.queryByRole('progressbar', { name: 'Loading product' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Product Name' }) as HTMLInputElement).value).toBe('Apex Chair Pro');
    await act(async () => refetch.settle({ status: 200, body: stored }));
    expect((screen.getByRole('textbox', { name: 'Product Name' }) as HTMLInputElement).value).toBe('Apex Chair Pro');
  });
});
