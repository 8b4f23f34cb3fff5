/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CategoryManager } from './CategoryManager.js';
import { category, deferred, renderWithStore, stubFetch, type Answer, type Call } from './testSupport.js';

const imaging = category(1, 'Imaging', 2, 'Intraoral cameras and sensors');
const implants = category(2, 'Implants', 0, 'Titanium fixtures');
const software = category(3, 'Practice Software', 1, 'Scheduling and IMAGING archives');
const all = [imaging, implants, software];

/** GETs of the category list answer `list`; every other call answers `reply`. */
const serve = (reply: (call: Call) => Answer = () => ({ status: 200, body: {} }), list = all) =>
  stubFetch((call) => (call.method === 'GET' && call.path.startsWith('/api/categories') ? { status: 200, body: list } : reply(call)));

const renderManager = (categories: typeof all | null = all) => renderWithStore(<CategoryManager productType="affiliate" />, categories);
const rowNames = () => screen.queryAllByTestId('categories-row').map((row) => within(row).getAllByText(/./)[0]?.textContent);
/** Delete waits while the category's contents are checked; then it is clicked. */
async function confirmDelete(dialog: HTMLElement) {
  const remove = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
  await waitFor(() => expect(remove.disabled).toBe(false));
  fireEvent.click(remove);
}
/** What the drag library tells a screen reader (its live region): each step of a keyboard drag has landed. */
const announced = (text: RegExp) => waitFor(() => expect(document.body.textContent).toMatch(text));

/** A keyboard drag, as a user without a mouse reorders: lift with space, arrow down `steps` times, then `end` (space drops, Escape cancels). */
async function dragDown(name: string, steps: number, end: 'drop' | 'cancel' = 'drop') {
  const handle = screen.getByLabelText(`Drag to reorder ${name}`);
  handle.focus();
  fireEvent.keyDown(handle, { key: ' ', code: 'Space', keyCode: 32 });
  await announced(/You have lifted an item in position (\d+)/);
  const start = Number(/You have lifted an item in position (\d+)/.exec(document.body.textContent!)![1]);
  for (let i = 1; i <= steps; i += 1) {
    fireEvent.keyDown(handle, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
    await announced(new RegExp(`to position ${start + i}`));
  }
  if (end === 'drop') fireEvent.keyDown(handle, { key: ' ', code: 'Space', keyCode: 32 });
  else fireEvent.keyDown(handle, { key: 'Escape', code: 'Escape', keyCode: 27 });
  await announced(end === 'drop' ? /You have dropped the item/ : /Movement cancelled/);
}

describe('SPEC §2 category management list', () => {
  it('shows each category with its description, subcategory count and three labelled buttons', async () => {
    serve();
    await renderManager();
    expect(rowNames()).toEqual(['Imaging', 'Implants', 'Practice Software']);
    expect(screen.getByText('Intraoral cameras and sensors')).toBeTruthy();
    expect(screen.getByText('2 subcategories')).toBeTruthy();
    expect(screen.getByText('1 subcategory')).toBeTruthy();
    for (const label of ['Manage subcategories for Imaging', 'Edit Imaging', 'Delete Imaging']) expect(screen.getByRole('button', { name: label })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add New Category' })).toBeTruthy();
  });

  it('keeps the subcategory count with the name, where it wraps below it on a phone instead of covering it', async () => {
    serve();
    await renderManager();
    const row = screen.getAllByTestId('categories-row')[0];
    const text = within(row).getByTestId('category-text');
    expect(within(text).getByText('Imaging')).toBeTruthy();
    expect(within(text).getByText('2 subcategories')).toBeTruthy();
  });

  it('filters by name or description ignoring case, says when nothing matches, and says why dragging is off', async () => {
    serve();
    await renderManager();
    const search = screen.getByPlaceholderText('Search categories...');
    fireEvent.change(search, { target: { value: 'imaging' } });
    expect(rowNames()).toEqual(['Imaging', 'Practice Software']); // the second by its description
    expect(screen.getByText('Clear the search to reorder categories.')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'TITANIUM' } });
    expect(rowNames()).toEqual(['Implants']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('No categories found')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    expect(rowNames()).toHaveLength(3);
    expect(screen.queryByText('Clear the search to reorder categories.')).toBeNull();
  });

  it("says 'Loading category data...' while loading and 'No categories found' for an empty type", async () => {
    const list = deferred();
    stubFetch(() => list.promise);
    await renderManager(null);
    expect(screen.getByText('Loading category data...')).toBeTruthy();
    await act(async () => list.settle({ status: 200, body: [] }));
    expect(await screen.findByText('No categories found')).toBeTruthy();
  });
});

describe('SPEC §4 category reorder', () => {
  it('shows the new order at once, then restores it and says so when the save fails', async () => {
    const save = deferred();
    const { calls } = serve(() => save.promise);
    await renderManager();
    await dragDown('Imaging', 1);
    expect(rowNames()).toEqual(['Implants', 'Imaging', 'Practice Software']);
    expect(calls).toContainEqual({ method: 'PATCH', path: '/api/admin/categories/1/order', body: { sortOrder: 1 } });
    await act(async () => save.settle({ status: 500, body: { statusCode: 500, message: 'Internal server error' } }));
    expect(await screen.findByText('Failed to update category order')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(rowNames()).toEqual(['Imaging', 'Implants', 'Practice Software']);
  });

  it("keeps the new order after a save, until the refetched list (the server's order) arrives", async () => {
    const { calls } = serve(() => ({ status: 200, body: [] }), [implants, software, imaging]);
    await renderManager();
    await dragDown('Imaging', 2);
    expect(calls).toContainEqual({ method: 'PATCH', path: '/api/admin/categories/1/order', body: { sortOrder: 2 } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1));
    expect(rowNames()).toEqual(['Implants', 'Practice Software', 'Imaging']);
    expect(screen.queryByText('Failed to update category order')).toBeNull();
  });

  it('does nothing for a cancelled drag (no drop target) or while a search is active', async () => {
    const { calls } = serve();
    await renderManager();
    await dragDown('Imaging', 1, 'cancel');
    expect(rowNames()).toEqual(['Imaging', 'Implants', 'Practice Software']);
    fireEvent.change(screen.getByPlaceholderText('Search categories...'), { target: { value: 'im' } });
    // while a search is active the rows cannot be lifted: the keys do nothing
    const handle = screen.getByLabelText('Drag to reorder Imaging');
    handle.focus();
    for (const key of [' ', 'ArrowDown', ' ']) fireEvent.keyDown(handle, { key, code: key === ' ' ? 'Space' : key, keyCode: key === ' ' ? 32 : 40 });
    await act(async () => undefined);
    expect(document.body.textContent).not.toMatch(/You have lifted an item/);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

describe('SPEC §4/§5 category create and edit dialog', () => {
  it('requires name and description, then POSTs them with the icon and the manager’s product type', async () => {
    const { calls } = serve(() => ({ status: 201, body: category(9, 'Lab Services') }));
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Add New Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Category' });
    expect((within(dialog).getByRole('combobox', { name: /Icon/ }) as HTMLElement).textContent).toContain('fa-folder');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Description is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Lab Services' } });
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Crowns and bridges' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Icon/ }));
    fireEvent.click(await screen.findByRole('option', { name: /fa-tooth/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('Category Created')).toBeTruthy();
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/admin/categories',
      body: { name: 'Lab Services', description: 'Crowns and bridges', icon: 'fa-tooth', product_type: 'affiliate' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the form starts empty again after a create
    fireEvent.click(screen.getByRole('button', { name: 'Add New Category' }));
    expect(((await screen.findByLabelText(/^Name/)) as HTMLInputElement).value).toBe('');
  });

  it("keeps the dialog open and toasts the server's message when the create is refused", async () => {
    serve(() => ({ status: 409, body: { statusCode: 409, message: 'A category with this name already exists', error: 'Conflict' } }));
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Add New Category' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Imaging' } });
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Again' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('Failed to create category: A category with this name already exists')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add New Category' })).toBeTruthy();
  });

  it('edits with the current values filled in and PUTs the changes', async () => {
    const { calls } = serve(() => ({ status: 200, body: imaging }));
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Imaging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    expect((within(dialog).getByLabelText(/^Description/) as HTMLTextAreaElement).value).toBe('Intraoral cameras and sensors');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Imaging & X-ray' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Category Updated')).toBeTruthy();
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: '/api/admin/categories/1',
      body: { name: 'Imaging & X-ray', description: 'Intraoral cameras and sensors', icon: 'fa-folder', product_type: 'affiliate' },
    });
  });
});

