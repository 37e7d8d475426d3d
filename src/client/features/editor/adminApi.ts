// The admin's requests (issue 12): every post with drafts and scheduled ones, one post for editing with its ETag,
// update with If-Match, delete. All carry the token as a Bearer header. They are mutations (run on demand, never
// cached), so neither the token nor a draft's text stays in the store after the request.
import { useCallback } from 'react';
import { blogApi, nextCursorFromLink } from '../../api/blogApi';
import { useAppDispatch } from '../../app/hooks';
import type { BlogPost, BlogSummary, PostState } from '../../../contract/types';
import type { StatusSubmission } from './editorSlice';

/** The read shapes as the manage API answers them: with status, publishAt and updatedAt. */
export type AdminPost = BlogPost & Partial<PostState>;
export type AdminSummary = BlogSummary & Partial<PostState>;

export type AdminPostsPage = { posts: AdminSummary[]; nextCursor: string | null };
export type PostWithTag = { post: AdminPost; etag: string };

export const TOKEN_MISSING_TEXT =
  'Enter the access token to see every post: drafts and scheduled posts are shown only to the token holder.';
export const TOKEN_REJECTED_TEXT = 'The access token was not accepted (401). Check it and try again.';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const blogPath = (id: string) => `blogs/${encodeURIComponent(id)}`;
/** The Blog tags the public pages' cached reads carry: an update or delete refreshes them. */
const postTags = (id: string) => [
  { type: 'Blog' as const, id: 'LIST' },
  { type: 'Blog' as const, id },
];

const adminApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    adminPosts: build.mutation<AdminPostsPage, { token: string; cursor: string | null }>({
      query: ({ token, cursor }) => ({
        url: `blogs?status=all${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: bearer(token),
      }),
      transformResponse: (posts: AdminSummary[], meta) => ({
        posts: Array.isArray(posts) ? posts : [],
        nextCursor: nextCursorFromLink(meta?.response?.headers.get('Link')),
      }),
    }),
    adminPost: build.mutation<PostWithTag, { id: string; token: string }>({
      // Without a token this is the public read: a draft then answers 404, as it does for any reader.
      query: ({ id, token }) => ({ url: blogPath(id), headers: token ? bearer(token) : undefined }),
      transformResponse: (post: AdminPost, meta) => ({ post, etag: meta?.response?.headers.get('ETag') ?? '' }),
    }),
    updatePost: build.mutation<PostWithTag, { id: string; token: string; etag: string; body: StatusSubmission }>({
      query: ({ id, token, etag, body }) => ({
        url: blogPath(id),
        method: 'PUT',
        body,
        headers: { ...bearer(token), 'If-Match': etag },
        validateStatus: (response) => response.status === 200,
      }),
      transformResponse: (post: AdminPost, meta) => ({ post, etag: meta?.response?.headers.get('ETag') ?? '' }),
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

type Endpoints = typeof adminApi.endpoints;
type Args<K extends keyof Endpoints> = Parameters<Endpoints[K]['initiate']>[0];

/** Runs one admin request: resolves with its answer, rejects with { status, data } like the rest of the app. */
export function useAdminRequest<K extends keyof Endpoints>(name: K) {
  const dispatch = useAppDispatch();
  return useCallback(
    async (args: Args<K>) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one initiate signature per endpoint
      const request = dispatch((adminApi.endpoints[name].initiate as any)(args)) as {
        unwrap: () => Promise<unknown>;
        reset: () => void;
      };
      try {
        return (await request.unwrap()) as NonNullable<Endpoints[K]['Types']['ResultType']>;
      } finally {
        request.reset();
      }
    },
    [dispatch, name],
  );
}

/** The HTTP status of a failed request, or undefined when there was no answer. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}
