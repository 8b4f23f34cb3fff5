import type { ImportDetail, ImportStatus, ImportSummary } from '@dentalmarket/contracts';
import { api, getApiBaseUrl, type DmExtraOptions } from '@dentalmarket/store';

/** Every admin call is sent with session-expiry handling (SPEC §6). */
const admin: DmExtraOptions = { sessionHandling: true };

/** What the dry run needs: the CSV and whether apply should create the categories it names that do not exist. */
export interface CheckImportArgs {
  file: File | Blob;
  createCategories: boolean;
}

/** One import with one page (1-based) of its failing rows. */
export interface ImportDetailArgs {
  id: string;
  errorsPage: number;
  errorsLimit: number;
}

/** The statuses of an import whose background job has not finished yet. */
export const RUNNING_IMPORT_STATUSES: readonly ImportStatus[] = ['queued', 'applying'];
const finished = (status: ImportStatus | undefined) => status === 'applied' || status === 'failed';

/** The filters of the admin product grid that the export honours (only those chosen are sent). */
export interface ProductExportParams {
  search?: string;
  productType?: string;
  categoryId?: number;
  subcategoryId?: number;
  inStock?: boolean;
}

/** GET /api/admin/products/export.csv: the browser downloads it (streamed by the server, authorised by the session cookie). */
export function productExportHref(params: ProductExportParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return `${getApiBaseUrl()}/admin/products/export.csv${text ? `?${text}` : ''}`;
}

/** GET /api/admin/imports/template.csv: the header row (and an example) of the import format. */
export function importTemplateHref(): string {
  return `${getApiBaseUrl()}/admin/imports/template.csv`;
}

const importsTagged = api.enhanceEndpoints({ addTagTypes: ['Import'] });
const latest = { type: 'Import' as const, id: 'LATEST' };

/**
 * Catalogue CSV import (issue 22, libs/contracts/src/imports.ts): a dry run, its review, then the
 * apply as a background job whose progress the admin polls. When a poll sees the job finish, every
 * catalogue list is refetched (products, categories and subcategories may all have changed).
 */
export const importsApi = importsTagged.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/admin/imports (multipart `file`, `createCategories`): the dry run; nothing changes yet. */
    checkImport: build.mutation<ImportDetail, CheckImportArgs>({
      query: ({ file, createCategories }) => {
        const body = new FormData();
        body.append('file', file, 'name' in file && file.name ? file.name : 'import.csv');
        body.append('createCategories', String(createCategories));
        return { url: '/admin/imports', method: 'POST', body };
      },
      extraOptions: admin,
      invalidatesTags: [latest],
      // the answer carries the first page of errors: the review shows it without asking again
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(importsApi.util.upsertQueryData('getImport', { id: data.id, errorsPage: data.errors.page, errorsLimit: data.errors.limit }, data));
        } catch {
          // the mutation's own error reaches the caller
        }
      },
    }),
    /** GET /api/admin/imports/:id: status, counts, progress and one page of failing rows. */
    getImport: build.query<ImportDetail, ImportDetailArgs>({
      query: ({ id, errorsPage, errorsLimit }) => ({ url: `/admin/imports/${encodeURIComponent(id)}`, params: { errorsPage, errorsLimit } }),
      extraOptions: admin,
      // long enough for the review to subscribe to the entry the dry run's answer seeded, short
      // enough that a later opening asks afresh; a running job is polled anyway
      keepUnusedDataFor: 5,
      providesTags: (_result, _error, { id }) => [{ type: 'Import' as const, id }],
      async onQueryStarted(_args, { dispatch, queryFulfilled, getCacheEntry }) {
        const before = getCacheEntry().data?.status;
        try {
          const { data } = await queryFulfilled;
          // the job finished since the last look: the grids and the storefront's lists show what it did
          if (before !== undefined && before !== data.status && finished(data.status)) {
            dispatch(importsTagged.util.invalidateTags(['Product', 'Category', 'Subcategory', latest]));
          }
        } catch {
          // the query's own error reaches the caller
        }
      },
    }),
    /** GET /api/admin/imports?limit=1: the newest import, to show a job still running when the dialog opens again. */
    getLatestImport: build.query<ImportSummary | null, void>({
      query: () => ({ url: '/admin/imports', params: { limit: 1 } }),
      transformResponse: (list: ImportSummary[]) => list[0] ?? null,
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: [latest],
    }),
    /** POST /api/admin/imports/:id/apply: 202 with the job queued; 409 when the import is not ready. */
    applyImport: build.mutation<ImportSummary, string>({
      query: (id) => ({ url: `/admin/imports/${encodeURIComponent(id)}/apply`, method: 'POST' }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, id) => [{ type: 'Import' as const, id }, latest],
    }),
  }),
});

export const { useCheckImportMutation, useGetImportQuery, useGetLatestImportQuery, useApplyImportMutation } = importsApi;
