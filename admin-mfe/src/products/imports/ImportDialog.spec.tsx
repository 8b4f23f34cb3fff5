/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminProductRow, ImportDetail } from '@dentalmarket/contracts';
import { deferred, renderWithStore } from '../../categories/testSupport.js';
import { ProductManager } from '../ProductManager.js';
import { csvFile, detail, rowError, stubImportFetch, type ImportCall, type Reply } from './importFixtures.js';

const product = (id: number, name: string): AdminProductRow => ({
  id, name, description: 'D', price: '10.00', image_url: null, image_data: null, image_type: null, category_id: 1, subcategory_id: null,
  manufacturer: 'M', specifications: {}, product_type: 'equipment', external_link: null, affiliate_link: null, service_details: null,
  features: [], is_featured: false, is_new: false, rating: null, reviews_count: 0, created_at: '2026-01-01T00:00:00Z', slug: `p-${id}`,
  in_stock: true, delivery_time: null, warranty: null, category_name: 'Imaging', subcategory_name: null,
});

const twoErrors = [rowError(4, 'broken-lamp', 'price', 'Price must be a number'), rowError(6, null, 'category', 'Category "Lasers" does not exist')];

interface Served {
  /** the catalogue the grid lists, as it is at each call */
  products?: () => AdminProductRow[];
  /** the dry run's answer to each POST /api/admin/imports */
  check?: (call: ImportCall) => Reply;
  /** GET /api/admin/imports/:id; by default the last checked import */
  get?: (call: ImportCall) => Reply;
  apply?: (call: ImportCall) => Reply;
  latest?: ImportDetail[];
}

/** The admin API as the contract gives it: the product grid, the categories, and the import endpoints. */
function serve({ products = () => [], check, get, apply, latest = [] }: Served) {
  let checked: ImportDetail | null = null;
  return stubImportFetch(async (call) => {
    const { pathname, searchParams } = call.url;
    if (pathname === '/api/admin/products') {
      const list = products();
      return { status: 200, body: { products: list, total: list.length, page: 1, limit: Number(searchParams.get('limit')) } };
    }
    if (pathname === '/api/categories') return { status: 200, body: [] };
    if (pathname === '/api/admin/imports' && call.method === 'GET') return { status: 200, body: latest };
    if (pathname === '/api/admin/imports' && call.method === 'POST' && check) {
      const reply = await check(call);
      if (reply.status === 201) checked = reply.body as ImportDetail;
      return reply;
    }
    if (/^\/api\/admin\/imports\/[^/]+\/apply$/.test(pathname) && apply) return apply(call);
    if (/^\/api\/admin\/imports\/[^/]+$/.test(pathname) && call.method === 'GET') return get ? get(call) : { status: 200, body: checked };
    return { status: 404, body: { message: 'not served' } };
  });
}

/** Opens the dialog and waits until it knows whether a job of an earlier visit is running. */
async function openImport() {
  fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Import products from CSV' }));
  await waitFor(() => expect(dialog.queryByRole('progressbar', { name: 'Looking for a running import' })).toBeNull());
  return dialog;
}

function choose(dialog: ReturnType<typeof within>, file: File) {
  fireEvent.change(dialog.getByLabelText('CSV file'), { target: { files: [file] } });
}

