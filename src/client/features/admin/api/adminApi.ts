// The admin's requests to the manage API and the texts they show: every post with drafts and scheduled ones, one post
// for editing with its ETag, update with If-Match, delete. A typed token goes as a Bearer header; without one the
// session cookie authorizes them. The reads are RTK Query queries (loading, errors and stale answers are the
// library's); the token is part of their key, so they are dropped as soon as no page shows them (keepUnusedDataFor: 0)
// and the token never outlives the page in the cache.
import { useCallback, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { blogApi, nextCursorFromLink } from '../../../api/blogApi';
import { useAppDispatch } from '../../../app/hooks';
import { useEndpointQuery } from '../../../api/queryHooks';
import type { AdminBlogPost, AdminBlogSummary, StaffRef } from '../../../../contract/types';
import type { StatusSubmission } from '../draft/draftTypes';

/** How the admin reads a StaffRef: the account's name; '' when the server names nobody. */
export function staffName(ref: StaffRef | undefined): string {
  return ref?.name ?? '';
}

export type AdminPostsPage = { posts: AdminBlogSummary[]; nextCursor: string | null };
export type PostWithTag = { post: AdminBlogPost; etag: string };

/**
 * A read as the admin asked for it: `load` counts the admin's requests (Show posts, Open post, Reload), so each one
 * is a fresh request with its own loading state, as pressing the button promises.
 */
export type AdminPostsArg = { token: string; load: number };
export type AdminPostArg = { id: string; token: string; load: number };
/** The query's own key: the arg plus the page that asked (see useAdminPostQuery). */
type AdminPostKey = AdminPostArg & { page?: number };

export const TOKEN_REJECTED_TEXT =
  'The access token was not accepted (401). Check it, or leave it empty to act as the account you signed in with.';

/** A typed token as a Bearer header; none when empty, so the session cookie speaks. */
export const bearer = (token: string): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});
export const blogPath = (id: string) => `blogs/${encodeURIComponent(id)}`;
/** The Blog tags the public pages' cached reads carry: an update or delete refreshes them. */
export const postTags = (id: string) => [
  { type: 'Blog' as const, id: 'LIST' },
  { type: 'Blog' as const, id },
];

export const adminApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminPosts: build.infiniteQuery<AdminPostsPage, AdminPostsArg, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.nextCursor },
      query: ({ queryArg: { token }, pageParam: cursor }) => ({
        url: `blogs?status=all${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: bearer(token),
      }),
      transformResponse: (posts: AdminBlogSummary[], meta) => ({
        posts: Array.isArray(posts) ? posts : [],
        nextCursor: nextCursorFromLink(meta?.response?.headers.get('Link')),
      }),
      keepUnusedDataFor: 0,
    }),
    getAdminPost: build.query<PostWithTag, AdminPostKey>({
      // Without a token the session cookie decides; without either, a draft answers 404, as it does for any reader.
      query: ({ id, token }) => ({ url: blogPath(id), headers: bearer(token) }),
      transformResponse: (post: AdminBlogPost, meta) => ({ post, etag: meta?.response?.headers.get('ETag') ?? '' }),
      keepUnusedDataFor: 0,
    }),
    updatePost: build.mutation<PostWithTag, { id: string; token: string; etag: string; body: StatusSubmission }>({
      query: ({ id, token, etag, body }) => ({
        url: blogPath(id),
        method: 'PUT',
        body,
        headers: { ...bearer(token), 'If-Match': etag },
        validateStatus: (response) => response.status === 200,
      }),
      transformResponse: (post: AdminBlogPost, meta) => ({ post, etag: meta?.response?.headers.get('ETag') ?? '' }),
      invalidatesTags: (_result, _error, { id }) => postTags(id),
    }),
    deletePost: build.mutation<null, { id: string; token: string }>({
      query: ({ id, token }) => ({
        url: blogPath(id),
        method: 'DELETE',
        headers: bearer(token),
        validateStatus: (response) => response.status === 204,
      }),
      invalidatesTags: (_result, _error, { id }) => postTags(id),
    }),
  }),
});

const { getAdminPost } = adminApi.endpoints;

let pagesShown = 0;

/**
 * One post as the admin may see it, fetched while a page shows it (skipped without an argument). Each page that shows
 * it asks the server itself: the key names the page, so a page opened just as another closes (Edit, save, then
 * Preview) never takes over the other's answer from before the save.
 */
export function useAdminPostQuery(arg: AdminPostArg | null) {
  const [page] = useState(() => (pagesShown += 1));
  return useEndpointQuery(getAdminPost, arg === null ? skipToken : { ...arg, page });
}

/** Asks for a post once, outside any page's subscription (after a save whose answer carried no ETag). */
export function useFetchAdminPost() {
  const dispatch = useAppDispatch();
  return useCallback(
    (arg: Omit<AdminPostArg, 'load'>) =>
      dispatch(getAdminPost.initiate({ ...arg, load: -1 }, { subscribe: false, forceRefetch: true })).unwrap(),
    [dispatch],
  );
}
