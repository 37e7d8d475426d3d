// GET /api/blogs/:id/related: the stories below a post ("More on {primary tag}"), injected from the post page's chunk.
import { blogApi } from '../../api/blogApi';
import type { BlogSummary } from '../../../contract/types';

export const relatedApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getRelated: build.query<BlogSummary[], string>({
      query: (id) => `blogs/${encodeURIComponent(id)}/related`,
      providesTags: [{ type: 'Blog', id: 'LIST' }],
    }),
  }),
});
