// The matches API's admin side: a day's matches, the team and competition pickers, a match's add, change and delete,
// the season's CSV import, "Cover live" (a live post made and linked in one step) and the tag editor's writes. Only
// the admin chunk imports this; the session cookie authorizes every write.
import { blogApi } from '../../../api/blogApi';
import { postCsv } from '../api/postCsv';
import type { ApiQueryError } from '../../../api/apiBaseQuery';
import type { ImportAnswer, Match, MatchesAnswer, MatchStatus } from '../../../../contract/matches';
import type { TagInfo, TagKind, TagUpdate } from '../../../../contract/tags';

/** The API's page maximum (MATCH_LIMITS.pageMax; that module carries zod, which stays out of the browser). */
const DAY_LIMIT = 200;

/** A match as the form writes it: tags by slug, kickoff an ISO instant. */
export type MatchWrite = {
  competition: string;
  home: string;
  away: string;
  kickoff: string;
  venue: string | null;
  status: MatchStatus;
  homeScore: number | null;
  awayScore: number | null;
};

/** A tag as GET /api/tags lists it. */
export type ListedTag = TagInfo & { count?: number };

/** The live post "Cover live" makes: titled by the teams, tagged with them and the competition, public at once. */
export const coverageSubmission = (match: Match) => ({
  header: {
    title: `${match.home.name} v ${match.away.name}`,
    tags: [match.competition.name, match.home.name, match.away.name],
  },
  status: 'published' as const,
  // An empty post waiting for its coverage is no story to mail.
  newsletter: false,
});

// The tag types join the api slice here, in the admin's chunk, not in every visitor's.
export const matchesAdminApi = blogApi.enhanceEndpoints({ addTagTypes: ['Matches', 'Tags'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The site's time zone: every answer of GET /api/matches names it. */
    getSiteTimeZone: build.query<string, void>({
      query: () => 'matches?limit=1',
      transformResponse: (answer: MatchesAnswer) => answer.timeZone,
    }),
    getAdminMatchDay: build.query<Match[], string>({
      query: (date) => `matches?date=${date}&limit=${DAY_LIMIT}`,
      transformResponse: (answer: MatchesAnswer) => answer.matches,
      providesTags: ['Matches'],
      keepUnusedDataFor: 0,
    }),
    getTagsOfKind: build.query<ListedTag[], TagKind | 'all'>({
      query: (kind) => (kind === 'all' ? 'tags' : `tags?kind=${kind}`),
      providesTags: ['Tags'],
      keepUnusedDataFor: 0,
    }),
    createMatch: build.mutation<Match, MatchWrite>({
      query: (body) => ({
        url: 'matches',
        method: 'POST',
        body,
        validateStatus: (response) => response.status === 201,
      }),
      invalidatesTags: ['Matches', { type: 'Blog', id: 'LIST' }],
    }),
    updateMatch: build.mutation<Match, { id: number; body: Partial<MatchWrite> & { postId?: number } }>({
      query: ({ id, body }) => ({
        url: `matches/${id}`,
        method: 'PUT',
        body,
        validateStatus: (response) => response.status === 200,
      }),
      invalidatesTags: ['Matches', { type: 'Blog', id: 'LIST' }],
    }),
    deleteMatch: build.mutation<null, number>({
      query: (id) => ({
        url: `matches/${id}`,
        method: 'DELETE',
        validateStatus: (response) => response.status === 204,
      }),
      invalidatesTags: ['Matches', { type: 'Blog', id: 'LIST' }],
    }),
    /** Makes the match's live post and links it; the post's id, to open its desk. */
    coverLive: build.mutation<number, Match>({
      queryFn: async (match, _api, _extra, baseQuery) => {
        const created = await baseQuery({
          url: 'blogs',
          method: 'POST',
          body: coverageSubmission(match),
          validateStatus: (response) => response.status === 201,
        });
        if (created.error) return { error: created.error as ApiQueryError };
        const postId = (created.data as { id: number }).id;
        const linked = await baseQuery({
          url: `matches/${match.id}`,
          method: 'PUT',
          body: { postId },
          validateStatus: (response) => response.status === 200,
        });
        if (linked.error) return { error: linked.error as ApiQueryError };
        return { data: postId };
      },
      invalidatesTags: ['Matches', { type: 'Blog', id: 'LIST' }],
    }),
    importMatches: build.mutation<ImportAnswer, string>({
      queryFn: (csv) => postCsv<ImportAnswer>('matches/import', csv),
      invalidatesTags: ['Matches', 'Tags', { type: 'Blog', id: 'LIST' }],
    }),
    updateTag: build.mutation<TagInfo, { slug: string; body: TagUpdate }>({
      query: ({ slug, body }) => ({
        url: `tags/${encodeURIComponent(slug)}`,
        method: 'PUT',
        body,
        validateStatus: (response) => response.status === 200,
      }),
      invalidatesTags: ['Tags', 'Matches', { type: 'Blog', id: 'LIST' }],
    }),
  }),
});
