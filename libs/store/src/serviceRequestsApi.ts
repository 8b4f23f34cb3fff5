import type {
  AdminServiceRequestListQuery,
  ServiceRequest,
  ServiceRequestCreate,
  ServiceRequestListResponse,
  ServiceRequestStatusChange,
} from '@dentalmarket/contracts';
import { api } from './api.js';
import type { DmExtraOptions } from './baseQuery.js';

/** The shopper's own list and every admin call: a 401 there means the session ended (SPEC §4 Session). */
const signedIn: DmExtraOptions = { sessionHandling: true };

const tagged = api.enhanceEndpoints({ addTagTypes: ['ServiceRequest'] });
const requestList = { type: 'ServiceRequest' as const, id: 'LIST' };
const oneRequest = (number: string) => ({ type: 'ServiceRequest' as const, id: number });

/**
 * Service requests (issue 21, libs/contracts/src/service-requests.ts): a shopper's 'Request Service'
 * and their own list under /orders, and the admin's grid, drawer and status workflow.
 */
export const serviceRequestsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/service-requests: a guest's or a signed-in shopper's request (the server attaches the
     * account). No session handling: a guest may send one, and a lapsed session sends it as a guest.
     */
    createServiceRequest: build.mutation<ServiceRequest, ServiceRequestCreate>({
      query: (body) => ({ url: '/service-requests', method: 'POST', body }),
      invalidatesTags: [requestList],
    }),
    /** GET /api/service-requests?page&limit: the signed-in shopper's own requests, newest first. */
    getMyServiceRequests: build.query<ServiceRequestListResponse, { page: number; limit: number }>({
      query: (params) => ({ url: '/service-requests', params }),
      extraOptions: signedIn,
      providesTags: [requestList],
    }),
    /** GET /api/admin/service-requests: one page of the admin grid, searched, filtered and sorted by the server, never cached. */
    getAdminServiceRequests: build.query<ServiceRequestListResponse, AdminServiceRequestListQuery>({
      query: (params) => ({ url: '/admin/service-requests', params }),
      extraOptions: signedIn,
      keepUnusedDataFor: 0,
      providesTags: (result) => [requestList, ...(result?.requests ?? []).map((r) => oneRequest(r.number))],
    }),
    /** GET /api/admin/service-requests/{number}: the drawer's request with its history. */
    getAdminServiceRequest: build.query<ServiceRequest, string>({
      query: (number) => `/admin/service-requests/${encodeURIComponent(number)}`,
      extraOptions: signedIn,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, number) => [oneRequest(number)],
    }),
    /**
     * POST /api/admin/service-requests/{number}/status. Invalidates on a refusal too (RTK Query does on a
     * rejected-with-value mutation): after a 409 the drawer and grid show the request as it is now.
     */
    changeServiceRequestStatus: build.mutation<ServiceRequest, ServiceRequestStatusChange & { number: string }>({
      query: ({ number, ...body }) => ({ url: `/admin/service-requests/${encodeURIComponent(number)}/status`, method: 'POST', body }),
      extraOptions: signedIn,
      invalidatesTags: (_result, _error, { number }) => [requestList, oneRequest(number)],
    }),
  }),
});

export const {
  useCreateServiceRequestMutation,
  useGetMyServiceRequestsQuery,
  useGetAdminServiceRequestsQuery,
  useGetAdminServiceRequestQuery,
  useChangeServiceRequestStatusMutation,
} = serviceRequestsApi;
