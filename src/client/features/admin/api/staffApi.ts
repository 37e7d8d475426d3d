// The staff API (issue 21): accounts and roles, invitations, API keys and the admin's own password. Requests go with
// the session cookie (same-origin fetch), so none carries a token. Only the admin chunk imports this.
import { useEffect, useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { blogApi } from '../../../api/blogApi';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { StaffRole } from '../../../app/authSlice';

export type StaffAccount = { id: number; email: string; name: string; role: StaffRole };
export type ApiKey = { id: number; name: string; createdAt?: string; lastUsedAt?: string | null };
export type NewApiKey = { id: number; name: string; key: string };
export type Invitation = { url: string; expiresAt: string };

/** The roles each role may hand out in an invitation (owners: any but owner; editors: authors and contributors). */
export function invitableRoles(role: StaffRole | undefined): StaffRole[] {
  if (role === 'owner') return ['editor', 'author', 'contributor'];
  if (role === 'editor') return ['author', 'contributor'];
  return [];
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
};

// The tag types join the api slice here, in the admin's chunk, not in every visitor's.
export const staffApi = blogApi.enhanceEndpoints({ addTagTypes: ['Staff', 'ApiKey'] }).injectEndpoints({
  endpoints: (build) => ({
    staff: build.query<StaffAccount[], void>({
      query: () => 'users',
      providesTags: ['Staff'],
      keepUnusedDataFor: 0,
    }),
    roleChanged: build.mutation<StaffAccount, { id: number; role: StaffRole }>({
      query: ({ id, role }) => ({ url: `users/${id}`, method: 'PATCH', body: { role } }),
      invalidatesTags: ['Staff'],
    }),
    accountRemoved: build.mutation<null, number>({
      query: (id) => ({ url: `users/${id}`, method: 'DELETE', validateStatus: (response) => response.status === 204 }),
      invalidatesTags: ['Staff'],
    }),
    invitationCreated: build.mutation<Invitation, { email: string; role: StaffRole }>({
      query: (body) => ({ url: 'invitations', method: 'POST', body }),
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

const { staff, apiKeys } = staffApi.endpoints;

/** Every account (owners and editors may read them), while a page shows it; skipped when not allowed. */
export function useStaffQuery(enabled: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled) return;
    const subscription = dispatch(staff.initiate());
    return () => subscription.unsubscribe();
  }, [dispatch, enabled]);
  const select = useMemo(() => staff.select(enabled ? undefined : skipToken), [enabled]);
  // The enhanced slice's state type names its extra tags; the store holds the same slice.
  const { data, error, isError, isUninitialized, isLoading } = useAppSelector((state) => select(state as never));
  return { data, error, isError, isLoading: enabled && (isUninitialized || isLoading) };
}

/** Every API key, without its secret (owners only), while a page shows it. */
export function useApiKeysQuery(enabled: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled) return;
    const subscription = dispatch(apiKeys.initiate());
    return () => subscription.unsubscribe();
  }, [dispatch, enabled]);
  const select = useMemo(() => apiKeys.select(enabled ? undefined : skipToken), [enabled]);
  // The enhanced slice's state type names its extra tags; the store holds the same slice.
  const { data, error, isError, isUninitialized, isLoading } = useAppSelector((state) => select(state as never));
  return { data, error, isError, isLoading: enabled && (isUninitialized || isLoading) };
}
