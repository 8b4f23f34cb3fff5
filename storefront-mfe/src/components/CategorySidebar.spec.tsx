import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Category, Subcategory } from '@dentalmarket/contracts';
import { catalogApi, makeStore } from '@dentalmarket/store';
import { CategorySidebar, type SidebarSelection } from './CategorySidebar.js';

const category = (id: number, name: string, slug: string, subcategory_count: number): Category => ({
  id,
  name,
  slug,
  subcategory_count,
  description: `${name} for the surgery`,
  icon: 'fa-folder',
  product_type: 'equipment',
  sort_order: id,
  created_at: '2026-01-01T00:00:00.000Z',
});
const chairs = category(1, 'Dental Chairs', 'dental-chairs', 2);
const imaging = category(2, 'Imaging', 'imaging', 1);
const stools: Subcategory = { id: 10, name: 'Stools', slug: 'stools', category_id: 1, description: null, sort_order: 0, created_at: '2026-01-01T00:00:00.000Z' };
const sensors: Subcategory = { id: 20, name: 'Intraoral Sensors', slug: 'intraoral-sensors', category_id: 2, description: null, sort_order: 0, created_at: '2026-01-01T00:00:00.000Z' };

beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined; // jsdom has no layout
});

async function renderSidebar(categories: Category[], selection: SidebarSelection = { category: null, subcategory: null }) {
  const store = makeStore(undefined, { persistCart: false });
  await store.dispatch(catalogApi.util.upsertQueryData('getCategories', { productType: 'equipment' }, categories));
  // each category's subcategories are in the store: a selected category's list is never fetched (jsdom has no fetch)
  await store.dispatch(catalogApi.util.upsertQueryData('getSubcategories', 1, [stools]));
  await store.dispatch(catalogApi.util.upsertQueryData('getSubcategories', 2, [sensors]));
  const onSelect = jest.fn();
  const onSearch = jest.fn();
  const view = render(
    <Provider store={store}>
      <CategorySidebar type="equipment" selection={selection} onSelect={onSelect} onSearch={onSearch} />
    </Provider>,
  );
  return { onSelect, onSearch, view };
}

describe('SPEC §2 category sidebar', () => {
  it('lists the type\'s categories with their subcategory counts, and no Clear while nothing is selected', async () => {
    await renderSidebar([chairs, imaging]);
    expect(screen.getByRole('heading', { name: 'Categories' })).toBeTruthy();
    expect(screen.getByLabelText('2 subcategories')).toBeTruthy();
    expect(screen.getByLabelText('1 subcategories')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    expect((screen.getByPlaceholderText('Search categories & products...') as HTMLInputElement).value).toBe('');
  });

  it('selects a category with no subcategory, and a subcategory together with its parent', async () => {
    const { onSelect } = await renderSidebar([chairs, imaging]);
    fireEvent.click(screen.getByRole('button', { name: /^Dental Chairs/ }));
    expect(onSelect).toHaveBeenLastCalledWith({ category: 'dental-chairs', subcategory: null });
    await screen.findByRole('button', { name: 'Stools' }); // selecting expands it
    fireEvent.click(screen.getByRole('button', { name: 'Stools' }));
    expect(onSelect).toHaveBeenLastCalledWith({ category: 'dental-chairs', subcategory: 'stools' });
  });

  it('holds each subcategory in a list item of its list', async () => {
    await renderSidebar([chairs, imaging], { category: 'dental-chairs', subcategory: null });
    const list = await screen.findByRole('list', { name: 'Dental Chairs subcategories' });
    expect([...list.children].map((child) => child.tagName)).toEqual(['LI']);
    expect(within(list).getByRole('listitem').textContent).toBe('Stools');
  });

  it('offers Clear when something is selected', async () => {
    const { onSelect } = await renderSidebar([chairs, imaging], { category: 'imaging', subcategory: null });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onSelect).toHaveBeenLastCalledWith({ category: null, subcategory: null });
  });

  it('reports the search to the page, filters categories, says when none match, and Escape clears', async () => {
    const { onSearch } = await renderSidebar([chairs, imaging]);
    const box = screen.getByPlaceholderText('Search categories & products...');
    fireEvent.change(box, { target: { value: 'imag' } });
    expect(onSearch).toHaveBeenLastCalledWith('imag');
    expect(screen.queryByRole('button', { name: /^Dental Chairs/ })).toBeNull();
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(screen.getByText('No matching categories found')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it("says 'No categories available for equipment products' when the type has none", async () => {
    await renderSidebar([]);
    await waitFor(() => expect(screen.getByText(/No categories available/)).toBeTruthy());
    expect(screen.getByText(/No categories available/).textContent).toBe('No categories availablefor equipment products');
    await act(async () => undefined);
  });
});
