import { jest } from '@jest/globals';
import { File as NodeFile } from 'node:buffer';
import type { ImportCounts, ImportDetail, ImportReview, ImportReviewRow, ImportRowError } from '@dentalmarket/contracts';
import { setApiBaseUrl } from '@dentalmarket/store';

/** Wire shapes exactly as libs/contracts/src/imports.ts gives them. */
export const rowError = (line: number, label: string | null, field: string | null, message: string): ImportRowError => ({ line, label, field, message });

export const reviewRow = (line: number, action: ImportReviewRow['action'], slug: string | null, name: string | null, reason: string | null = null): ImportReviewRow => ({ line, slug, name, action, reason });

/** A review as the server gives it for `counts`: every row listed (under the limit), creates first in the file, then updates; none skipped. */
export function reviewOf(counts: Pick<ImportCounts, 'create' | 'update'>): ImportReview {
  const rows = (action: 'create' | 'update', from: number, n: number) =>
    Array.from({ length: Math.min(n, 100) }, (_v, i) => reviewRow(from + i, action, `${action}-${from + i}`, `Product on line ${from + i}`));
  return {
    limit: 100,
    create: { total: counts.create, rows: rows('create', 2, counts.create) },
    update: { total: counts.update, rows: rows('update', 2 + counts.create, counts.update) },
    skipped: { total: 0, rows: [] },
  };
}

export const detail = (overrides: Partial<ImportDetail> = {}): ImportDetail => ({
  id: 'imp-1',
  filename: 'catalogue.csv',
  status: 'ready',
  created_at: '2026-03-02T10:00:00.000Z',
  createCategories: false,
  total: 6,
  counts: { create: 3, update: 1, unchanged: 0, error: 2 },
  unknownColumns: [],
  missingCategories: [],
  progress: { done: 0, total: 6 },
  result: null,
  failure: null,
  finished_at: null,
  errors: { rows: [], total: 0, page: 1, limit: 20 },
  ...overrides,
  review: overrides.review ?? reviewOf(overrides.counts ?? { create: 3, update: 1 }),
});

/**
 * A CSV as the file picker hands it over. Node's File, not jsdom's: the fetch environment lends
 * Node's FormData, which takes only Node's Blobs. `size` may be claimed larger than the content.
 */
export function csvFile(name = 'catalogue.csv', text = 'name,product_type,category\nLamp,equipment,Imaging\n', size?: number): File {
  const file = new NodeFile([text], name, { type: 'text/csv' }) as unknown as File;
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** One request as the fake server saw it: a JSON body, or a multipart form's fields (a file as its name and text). */
export interface ImportCall {
  method: string;
  path: string;
  url: URL;
  body?: unknown;
  form?: Record<string, string | { name: string; text: string }>;
}

export type Reply = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** Replaces fetch, the network boundary: `answer` decides each reply (JSON, or a page when the body is a string); every call is recorded. */
export function stubImportFetch(answer: (call: ImportCall) => Reply) {
  // Node's Request needs an absolute address; the browser resolves '/api' against the page
  setApiBaseUrl('http://localhost/api');
  const calls: ImportCall[] = [];
  globalThis.fetch = jest.fn(async (input: Request) => {
    const url = new URL(input.url);
    const call: ImportCall = { method: input.method, path: url.pathname + url.search, url };
    if ((input.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
      const form = await input.formData();
      call.form = {};
      for (const [key, value] of form) call.form[key] = typeof value === 'string' ? value : { name: value.name, text: await value.text() };
    } else {
      const text = await input.text();
      call.body = text ? JSON.parse(text) : undefined;
    }
    calls.push(call);
    const { status, body } = await answer(call);
    // a string is sent as a page, as a proxy in front of the API answers
    if (typeof body === 'string') return new Response(body, { status, headers: { 'content-type': 'text/html' } });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls };
}
