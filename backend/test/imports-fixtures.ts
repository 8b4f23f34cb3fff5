/**
 * What the two imports specs share: the app on a database of its own (the imports change the catalogue
 * other suites read as seeded), categories of their own, and the calls of an import: upload, dry run, apply, wait.
 */
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import type { ImportDetail } from '@dentalmarket/contracts';
import { csvCell } from '../src/common/csv.js';
import { freshDatabase, startTestApp, type TestApp } from './helpers.js';
import { eventually } from './eventually.js';

export let t: TestApp;
export let admin: TestAgent;
export let dataSource: DataSource;
/** categories of this file's own, so its rows never depend on the demo catalogue's names */
export let chairs: { id: number; slug: string };
export let lights: { id: number; slug: string };
export let partners: { id: number; slug: string };

export type Row = Record<string, string>;

/** A CSV file: the header of `columns`, then each row's cells in that order. */
export function csvOf(columns: readonly string[], rows: Row[], delimiter = ','): string {
  const line = (cells: string[]) => `${cells.map(csvCell).join(delimiter)}\r\n`;
  return [line([...columns]), ...rows.map((row) => line(columns.map((column) => row[column] ?? '')))].join('');
}

/** An equipment row in the test's own category. */
export function equipment(slug: string, extra: Row = {}): Row {
  return { slug, name: `Import ${slug}`, product_type: 'equipment', category: chairs.slug, manufacturer: 'Importa', price: '100.00', ...extra };
}

export const BASIC = ['slug', 'name', 'product_type', 'category', 'manufacturer', 'price'] as const;

export function upload(agent: TestAgent, text: string | Buffer, options: { createCategories?: boolean; filename?: string } = {}) {
  const call = agent.post('/api/admin/imports').attach('file', Buffer.isBuffer(text) ? text : Buffer.from(text), options.filename ?? 'products.csv');
  return options.createCategories === undefined ? call : call.field('createCategories', String(options.createCategories));
}

export async function dryRun(text: string, options: { createCategories?: boolean } = {}, agent = admin): Promise<ImportDetail> {
  const response = await upload(agent, text, options);
  expect(response.status).toBe(201);
  return response.body as ImportDetail;
}

/** Polls the import until its job ended (the test's timeout bounds it). */
export async function settled(id: string, agent = admin, errorsLimit = 20): Promise<ImportDetail> {
  const { body } = await eventually(async () => await agent.get(`/api/admin/imports/${id}?errorsLimit=${errorsLimit}`).expect(200), {
    accept: ({ body }) => body.status === 'applied' || body.status === 'failed',
    timeout: 120_000,
    what: 'the import to end',
  });
  return body as ImportDetail;
}

/** The dry run's review (not in the shared contract yet). */
export interface ReviewGroup {
  total: number;
  rows: Array<{ line: number; slug: string | null; name: string | null; action: string; reason: string | null }>;
}
export const review = (report: ImportDetail) => (report as ImportDetail & { review: { limit: number; create: ReviewGroup; update: ReviewGroup; skipped: ReviewGroup } }).review;

export async function applyAndWait(id: string): Promise<ImportDetail> {
  const queued = await admin.post(`/api/admin/imports/${id}/apply`).expect(202);
  expect(queued.body).toMatchObject({ id, status: 'queued' });
  return settled(id);
}

/** Parses a CSV the export wrote (quoted cells, CRLF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') row.push(cell), (cell = '');
    else if (char === '\r') continue;
    else if (char === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else cell += char;
  }
  return rows;
}

export async function exportText(query = ''): Promise<{ text: string; rows: Array<Record<string, string>> }> {
  const response = await admin.get(`/api/admin/products/export.csv${query}`).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
  });
  expect(response.status).toBe(200);
  const text = response.body as string;
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  return { text, rows: rows.map((cells) => Object.fromEntries(header!.map((column, i) => [column, cells[i]!]))) };
}

// a database of its own: the imports change the catalogue other suites read as seeded
let database: Awaited<ReturnType<typeof freshDatabase>>;

/** Starts the app for the spec file that calls it (before its tests) and stops it after them. */
export function useImportsApp(name: string): void {
  beforeAll(async () => {
    database = await freshDatabase(name, { seeded: true });
    t = await startTestApp(database.env);
    dataSource = t.app.get(DataSource);
    admin = request.agent(t.http);
    await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
    const category = async (name: string, product_type: string) =>
      (await admin.post('/api/admin/categories').send({ name, description: name, icon: 'fa-folder', product_type }).expect(201)).body;
    chairs = await category('Import Test Chairs', 'equipment');
    lights = await category('Import Test Lights', 'equipment');
    partners = await category('Import Test Partners', 'affiliate');
    await admin.post('/api/admin/subcategories').send({ name: 'Import Test Saddle Chairs', description: 'd', category_id: chairs.id }).expect(201);
  });

  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });
}
