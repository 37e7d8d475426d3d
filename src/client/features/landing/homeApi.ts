// The landing page's lists under the hero: the posts live now and the 6 newest stories. The server fills them from its
// repositories; a browser that opens the page in-app reads them from the story list's first page.
import { blogApi } from '../../api/blogApi';
import type { BlogSummary } from '../../../contract/types';

export type HomeLists = { live: BlogSummary[]; latest: BlogSummary[] };

export const LATEST_COUNT = 6;

export const homeApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getHome: build.query<HomeLists, void>({
      query: () => 'blogs',
      transformResponse: (posts: BlogSummary[]) => {
        const list = Array.isArray(posts) ? posts : [];
        return { live: list.filter((post) => post.live?.state === 'live'), latest: list.slice(0, LATEST_COUNT) };
      },
      providesTags: [{ type: 'Blog', id: 'LIST' }],
    }),
  }),
});
