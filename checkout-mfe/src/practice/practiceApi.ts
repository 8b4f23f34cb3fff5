import type {
  InvitationAccept,
  Order,
  OrderListResponse,
  InvitationPreview,
  Practice,
  PracticeInvitation,
  PracticeInvitationCreate,
  PracticeRole,
  PracticeUpdate,
  User,
} from '@dentalmarket/contracts';
import { api, type DmExtraOptions } from '@dentalmarket/store';

/** A signed-in shopper's practice: a 401 there means the session ended (SPEC §4 Session). */
const signedIn: DmExtraOptions = { sessionHandling: true };
const practice = { type: 'Practice' as const, id: 'MINE' };
const invitations = { type: 'PracticeInvitation' as const, id: 'LIST' };
const approvals = { type: 'Approval' as const, id: 'LIST' };
/** an approval or decline changes the order, the practice's orders list and the approvals list */
const decided = (number: string) => [approvals, { type: 'Order' as const, id: 'LIST' }, { type: 'Order' as const, id: number }];

/**
 * The practice API (issue 36), injected into the one store's api by this remote, which alone has the
 * Practice and invitation pages: none of it reaches the shell's first page.
 */
export const practiceApi = api.enhanceEndpoints({ addTagTypes: ['Practice', 'PracticeInvitation', 'Approval', 'Order', 'ServiceRequest'] }).injectEndpoints({
  endpoints: (build) => ({
    getPractice: build.query<Practice, void>({
      query: () => '/practice',
      extraOptions: signedIn,
      providesTags: [practice],
    }),
    updatePractice: build.mutation<Practice, PracticeUpdate>({
      query: (body) => ({ url: '/practice', method: 'PATCH', body }),
      extraOptions: signedIn,
      invalidatesTags: [practice],
    }),
    getPracticeInvitations: build.query<PracticeInvitation[], void>({
      query: () => '/practice/invitations',
      extraOptions: signedIn,
      providesTags: [invitations],
    }),
    invite: build.mutation<PracticeInvitation, PracticeInvitationCreate>({
      query: (body) => ({ url: '/practice/invitations', method: 'POST', body }),
      extraOptions: signedIn,
      invalidatesTags: [invitations],
    }),
    resendInvitation: build.mutation<PracticeInvitation, string>({
      query: (id) => ({ url: `/practice/invitations/${encodeURIComponent(id)}/resend`, method: 'POST' }),
      extraOptions: signedIn,
      invalidatesTags: [invitations],
    }),
    revokeInvitation: build.mutation<void, string>({
      query: (id) => ({ url: `/practice/invitations/${encodeURIComponent(id)}`, method: 'DELETE' }),
      extraOptions: signedIn,
      invalidatesTags: [invitations],
    }),
    changeMemberRole: build.mutation<Practice, { userId: number; role: PracticeRole }>({
      query: ({ userId, role }) => ({ url: `/practice/members/${userId}`, method: 'PATCH', body: { role } }),
      extraOptions: signedIn,
      invalidatesTags: [practice],
    }),
    /** Removes a member, or (one's own id) leaves: the leaver's orders list is another practice's afterwards. */
    removeMember: build.mutation<void, number>({
      query: (userId) => ({ url: `/practice/members/${userId}`, method: 'DELETE' }),
      extraOptions: signedIn,
      invalidatesTags: [practice, invitations, { type: 'Order', id: 'LIST' }, { type: 'ServiceRequest', id: 'LIST' }],
    }),
    /** Issue 36: the owners' list of the practice's orders awaiting approval. */
    getApprovals: build.query<OrderListResponse, { page: number; limit: number }>({
      query: ({ page, limit }) => ({ url: '/practice/approvals', params: { page, limit } }),
      extraOptions: signedIn,
      providesTags: [approvals],
    }),
    approveOrder: build.mutation<Order, string>({
      query: (number) => ({ url: `/orders/${encodeURIComponent(number)}/approve`, method: 'POST' }),
      extraOptions: signedIn,
      invalidatesTags: (_result, _error, number) => decided(number),
    }),
    declineOrder: build.mutation<Order, { number: string; reason: string }>({
      query: ({ number, reason }) => ({ url: `/orders/${encodeURIComponent(number)}/decline`, method: 'POST', body: { reason } }),
      extraOptions: signedIn,
      invalidatesTags: (_result, _error, { number }) => decided(number),
    }),
    /** GET /api/invitations/:token: open to anyone holding the link. */
    getInvitation: build.query<InvitationPreview, string>({
      query: (token) => `/invitations/${encodeURIComponent(token)}`,
    }),
    acceptInvitation: build.mutation<User, { token: string } & InvitationAccept>({
      query: ({ token, ...body }) => ({ url: `/invitations/${encodeURIComponent(token)}/accept`, method: 'POST', body }),
      invalidatesTags: [practice, invitations, { type: 'Order', id: 'LIST' }, { type: 'ServiceRequest', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetPracticeQuery,
  useUpdatePracticeMutation,
  useGetPracticeInvitationsQuery,
  useInviteMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useGetInvitationQuery,
  useAcceptInvitationMutation,
  useGetApprovalsQuery,
  useApproveOrderMutation,
  useDeclineOrderMutation,
} = practiceApi;
