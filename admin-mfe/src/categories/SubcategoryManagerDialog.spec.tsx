/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CategoryManager } from './CategoryManager.js';
import { SubcategoryManagerDialog } from './SubcategoryManagerDialog.js';
import { category, deferred, renderWithStore, stubFetch, subcategory, type Answer, type Call } from './testSupport.js';

const imaging = category(1, 'Imaging', 2);
const implants = category(2, 'Implants', 0);
const sensors = subcategory(10, 'Sensors', 1);
const cameras = subcategory(11, 'Intraoral Cameras', 1);

/** The lists answer from fixtures (the product manager's grid empty); every other call answers `reply`. */
const serve = (reply: (call: Call) => Answer = () => ({ status: 200, body: {} })) =>
  stubFetch((call) => {
    if (call.method !== 'GET') return reply(call);
    if (call.path.startsWith('/api/categories')) return { status: 200, body: [imaging, implants] };
    if (call.path.startsWith('/api/subcategories')) return { status: 200, body: [sensors, cameras] };
    if (call.path.startsWith('/api/admin/products')) return { status: 200, body: { products: [], total: 0, page: 1, limit: 10 } };
    return reply(call);
  });

const renderDialog = (subcategories: typeof sensors[] | null = [sensors, cameras]) =>
  renderWithStore(<SubcategoryManagerDialog open productType="affiliate" category={imaging} onClose={() => undefined} />, [imaging, implants], subcategories ? { 1: subcategories } : {});
const rowNames = () => screen.queryAllByTestId('subcategories-row').map((row) => within(row).getAllByText(/./)[0]?.textContent);
/** What the drag library tells a screen reader (its live region): each step of a keyboard drag has landed. */
const announced = (text: RegExp) => waitFor(() => expect(document.body.textContent).toMatch(text));

describe("SPEC §2 'Manage Subcategories for {category}'", () => {
  it("opens from the category's row, titled with the category's name", async () => {
    serve();
    await renderWithStore(<CategoryManager productType="affiliate" />, [imaging, implants], { 1: [sensors, cameras] });
    fireEvent.click(screen.getByRole('button', { name: 'Manage subcategories for Imaging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Subcategories for Imaging' });
    expect(within(dialog).getByPlaceholderText('Search subcategories...')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Add New Subcategory' })).toBeTruthy();
    for (const label of ['Manage products for Sensors', 'Edit Sensors', 'Delete Sensors']) expect(within(dialog).getByRole('button', { name: label })).toBeTruthy();
  });

  it('filters by name or description, and says when nothing matches', async () => {
    serve();
    await renderDialog();
    const search = screen.getByPlaceholderText('Search subcategories...');
    fireEvent.change(search, { target: { value: 'CAMERA' } });
    expect(rowNames()).toEqual(['Intraoral Cameras']);
    expect(screen.getByText('Clear the search to reorder subcategories.')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(screen.getByText('No subcategories found')).toBeTruthy();
  });

  it("says 'Loading subcategory data...' until the list arrives", async () => {
    const list = deferred();
    stubFetch(() => list.promise);
    await renderDialog(null);
    expect(screen.getByText('Loading subcategory data...')).toBeTruthy();
    await act(async () => list.settle({ status: 200, body: [] }));
    expect(await screen.findByText('No subcategories found')).toBeTruthy();
  });

  it("restores the order and says 'Failed to update subcategory order' when a reorder is refused", async () => {
    const { calls } = serve(() => ({ status: 500, body: { statusCode: 500, message: 'Internal server error' } }));
    await renderDialog();
    const handle = screen.getByLabelText('Drag to reorder Sensors');
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space', keyCode: 32 });
    await announced(/You have lifted an item in position 1/);
    fireEvent.keyDown(handle, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
    await announced(/to position 2/);
    fireEvent.keyDown(handle, { key: ' ', code: 'Space', keyCode: 32 });
    expect(await screen.findByText('Failed to update subcategory order')).toBeTruthy();
    expect(calls).toContainEqual({ method: 'PATCH', path: '/api/admin/subcategories/10/order', body: { sortOrder: 1 } });
    expect(rowNames()).toEqual(['Sensors', 'Intraoral Cameras']);
  });

  it('creates a subcategory under the managed category after the required fields are filled', async () => {
    const { calls } = serve(() => ({ status: 201, body: subcategory(12, 'Cables', 1) }));
    await renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Add New Subcategory' }));
    const form = await screen.findByRole('dialog', { name: 'Add New Subcategory' });
    expect(within(form).getByRole('combobox', { name: /Parent category/ }).textContent).toBe('Imaging');
    fireEvent.click(within(form).getByRole('button', { name: 'Create Subcategory' }));
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Description is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Cables' } });
    fireEvent.change(within(form).getByLabelText(/^Description/), { target: { value: 'Sensor cables' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Subcategory' }));
    expect(await screen.findByText('Subcategory Created')).toBeTruthy();
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/admin/subcategories', body: { name: 'Cables', description: 'Sensor cables', category_id: 1 } });
  });

  it("reports a refused update as 'Failed to update subcategory: {message}'", async () => {
    serve(() => ({ status: 400, body: { statusCode: 400, message: ['name must be shorter than or equal to 100 characters'], error: 'Bad Request' } }));
    await renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Sensors' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Subcategory' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update subcategory: name must be shorter than or equal to 100 characters')).toBeTruthy();
  });

  it('confirms a delete with the warning, then reports it', async () => {
    const { calls } = serve(() => ({ status: 200, body: { success: true } }));
    await renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Sensors' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm.textContent).toMatch(/Products in this subcategory may be affected/);
    expect(confirm.textContent).toMatch(/cannot be undone/);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Subcategory Deleted')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'DELETE', path: '/api/admin/subcategories/10' });
  });

  it("opens 'Manage Products for {subcategory}' from a row", async () => {
    serve();
    await renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Manage products for Intraoral Cameras' }));
    expect(await screen.findByRole('dialog', { name: 'Manage Products for Intraoral Cameras' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Manage Products for Intraoral Cameras' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage Products for Intraoral Cameras' })).toBeNull());
  });
});