describe('issue 32: closing a category dialog with unsaved changes', () => {
  it("closes at once without changes; with a typed name Escape asks 'Discard changes?', and 'Discard' closes", async () => {
    serve();
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Imaging' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Edit Category' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Add New Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Category' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Lab Services' } });
    fireEvent.keyDown(within(dialog).getByLabelText(/^Name/), { key: 'Escape' });
    const asked = within(await screen.findByRole('dialog', { name: 'Discard changes?' }));
    fireEvent.click(asked.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Lab Services');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('SPEC §9 category delete confirmation', () => {
  it('warns, and reports the 409 the server gives while products still belong to the category', async () => {
    const { calls } = serve(() => ({ status: 409, body: { statusCode: 409, message: 'Cannot delete a category with 4 products', error: 'Conflict' } }));
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Imaging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toMatch(/Products in this category may be affected/);
    expect(dialog.textContent).toMatch(/cannot be undone/);
    await confirmDelete(dialog);
    expect(await screen.findByText('Failed to delete category: Cannot delete a category with 4 products')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/api/admin/categories/1', body: undefined }]);
  });

  it('says how many products the category has and keeps Delete off while it has any', async () => {
    const { calls } = serve((call) => (call.path === '/api/admin/categories/1/usage' ? { status: 200, body: { product_count: 12, subcategory_count: 2 } } : { status: 200, body: {} }));
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Imaging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await within(dialog).findByText('This category has 12 products. Move or delete them before deleting the category.');
    expect((within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('names the subcategories that go with an empty category, then deletes it', async () => {
    const { calls } = serve((call) =>
      call.method === 'GET' ? { status: 200, body: { product_count: 0, subcategory_count: 2 } } : { status: 200, body: { message: 'Category deleted' } },
    );
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Imaging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await within(dialog).findByText(/Its 2 subcategories will be deleted too\./);
    expect(dialog.textContent).toMatch(/permanently delete the category "Imaging".*This action cannot be undone\./);
    const remove = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(false);
    fireEvent.click(remove);
    expect(await screen.findByText('Category Deleted')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/api/admin/categories/1' });
  });

  it("deletes on confirmation and says 'Category Deleted'; Cancel deletes nothing", async () => {
    const { calls } = serve(() => ({ status: 200, body: { success: true } }));
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Implants' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Implants' }));
    await confirmDelete(await screen.findByRole('dialog'));
    expect(await screen.findByText('Category Deleted')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ method: 'DELETE', path: '/api/admin/categories/2' });
  });

  it('gives the session-expired text for a 401', async () => {
    serve(() => ({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } }));
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Implants' }));
    await confirmDelete(await screen.findByRole('dialog'));
    expect(await screen.findByText('Failed to delete category: Your session has expired. Please log in again.')).toBeTruthy();
  });
});
