// The app's one RTK Query api slice. Features add endpoints with blogApi.injectEndpoints; pages read it through the
// hooks in queryHooks.ts.
import { createApi } from '@reduxjs/toolkit/query';
import { apiBaseQuery } from './apiBaseQuery';
import type { BlogPost, BlogSummary } from '../../contract/types';
import type { BlogSubmission } from '../../contract/schemas';

/** One page of GET /api/blogs; nextCursor comes from the Link rel="next" header. */
export type BlogPage = { posts: BlogSummary[]; nextCursor: string | null };

/** Reads the cursor of a `Link: <…?cursor=X>; rel="next"` header. */
export function nextCursorFromLink(link: string | null | undefined): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (match) {
      const target = new URL(match[1], 'http://localhost');
      return target.searchParams.get('cursor');
    }
  }
  return null;
}

// Request needs an absolute URL outside a document (jest); in the browser this is simply /api. The live stream's
// EventSource, which is no endpoint, opens from it too.
export const baseUrl = `${globalThis.location?.origin ?? 'http://localhost'}/api`;

/**
 * The action that loads the api state a server-rendered page embeds (entry-server.tsx writes it, main.tsx dispatches
 * it before hydrating), so the page's queries start fulfilled and are not fetched again.
 */
export const SERVER_STATE_LOADED = 'api/serverStateLoaded';

export const blogApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery(baseUrl),
  // The payload is this slice's state as the server's store held it (RTK's CombinedState, which it cannot name here).
  extractRehydrationInfo: (action) => (action.type === SERVER_STATE_LOADED ? (action.payload as never) : undefined),
  tagTypes: ['Blog'],
  endpoints: (build) => ({
    // The story list, or one tag's stories when the argument is its slug.
    getBlogs: build.infiniteQuery<BlogPage, string | undefined, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg: tag, pageParam }) =>
        `blogs?${tag ? `tag=${encodeURIComponent(tag)}&` : ''}${pageParam ? `cursor=${encodeURIComponent(pageParam)}` : ''}`,
      transformResponse: (posts: BlogSummary[], meta) => ({
        posts,
        nextCursor: nextCursorFromLink(meta?.response?.headers.get('Link')),
      }),
      providesTags: [{ type: 'Blog', id: 'LIST' }],
    }),
    getBlog: build.query<BlogPost, string>({
      query: (id) => `blogs/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Blog', id }],
    }),
    createBlog: build.mutation<BlogPost, BlogSubmission>({
      // Only 201 counts as success: any other status, 2xx included, is a failed submission.
      query: (body) => ({ url: 'blogs', method: 'POST', body, validateStatus: (response) => response.status === 201 }),
      invalidatesTags: [{ type: 'Blog', id: 'LIST' }],
    }),
  }),
});
