// GET /api/search, injected from the search page's chunk: no other page loads it.
import { blogApi } from '../../api/blogApi';
import type { SearchAnswer } from '../../../contract/types';

/** A search as the page asks for it: the trimmed query and the offset cursor (0: the first page). */
export type SearchArg = { q: string; cursor: number };

export const searchApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    searchPosts: build.query<SearchAnswer, SearchArg>({
      query: ({ q, cursor }) => `search?q=${encodeURIComponent(q)}${cursor > 0 ? `&cursor=${cursor}` : ''}`,
      providesTags: [{ type: 'Blog', id: 'LIST' }],
    }),
  }),
});
