/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminProductRow, ProductType } from '@dentalmarket/contracts';
import { changeMediaQueries, screenWidth } from '@dentalmarket/ui/testing';
import { category, renderWithStore, stubFetch, type Call } from '../categories/testSupport.js';
import { ProductManager } from './ProductManager.js';

const row = (id: number, product_type: ProductType, price: string, name = `Product ${String(id).padStart(2, '0')}`): AdminProductRow => ({
  id, name, description: 'D', price, image_url: null, image_data: null, image_type: null, category_id: 1, subcategory_id: null,
  manufacturer: 'M', specifications: {}, product_type, external_link: null, affiliate_link: product_type === 'affiliate' ? 'https://partner.example' : null,
  service_details: null, features: [], is_featured: false, is_new: false, rating: null, reviews_count: 0, created_at: '2026-01-01T00:00:00Z',
  slug: `p-${id}`, in_stock: true, delivery_time: null, warranty: null, category_name: 'Imaging', subcategory_name: null,
});

const catalogue = Array.from({ length: 84 }, (_v, i) => row(i + 1, 'equipment', '100.00'));

/** The admin list answers one page of `products` as the server pages it; the categories list answers two categories. */
function serve(products: AdminProductRow[] = catalogue, reply: (call: Call) => { status: number; body: unknown } | undefined = () => undefined) {
  return stubFetch((call) => {
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/api/admin/products' && call.method === 'GET') {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return { status: 200, body: { products: products.slice((page - 1) * limit, page * limit), total: products.length, page, limit } };
    }
    const one = /^\/api\/products\/(\d+)$/.exec(url.pathname);
    if (one) return { status: 200, body: products.find((p) => p.id === Number(one[1])) };
    if (url.pathname === '/api/categories') return { status: 200, body: [category(1, 'Imaging'), category(2, 'Implants')] };
    return reply(call) ?? { status: 404, body: { message: 'not served' } };
  });
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/admin/products')).map((c) => new URL(c.path, 'http://localhost').searchParams);
const render = () => renderWithStore(<ProductManager />, null);

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}