const figures = (dialog: ReturnType<typeof within>) =>
  within(dialog.getByRole('list', { name: 'What the import would do' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** What is on screen, not only in the live region that announces it. */
const onScreen = (elements: HTMLElement[]) => elements.filter((element) => !element.closest('[role="status"]'));

const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent))
    .filter((cells) => cells.length);

describe('Import products from CSV', () => {
  it('checks the chosen file, shows what it would do, applies it with progress, then reports and refreshes the grid', async () => {
    let catalogue = [product(1, 'Old Lamp')];
    const checking = deferred();
    let finish = false;
    const running = (status: 'queued' | 'applying', done: number) => detail({ status, total: 12_000, progress: { done, total: 12_000 }, counts: { create: 11_000, update: 998, unchanged: 0, error: 2 }, errors: { rows: twoErrors, total: 2, page: 1, limit: 20 } });
    const { calls } = serve({
      products: () => catalogue,
      check: () => checking.promise,
      apply: () => ({ status: 202, body: running('queued', 0) }),
      get: () => {
        if (!finish) return { status: 200, body: running('applying', 4_800) };
        catalogue = [product(1, 'Old Lamp'), product(2, 'New Lamp')];
        const done = running('applying', 12_000);
        return { status: 200, body: { ...done, status: 'applied', result: { create: 11_000, update: 998, unchanged: 0, error: 2 }, finished_at: '2026-03-02T10:05:00.000Z' } };
      },
    });
    await renderWithStore(<ProductManager />, null);
    await screen.findByText('Old Lamp');
    const dialog = await openImport();

    const check = dialog.getByRole('button', { name: 'Check file' });
    expect(check).toHaveProperty('disabled', true);
    expect(dialog.getByRole('link', { name: 'Download template' }).getAttribute('href')).toBe('http://localhost/api/admin/imports/template.csv');
    expect(dialog.getByLabelText('CSV file').getAttribute('accept')).toBe('.csv,text/csv');
    choose(dialog, csvFile('catalogue.csv', 'name,product_type,category,colour\nLamp,equipment,Imaging,red\n'));
    expect(dialog.getByRole('button', { name: 'Choose CSV file' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.getByText(/^catalogue\.csv \(/)).toBeTruthy();
    fireEvent.click(check);

    await waitFor(() => expect(dialog.getByRole('status').textContent).toBe('Checking file…'));
    expect(dialog.getByRole('progressbar', { name: 'Checking file' })).toBeTruthy();
    expect(onScreen(dialog.getAllByText('Checking file…'))).toHaveLength(1);
    const posted = calls.find((c) => c.method === 'POST')!;
    expect(posted.path).toBe('/api/admin/imports');
    expect(posted.form).toEqual({ file: { name: 'catalogue.csv', text: 'name,product_type,category,colour\nLamp,equipment,Imaging,red\n' }, createCategories: 'false' });
    await act(async () =>
      checking.settle({
        status: 201,
        body: detail({ unknownColumns: ['colour', 'notes'], errors: { rows: twoErrors, total: 2, page: 1, limit: 20 } }),
      }),
    );

    const review = await dialog.findByRole('heading', { name: 'Review the check' });
    await waitFor(() => expect(document.activeElement).toBe(review));
    expect(dialog.getByText('Nothing has been changed yet. Review the result, then apply.')).toBeTruthy();
    expect(figures(dialog)).toEqual(['3 to create', '1 to update', '0 unchanged', '2 with errors']);
    expect(dialog.getByRole('status').textContent).toBe('Check finished: 3 to create, 1 to update, 0 unchanged, 2 with errors');
    expect(dialog.getByText('Ignored columns: colour, notes')).toBeTruthy();
    const errors = dialog.getByRole('table', { name: 'Rows with errors' });
    // one landmark of that name (axe's landmark-unique): the section; its scrolling table is a group in it
    expect(dialog.getAllByRole('region', { name: 'Rows with errors' })).toHaveLength(1);
    expect(within(dialog.getByRole('region', { name: 'Rows with errors' })).getByRole('group', { name: 'Rows with errors' }).getAttribute('tabindex')).toBe('0');
    expect(within(errors).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Line', 'Row', 'Column', 'Problem']);
    expect(tableRows(errors)).toEqual([
      ['4', 'broken-lamp', 'price', 'Price must be a number'],
      ['6', '—', 'category', 'Category "Lasers" does not exist'],
    ]);
    // the dry run's answer carried the first page of errors: nothing asked again
    expect(calls.filter((c) => c.method === 'GET' && c.url.pathname.startsWith('/api/admin/imports/'))).toEqual([]);
    const applyButton = dialog.getByRole('button', { name: 'Apply import' });
    expect(dialog.getByText('Rows with errors are skipped.').id).toBe(applyButton.getAttribute('aria-describedby'));
    fireEvent.click(applyButton);

    const progress = await dialog.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('40'));
    expect(progress.getAttribute('aria-valuetext')).toBe('4,800 of 12,000 rows');
    expect(dialog.getByText('4,800 of 12,000 rows')).toBeTruthy();
    expect(document.activeElement).toBe(dialog.getByRole('heading', { name: 'Applying the import' }));
    expect(dialog.getByRole('status').textContent).toBe('Applying the import');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/imports', '/api/admin/imports/imp-1/apply']);
    const listCallsBefore = calls.filter((c) => c.url.pathname === '/api/admin/products').length;

    finish = true;
    const report = 'Import finished: 11,000 created, 998 updated, 0 unchanged, 2 failed';
    await waitFor(() => expect(dialog.getByRole('status').textContent).toBe(report));
    expect(onScreen(dialog.getAllByText(report))).toHaveLength(1);
    expect(tableRows(dialog.getByRole('table', { name: 'Rows that failed' }))).toHaveLength(2);
    // the grid asks again and shows what the import made
    expect(await screen.findByText('New Lamp')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/admin/products').length).toBeGreaterThan(listCallsBefore);
    const pollsAtEnd = calls.filter((c) => c.url.pathname === '/api/admin/imports/imp-1').length;
    expect(calls.filter((c) => c.url.pathname === '/api/admin/imports/imp-1').every((c) => c.url.search === '?errorsPage=1&errorsLimit=20')).toBe(true);

    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // a finished job is not asked about any more
    expect(calls.filter((c) => c.url.pathname === '/api/admin/imports/imp-1').length).toBe(pollsAtEnd);
  });

  it("shows the server's message when it refuses the file, and refuses a file over 50 MB without sending it", async () => {
    const { calls } = serve({ check: () => ({ status: 400, body: { statusCode: 400, message: 'The file is not UTF-8 text: save it as "CSV UTF-8" and try again' } }) });
    await renderWithStore(<ProductManager />, null);
    const dialog = await openImport();
    choose(dialog, csvFile('prices.csv', 'x', 60 * 1024 * 1024));
    expect(dialog.getByRole('alert').textContent).toBe('prices.csv is larger than 50 MB (60 MB). Split it into smaller files.');
    expect(dialog.getByText('No file chosen')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Check file' })).toHaveProperty('disabled', true);

    choose(dialog, csvFile('latin1.csv'));
    expect(dialog.queryByRole('alert')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Check file' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('The file is not UTF-8 text: save it as "CSV UTF-8" and try again');
    expect(dialog.getByRole('heading', { name: 'Choose a file' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.form!.file as { name: string }).name)).toEqual(['latin1.csv']);
  });

  it('says why when a proxy refuses the upload as too large, and when the import cannot be applied', async () => {
    let refuse = true;
    serve({
      check: () => (refuse ? { status: 413, body: '<html><body>413 Request Entity Too Large</body></html>' } : { status: 201, body: detail() }),
      apply: () => ({ status: 409, body: { statusCode: 409, message: 'This import is already being applied' } }),
    });
    await renderWithStore(<ProductManager />, null);
    const dialog = await openImport();
    choose(dialog, csvFile());
    fireEvent.click(dialog.getByRole('button', { name: 'Check file' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('The file is larger than 50 MB. Split it into smaller files.');
    refuse = false;
    fireEvent.click(dialog.getByRole('button', { name: 'Check file' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Apply import' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('This import is already being applied');
    expect(dialog.getByRole('heading', { name: 'Review the check' })).toBeTruthy();
  });

  it('checks the same file again when the create-categories option changes, and says what the missing categories mean', async () => {
    const lasers = { kind: 'category' as const, name: 'Lasers', product_type: 'equipment', parent: null, rows: 2 };
    const diode = { kind: 'subcategory' as const, name: 'Diode', product_type: 'equipment', parent: 'Lasers', rows: 1 };
    const { calls } = serve({
      check: (call) =>
        call.form!.createCategories === 'true'
          ? { status: 201, body: detail({ id: 'imp-2', createCategories: true, counts: { create: 5, update: 1, unchanged: 0, error: 0 }, missingCategories: [lasers, diode] }) }
          : { status: 201, body: detail({ id: 'imp-1', missingCategories: [lasers, diode], errors: { rows: twoErrors, total: 2, page: 1, limit: 20 } }) },
    });
    await renderWithStore(<ProductManager />, null);
    const dialog = await openImport();
    choose(dialog, csvFile('lasers.csv', 'name,product_type,category\nLaser,equipment,Lasers\n'));
    fireEvent.click(dialog.getByRole('button', { name: 'Check file' }));
    await dialog.findByRole('heading', { name: 'Review the check' });
    const missing = within(dialog.getByRole('region', { name: 'Missing categories and subcategories' }));
    expect(missing.getByText('They do not exist, so the rows that name them have errors. Tick the box above to create them.')).toBeTruthy();
    expect(missing.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Category "Lasers" (Equipment), 2 rows', 'Subcategory "Diode" in "Lasers" (Equipment), 1 row']);

    const option = dialog.getByRole('checkbox', { name: 'Create missing categories and subcategories' });
    act(() => option.focus());
    fireEvent.click(option);
    await waitFor(() => expect(figures(dialog)).toEqual(['5 to create', '1 to update', '0 unchanged', '0 with errors']));
    expect(dialog.getByText('They will be created when you apply.')).toBeTruthy();
    expect(dialog.queryByRole('table', { name: 'Rows with errors' })).toBeNull();
    expect(dialog.queryByText('Rows with errors are skipped.')).toBeNull();
    expect(document.activeElement).toBe(option);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.form!.createCategories)).toEqual(['false', 'true']);
    expect(posts[1]!.form!.file).toEqual(posts[0]!.form!.file);
  });

  it("offers no apply when nothing would change, and pages the errors on the server", async () => {
    const many = Array.from({ length: 45 }, (_v, i) => rowError(i + 2, `row-${i + 2}`, 'price', 'Price must be a number'));
    const page = (n: number, limit: number) => ({ rows: many.slice((n - 1) * limit, n * limit), total: many.length, page: n, limit });
    const broken = detail({ counts: { create: 0, update: 0, unchanged: 5, error: 45 }, total: 50, errors: page(1, 20) });
    const { calls } = serve({
      check: () => ({ status: 201, body: broken }),
      get: (call) => ({ status: 200, body: { ...broken, errors: page(Number(call.url.searchParams.get('errorsPage')), Number(call.url.searchParams.get('errorsLimit'))) } }),
    });
    await renderWithStore(<ProductManager />, null);
    const dialog = await openImport();
    choose(dialog, csvFile());
    fireEvent.click(dialog.getByRole('button', { name: 'Check file' }));
    await dialog.findByRole('heading', { name: 'Review the check' });
    expect(dialog.getByRole('button', { name: 'Apply import' })).toHaveProperty('disabled', true);
    expect(dialog.getByText('Nothing to change.')).toBeTruthy();
    expect(dialog.getByText('1–20 of 45')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Go to next page' }));
    expect(await dialog.findByText('21–40 of 45')).toBeTruthy();
    await waitFor(() => expect(tableRows(dialog.getByRole('table', { name: 'Rows with errors' }))[0]).toEqual(['22', 'row-22', 'price', 'Price must be a number']));
    expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/imports/imp-1').map((c) => c.url.search)).toEqual(['?errorsPage=2&errorsLimit=20']);

    fireEvent.click(dialog.getByRole('button', { name: 'Choose another file' }));
    expect(await dialog.findByRole('heading', { name: 'Choose a file' })).toBe(document.activeElement);
    expect(dialog.getByText('No file chosen')).toBeTruthy();
  });

  it('shows the progress of an import still running when it opens again, and why a job stopped', async () => {
    const applying = detail({ id: 'imp-9', status: 'applying', total: 1_500, progress: { done: 500, total: 1_500 } });
    let stopped = false;
    const { calls } = serve({
      latest: [applying],
      get: () => ({ status: 200, body: stopped ? { ...applying, status: 'failed', progress: { done: 1_000, total: 1_500 }, failure: 'The database stopped answering during batch 3' } : applying }),
    });
    await renderWithStore(<ProductManager />, null);
    const dialog = await openImport();
    expect(await dialog.findByText('500 of 1,500 rows')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/admin/imports' && c.method === 'GET')!.path).toBe('/api/admin/imports?limit=1');
    expect(dialog.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('33');
    expect(dialog.queryByRole('button', { name: 'Check file' })).toBeNull();

    stopped = true;
    expect(await dialog.findByText('The database stopped answering during batch 3')).toBeTruthy();
    expect(dialog.getByText('The import stopped before the end')).toBeTruthy();
    expect(dialog.getByText('1,000 of 1,500 rows were applied.')).toBeTruthy();
    expect(dialog.getByRole('heading', { name: 'Import stopped' })).toBe(document.activeElement);
  });

  it('keeps following a job after the dialog closes: reopening shows its progress, its end is a toast and a fresh grid', async () => {
    let catalogue = [product(1, 'Old Lamp')];
    let finish = false;
    const applying = detail({ status: 'applying', progress: { done: 2, total: 6 } });
    const { calls } = serve({
      products: () => catalogue,
      check: () => ({ status: 201, body: detail() }),
      apply: () => ({ status: 202, body: detail({ status: 'queued' }) }),
      get: (call) => {
        if (call.url.searchParams.get('errorsLimit') !== '20') return { status: 400, body: { message: 'unexpected page' } };
        if (!finish) return { status: 200, body: applying };
        catalogue = [product(1, 'Old Lamp'), product(3, 'Imported Chair')];
        return { status: 200, body: { ...applying, status: 'applied', progress: { done: 6, total: 6 }, result: { create: 3, update: 1, unchanged: 0, error: 2 } } };
      },
    });
    await renderWithStore(<ProductManager />, null);
    await screen.findByText('Old Lamp');
    let dialog = await openImport();
    choose(dialog, csvFile());
    fireEvent.click(dialog.getByRole('button', { name: 'Check file' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Apply import' }));
    expect(await dialog.findByText('2 of 6 rows')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openImport();
    expect(await dialog.findByText('2 of 6 rows')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    finish = true;
    const toast = (await screen.findByText('Import finished')).parentElement!;
    expect(toast.textContent).toBe('Import finished3 created, 1 updated, 0 unchanged, 2 failed');
    expect(await screen.findByText('Imported Chair')).toBeTruthy();

    // the next opening starts afresh
    dialog = await openImport();
    expect(await dialog.findByRole('heading', { name: 'Choose a file' })).toBeTruthy();
    expect(dialog.getByText('No file chosen')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/admin/imports?limit=1').length).toBe(2);
  });
});
