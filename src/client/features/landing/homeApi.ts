// The landing page's lists under the hero: the posts live now, the other live matches and the 6 newest stories. The
// server fills them from its repositories; a browser that opens the page in-app reads them from the story list's first
// page (and the live matches from the live-now answer).
import { blogApi } from '../../api/blogApi';
import type { LiveMatch } from '../../../contract/live';
import type { BlogSummary } from '../../../contract/types';

/** matches: the live matches no live public post covers, as GET /api/live answers them (only the server fills it). */
export type HomeLists = { live: BlogSummary[]; latest: BlogSummary[]; matches?: LiveMatch[] };

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
