// The staff API: accounts and roles, invitations and API keys. Requests go with
// the session cookie (same-origin fetch), so none carries a token. Only the admin chunk imports this.
import { blogApi } from '../../../api/blogApi';
import type { StaffRole } from '../../../../contract/roles';
import type { ApiKeyInfo, NewApiKey, PendingInvitation, StaffUser } from '../../../../contract/types';

/** POST /api/invitations: the link, and whether the site mailed it (else the inviter sends it). */
export type Invitation = { id: number; url: string; expiresAt: string; mailed?: boolean };

// The tag types join the api slice here, in the admin's chunk, not in every visitor's.
export const staffApi = blogApi.enhanceEndpoints({ addTagTypes: ['Staff', 'ApiKey', 'Invitation'] }).injectEndpoints({
  endpoints: (build) => ({
    getStaff: build.query<StaffUser[], void>({
      query: () => 'users',
      providesTags: ['Staff'],
      keepUnusedDataFor: 0,
    }),
    // A role change or a removal may revoke the account's invitations: the pending list is read again too.
    changeRole: build.mutation<StaffUser, { id: number; role: StaffRole }>({
      query: ({ id, role }) => ({ url: `users/${id}`, method: 'PATCH', body: { role } }),
      invalidatesTags: ['Staff', 'Invitation'],
    }),
    removeAccount: build.mutation<null, number>({
      query: (id) => ({ url: `users/${id}`, method: 'DELETE', validateStatus: (response) => response.status === 204 }),
      invalidatesTags: ['Staff', 'Invitation'],
    }),
    getInvitations: build.query<PendingInvitation[], void>({
      query: () => 'invitations',
      providesTags: ['Invitation'],
      keepUnusedDataFor: 0,
    }),
    createInvitation: build.mutation<Invitation, { email: string; role: StaffRole }>({
      query: (body) => ({ url: 'invitations', method: 'POST', body }),
      invalidatesTags: ['Invitation'],
    }),
    revokeInvitation: build.mutation<null, number>({
      query: (id) => ({
        url: `invitations/${id}`,
        method: 'DELETE',
        validateStatus: (response) => response.status === 204,
      }),
      invalidatesTags: ['Invitation'],
    }),
    getApiKeys: build.query<ApiKeyInfo[], void>({
      query: () => 'keys',
      providesTags: ['ApiKey'],
      keepUnusedDataFor: 0,
    }),
    createApiKey: build.mutation<NewApiKey, { name: string }>({
      query: (body) => ({ url: 'keys', method: 'POST', body }),
      invalidatesTags: ['ApiKey'],
    }),
    revokeApiKey: build.mutation<null, number>({
      query: (id) => ({ url: `keys/${id}`, method: 'DELETE', validateStatus: (response) => response.status === 204 }),
      invalidatesTags: ['ApiKey'],
    }),
  }),
});
