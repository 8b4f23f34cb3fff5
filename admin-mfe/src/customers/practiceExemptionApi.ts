import type { PracticeTaxExemption, TaxExemptionUpdate } from '@dentalmarket/contracts';
import { api, type DmExtraOptions } from '@dentalmarket/store';

const admin: DmExtraOptions = { sessionHandling: true };
const tag = (id: number) => [{ type: 'PracticeTaxExemption' as const, id }];
/** a change also refreshes the practices grid's row (its Tax exempt column) */
const changed = (id: number) => [...tag(id), { type: 'AdminPractice' as const, id }];

/** Issue 36: a practice's tax-exemption certificate, the admin's to record (GET/PUT/DELETE /api/admin/practices/{id}/tax-exemption). */
export const practiceExemptionApi = api.enhanceEndpoints({ addTagTypes: ['PracticeTaxExemption', 'AdminPractice'] }).injectEndpoints({
  endpoints: (build) => ({
    getPracticeExemption: build.query<PracticeTaxExemption, number>({
      query: (id) => `/admin/practices/${id}/tax-exemption`,
      extraOptions: admin,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => tag(id),
    }),
    setPracticeExemption: build.mutation<PracticeTaxExemption, { id: number } & TaxExemptionUpdate>({
      query: ({ id, ...body }) => ({ url: `/admin/practices/${id}/tax-exemption`, method: 'PUT', body }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, { id }) => changed(id),
    }),
    removePracticeExemption: build.mutation<PracticeTaxExemption, number>({
      query: (id) => ({ url: `/admin/practices/${id}/tax-exemption`, method: 'DELETE' }),
      extraOptions: admin,
      invalidatesTags: (_result, _error, id) => changed(id),
    }),
  }),
});

export const { useGetPracticeExemptionQuery, useSetPracticeExemptionMutation, useRemovePracticeExemptionMutation } = practiceExemptionApi;
