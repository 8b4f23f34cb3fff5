/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportDetail, ImportReview } from '@dentalmarket/contracts';
import { renderWithStore } from '../../categories/testSupport.js';
import { ImportDialog } from './ImportDialog.js';
import { csvFile, detail, reviewRow, stubImportFetch } from './importFixtures.js';

const EXAMPLE = 'Example row — not imported. Edit its name and slug to import it.';
const REASON = "example row: the template's sample, never imported (rename it, or give it a slug of its own, to import it)";

const exampleRows = [
  reviewRow(2, 'skipped', 'example-dental-chair-x1', 'Example: Dental Chair X1', REASON),
  reviewRow(3, 'skipped', 'example-partner-scanner', 'Example: Partner Scanner', REASON),
];

/** The dry run answers `checked` (as the server sends it: `review` may be left out by an older server). */
function serve(checked: ImportDetail | Omit<ImportDetail, 'review'>) {
  return stubImportFetch((call) => {
    if (call.url.pathname === '/api/admin/imports' && call.method === 'GET') return { status: 200, body: [] };
    if (call.url.pathname === '/api/admin/imports' && call.method === 'POST') return { status: 201, body: checked };
    if (call.url.pathname === `/api/admin/imports/${checked.id}`) return { status: 200, body: checked };
    return { status: 404, body: { message: 'not served' } };
  });
}

/** Opens the dialog, checks a file and waits for the review. */
async function review() {
  await renderWithStore(<ImportDialog open onClose={() => undefined} />, null);
  const dialog = within(await screen.findByRole('dialog', { name: 'Import products from CSV' }));
  fireEvent.change(await dialog.findByLabelText('CSV file'), { target: { files: [csvFile()] } });
  fireEvent.click(dialog.getByRole('button', { name: 'Check file' }));
  await dialog.findByRole('heading', { name: 'Review the check' });
  return dialog;
}

const tabs = (dialog: ReturnType<typeof within>) =>
  within(dialog.getByRole('tablist', { name: 'Products in the file' }))
    .getAllByRole('tab')
    .map((tab) => `${tab.textContent}${tab.getAttribute('aria-selected') === 'true' ? ' *' : ''}`);

const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent))
    .filter((cells) => cells.length);

describe('the import review: which rows are created, updated and skipped', () => {
  it('lists the rows to create and update (the first 100, and how many more) and the skipped example rows, marked', async () => {
    const creates = Array.from({ length: 100 }, (_v, i) => reviewRow(i + 4, 'create', `lamp-${i + 4}`, `Lamp ${i + 4}`));
    const full: ImportReview = {
      limit: 100,
      create: { total: 1_250, rows: creates },
      update: { total: 1, rows: [reviewRow(1_300, 'update', null, 'Curing Light')] },
      skipped: { total: 2, rows: exampleRows },
    };
    serve(detail({ total: 1_253, counts: { create: 1_250, update: 1, unchanged: 0, error: 0 }, review: full }));
    const dialog = await review();

    const section = within(dialog.getByRole('region', { name: 'Products in the file' }));
    expect(tabs(dialog)).toEqual(['To create (1,250) *', 'To update (1)', 'Skipped (2)']);
    let panel = section.getByRole('tabpanel', { name: 'To create (1,250)' });
    const created = within(panel).getByRole('table', { name: 'Rows to create' });
    expect(within(created).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Line', 'Slug', 'Name']);
    expect(tableRows(created)).toHaveLength(100);
    expect(tableRows(created)[0]).toEqual(['4', 'lamp-4', 'Lamp 4']);
    expect(within(panel).getByText('and 1,150 more')).toBeTruthy();
    // the table scrolls inside itself, reachable by keyboard
    expect(within(panel).getByRole('group', { name: 'Rows to create' }).getAttribute('tabindex')).toBe('0');

    fireEvent.click(section.getByRole('tab', { name: 'To update (1)' }));
    panel = section.getByRole('tabpanel', { name: 'To update (1)' });
    expect(tableRows(within(panel).getByRole('table', { name: 'Rows to update' }))).toEqual([['1,300', '—', 'Curing Light']]);
    expect(within(panel).queryByText(/more/)).toBeNull();

    fireEvent.click(section.getByRole('tab', { name: 'Skipped (2)' }));
    panel = section.getByRole('tabpanel', { name: 'Skipped (2)' });
    const skipped = within(panel).getByRole('table', { name: 'Skipped rows' });
    expect(within(skipped).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Line', 'Slug', 'Name', 'Reason']);
    expect(tableRows(skipped)).toEqual([
      ['2', 'example-dental-chair-x1', 'Example: Dental Chair X1', EXAMPLE],
      ['3', 'example-partner-scanner', 'Example: Partner Scanner', EXAMPLE],
    ]);
    // nothing is applied from the review itself
    expect(dialog.getByRole('button', { name: 'Apply import' })).toHaveProperty('disabled', false);
  });

  it('opens on the skipped rows when the template is uploaded as downloaded: nothing to apply', async () => {
    serve(detail({ total: 2, counts: { create: 0, update: 0, unchanged: 0, error: 0 }, review: { limit: 100, create: { total: 0, rows: [] }, update: { total: 0, rows: [] }, skipped: { total: 2, rows: exampleRows } } }));
    const dialog = await review();
    expect(tabs(dialog)).toEqual(['To create (0)', 'To update (0)', 'Skipped (2) *']);
    expect(dialog.getAllByText(EXAMPLE)).toHaveLength(2);
    expect(dialog.getByText('Nothing to change.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Apply import' })).toHaveProperty('disabled', true);
    fireEvent.click(dialog.getByRole('tab', { name: 'To create (0)' }));
    expect(within(dialog.getByRole('tabpanel', { name: 'To create (0)' })).getByText('No rows to create.')).toBeTruthy();
    expect(dialog.queryByRole('table', { name: 'Rows to create' })).toBeNull();
  });

  it('lets the tabs scroll sideways rather than widen the dialog on a phone', async () => {
    serve(detail());
    const dialog = await review();
    const tablist = dialog.getByRole('tablist', { name: 'Products in the file' });
    expect(tablist.closest('.MuiTabs-scrollableX')).toBeTruthy();
  });

  it('shows a review without rows (an import checked before they were kept) by its figures', async () => {
    serve(detail({ review: { limit: 100, create: { total: 3, rows: [] }, update: { total: 1, rows: [] }, skipped: { total: 0, rows: [] } } }));
    const dialog = await review();
    expect(tabs(dialog)).toEqual(['To create (3) *', 'To update (1)', 'Skipped (0)']);
    expect(dialog.getByText('3 rows, not listed for this import.')).toBeTruthy();
    expect(dialog.queryByRole('table', { name: 'Rows to create' })).toBeNull();
  });

  it('leaves the list out when the answer has no review, and the rest of the review works', async () => {
    const { review: _left, ...older } = detail();
    serve(older);
    const dialog = await review();
    expect(dialog.queryByRole('region', { name: 'Products in the file' })).toBeNull();
    expect(dialog.queryByRole('tablist')).toBeNull();
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Apply import' })).toHaveProperty('disabled', false));
  });
});
