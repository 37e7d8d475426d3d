// The staff API: accounts and roles, invitations, API keys and the admin's own password. Requests go with
// the session cookie (same-origin fetch), so none carries a token. Only the admin chunk imports this.
import { blogApi } from '../../../api/blogApi';
import type { StaffRole } from '../../../../contract/roles';
import type { PendingInvitation, StaffUser } from '../../../../contract/types';

export type ApiKey = { id: number; name: string; createdAt?: string; lastUsedAt?: string | null };
export type NewApiKey = { id: number; name: string; key: string };
export type Invitation = { id: number; url: string; expiresAt: string };

// The tag types join the api slice here, in the admin's chunk, not in every visitor's.
export const staffApi = blogApi.enhanceEndpoints({ addTagTypes: ['Staff', 'ApiKey', 'Invitation'] }).injectEndpoints({
  endpoints: (build) => ({
    staff: build.query<StaffUser[], void>({
      query: () => 'users',
      providesTags: ['Staff'],
      keepUnusedDataFor: 0,
    }),
    // A role change or a removal may revoke the account's invitations: the pending list is read again too.
    roleChanged: build.mutation<StaffUser, { id: number; role: StaffRole }>({
      query: ({ id, role }) => ({ url: `users/${id}`, method: 'PATCH', body: { role } }),
      invalidatesTags: ['Staff', 'Invitation'],
    }),
    accountRemoved: build.mutation<null, number>({
      query: (id) => ({ url: `users/${id}`, method: 'DELETE', validateStatus: (response) => response.status === 204 }),
      invalidatesTags: ['Staff', 'Invitation'],
    }),
    invitations: build.query<PendingInvitation[], void>({
      query: () => 'invitations',
      providesTags: ['Invitation'],
      keepUnusedDataFor: 0,
    }),
    invitationCreated: build.mutation<Invitation, { email: string; role: StaffRole }>({
      query: (body) => ({ url: 'invitations', method: 'POST', body }),
      invalidatesTags: ['Invitation'],
    }),
    invitationRevoked: build.mutation<null, number>({
      query: (id) => ({
        url: `invitations/${id}`,
        method: 'DELETE',
        validateStatus: (response) => response.status === 204,
      }),
      invalidatesTags: ['Invitation'],
    }),
    apiKeys: build.query<ApiKey[], void>({
      query: () => 'keys',
      providesTags: ['ApiKey'],
      keepUnusedDataFor: 0,
    }),
    apiKeyCreated: build.mutation<NewApiKey, { name: string }>({
      query: (body) => ({ url: 'keys', method: 'POST', body }),
      invalidatesTags: ['ApiKey'],
    }),
    apiKeyRevoked: build.mutation<null, number>({
      query: (id) => ({ url: `keys/${id}`, method: 'DELETE', validateStatus: (response) => response.status === 204 }),
      invalidatesTags: ['ApiKey'],
    }),
    passwordChanged: build.mutation<null, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: 'account/password', method: 'POST', body }),
    }),
  }),
});
