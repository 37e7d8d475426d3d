// The admin's requests for revisions and the trash: a post's revisions, one revision, restoring one; the posts in the
// trash, restoring one, deleting one for good. The session speaks, or a typed token as a Bearer header; reads are
// dropped as soon as no page shows them (keepUnusedDataFor: 0), as in adminApi.ts.
import { blogApi } from '../../../api/blogApi';
import type { AdminBlogPost, RevisionSummary, TrashedSummary } from '../../../../contract/types';
import { bearer, blogPath, postTags } from './adminApi';
import type { PostWithTag } from './adminApi';

/** A read as the admin asked for it; `load` counts their requests, so each is a fresh one. */
export type RevisionsArg = { id: string; token: string; load: number };
export type RevisionArg = { id: string; rev: number; token: string };
export type TrashArg = { token: string; load: number };

export const revisionsTrashApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getRevisions: build.query<RevisionSummary[], RevisionsArg>({
      query: ({ id, token }) => ({ url: `${blogPath(id)}/revisions`, headers: bearer(token) }),
      keepUnusedDataFor: 0,
    }),
    getRevision: build.query<AdminBlogPost, RevisionArg>({
      query: ({ id, rev, token }) => ({ url: `${blogPath(id)}/revisions/${rev}`, headers: bearer(token) }),
      keepUnusedDataFor: 0,
    }),
    restoreRevision: build.mutation<PostWithTag, { id: string; rev: number; token: string; etag: string }>({
      query: ({ id, rev, token, etag }) => ({
        url: `${blogPath(id)}/revisions/${rev}/restore`,
        method: 'POST',
        headers: { ...bearer(token), ...(etag ? { 'If-Match': etag } : {}) },
        validateStatus: (response) => response.status === 200,
      }),
      transformResponse: (post: AdminBlogPost, meta) => ({ post, etag: meta?.response?.headers.get('ETag') ?? '' }),
      invalidatesTags: (_result, _error, { id }) => postTags(id),
    }),
    getTrash: build.query<TrashedSummary[], TrashArg>({
      query: ({ token }) => ({ url: 'blogs?status=trash&limit=100', headers: bearer(token) }),
      keepUnusedDataFor: 0,
    }),
    restoreFromTrash: build.mutation<AdminBlogPost, { id: string; token: string }>({
      query: ({ id, token }) => ({
        url: `${blogPath(id)}/restore`,
        method: 'POST',
        headers: bearer(token),
        validateStatus: (response) => response.status === 200,
      }),
      invalidatesTags: (_result, _error, { id }) => postTags(id),
    }),
    deleteForever: build.mutation<null, { id: string; token: string }>({
      query: ({ id, token }) => ({
        url: `${blogPath(id)}?permanent=true`,
        method: 'DELETE',
        headers: bearer(token),
        validateStatus: (response) => response.status === 204,
      }),
    }),
  }),
});