describe('admin products grid', () => {
  afterEach(() => screenWidth(false));

  it("shows the price the shop shows: an affiliate's stored price, 'Get a Quote' for a service without one", async () => {
    serve([row(1, 'affiliate', '249.00', 'Partner Scanner'), row(2, 'service', '0.00', 'Chair Repair'), row(3, 'affiliate', '0.00', 'Partner Gloves')]);
    await render();
    const cell = async (name: string) => within((await screen.findByText(name)).closest('[role="row"]') as HTMLElement);
    expect((await cell('Partner Scanner')).getByText('$249.00')).toBeTruthy();
    expect((await cell('Chair Repair')).getByText('Get a Quote')).toBeTruthy();
    expect((await cell('Partner Gloves')).getByText('See partner site')).toBeTruthy();
    expect(screen.queryByText('$0.00')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View Partner Scanner' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Partner Scanner' }));
    expect(await dialog.findByText('$249.00')).toBeTruthy();
    expect(dialog.getByText('Sourced from partner')).toBeTruthy();
  });

  it('goes back to page 1 when the rows per page change', async () => {
    const { calls } = serve();
    await render();
    expect(await screen.findByText('1–10 of 84')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('11–20 of 84')).toBeTruthy();
    await choose('Rows per page:', '50');
    expect(await screen.findByText('1–50 of 84')).toBeTruthy();
    const last = listCalls(calls).at(-1)!;
    expect([last.get('page'), last.get('limit')]).toEqual(['1', '50']);
  });

  it('filters by type, category and stock with the list endpoint\'s params, from page 1', async () => {
    const { calls } = serve();
    await render();
    await screen.findByText('1–10 of 84');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('11–20 of 84');
    await choose('Type', 'Affiliate');
    await choose('Category', 'Implants');
    await choose('Stock', 'Out of stock');
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('inStock')).toBe('false'));
    const last = listCalls(calls).at(-1)!;
    expect(Object.fromEntries(['productType', 'categoryId', 'inStock', 'page'].map((k) => [k, last.get(k)]))).toEqual({ productType: 'affiliate', categoryId: '2', inStock: 'false', page: '1' });
    await choose('Stock', 'In stock');
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('inStock')).toBe('true'));
    await choose('Stock', 'All stock');
    await waitFor(() => expect(listCalls(calls).at(-1)!.has('inStock')).toBe(false));
  });

  it("moves focus to 'Add New Product' after a delete, not to the page body", async () => {
    let products = [row(1, 'equipment', '10.00', 'Old Lamp'), row(2, 'equipment', '20.00', 'New Lamp')];
    // the list answers `products` as it is at each call
    stubFetch((call) => {
      const url = new URL(call.path, 'http://localhost');
      if (call.method === 'DELETE') {
        products = products.filter((p) => `/api/admin/products/${p.id}` !== url.pathname);
        return { status: 200, body: { message: 'Product deleted' } };
      }
      return { status: 200, body: { products, total: products.length, page: 1, limit: 10 } };
    });
    await render();
    const remove = await screen.findByRole('button', { name: 'Delete Old Lamp' });
    act(() => remove.focus());
    fireEvent.click(remove);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Product' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Product Deleted');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Old Lamp' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add New Product' }));
  });

  it("'Export CSV' downloads what the grid shows: its search and filters, and in a subcategory's dialog that subcategory", async () => {
    const { calls } = serve();
    await render();
    await screen.findByText('1–10 of 84');
    const exportHref = () => new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!);
    expect(exportHref().pathname).toBe('/api/admin/products/export.csv');
    expect(exportHref().search).toBe('');
    expect(screen.getByRole('link', { name: 'Export CSV' }).hasAttribute('download')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search products' }), { target: { value: ' lamp ' } });
    await choose('Type', 'Equipment');
    await choose('Category', 'Implants');
    await choose('Stock', 'In stock');
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('inStock')).toBe('true'));
    expect(Object.fromEntries(exportHref().searchParams)).toEqual({ search: 'lamp', productType: 'equipment', categoryId: '2', inStock: 'true' });
    // the grid's own list asked for the same products
    const last = listCalls(calls).at(-1)!;
    expect(['search', 'productType', 'categoryId', 'inStock'].map((k) => last.get(k))).toEqual(['lamp', 'equipment', '2', 'true']);
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeTruthy();
  });

  it("offers 'Import CSV' on the product screen only, not in a subcategory's products dialog", async () => {
    serve();
    await renderWithStore(<ProductManager subcategoryId={7} categoryId={2} productType="affiliate" />, null);
    await screen.findByText('1–10 of 84');
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add New Product' })).toBeTruthy();
    const href = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!);
    expect(Object.fromEntries(href.searchParams)).toEqual({ subcategoryId: '7', productType: 'affiliate' });
  });

  it('keeps the whole name and the actions on a phone, the other columns written under the name', async () => {
    screenWidth(true);
    const long = 'Planmeca ProMax 3D Classic Cone Beam Imaging Unit with Ceph Arm';
    serve([row(1, 'affiliate', '249.00', long), { ...row(2, 'equipment', '12.50', 'Gloves'), in_stock: false }]);
    await render();
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    await waitFor(() => expect(headers()).toEqual(['Name', 'Actions']));
    const rowOf = async (name: string) => within((await screen.findByText(name)).closest('[role="row"]') as HTMLElement);
    // the name is not cut: it wraps in a row as tall as it needs
    const name = await screen.findByText(long);
    expect(getComputedStyle(name.parentElement!).whiteSpace).toBe('normal');
    expect((await rowOf(long)).getByText('Affiliate · Imaging · $249.00')).toBeTruthy();
    expect((await rowOf('Gloves')).getByText('Equipment · Imaging · $12.50 · Out of stock')).toBeTruthy();
    for (const action of ['View', 'Edit', 'Delete']) expect((await rowOf(long)).getByRole('button', { name: `${action} ${long}` })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Gloves' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows every column on a wider screen, and again when a phone turns into one', async () => {
    screenWidth(true);
    serve([row(1, 'equipment', '100.00', 'Lamp')]);
    await render();
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    await waitFor(() => expect(headers()).toEqual(['Name', 'Actions']));
    act(() => changeMediaQueries(() => false));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Type', 'Category', 'Price', 'In Stock', 'Actions']));
    expect(within(screen.getByText('Lamp').closest('[role="row"]') as HTMLElement).getByText('$100.00')).toBeTruthy();
    expect(screen.queryByText('Equipment · Imaging · $100.00')).toBeNull();
  });
});
