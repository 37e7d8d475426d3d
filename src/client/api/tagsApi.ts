// The site's tags (GET /api/tags), which the subscribe forms and the member's preferences offer to follow. The server
// fills it on the landing page's render; a page opened in-app reads it.
import { blogApi } from './blogApi';
import type { TagCount } from '../../contract/types';

export const tagsApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getTags: build.query<TagCount[], void>({
      query: () => 'tags',
      transformResponse: (tags: unknown) => (Array.isArray(tags) ? (tags as TagCount[]) : []),
      providesTags: [{ type: 'Blog', id: 'LIST' }],
    }),
  }),
});
