// GET /api/authors/:slug: an author's profile and stories, injected from the author page's chunk.
import { blogApi } from '../../api/blogApi';
import type { AuthorPageData } from '../../../contract/authors';

export const authorApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getAuthor: build.query<AuthorPageData, string>({
      query: (slug) => `authors/${encodeURIComponent(slug)}`,
      providesTags: [{ type: 'Blog', id: 'LIST' }],
    }),
  }),
});
