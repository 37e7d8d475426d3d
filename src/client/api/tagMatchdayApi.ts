// A team's or competition's matchday facts for its tag page (GET /api/matches and the competition's table). The
// server seeds a rendered tag page's; a topic's answer is null.
import { blogApi } from './blogApi';
import type { MatchesAnswer, TableAnswer } from '../../contract/matches';
import { matchdayOf, teamCompetition } from '../../contract/matchday';
import type { TagMatchday } from '../../contract/matchday';

/** The API's page maximum (contract/matches.ts carries zod, which stays out of the browser). */
const LIMIT = 200;

export const tagMatchdayApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getTagMatchday: build.query<TagMatchday | null, string>({
      async queryFn(slug, _api, _extra, baseQuery) {
        const read = async <T>(url: string) => {
          const result = await baseQuery(url);
          return result.error ? undefined : (result.data as T);
        };
        const competition = await read<MatchesAnswer>(`matches?competition=${slug}&limit=${LIMIT}`);
        if (competition?.matches.length) {
          const table = (await read<TableAnswer>(`competitions/${slug}/table`)) ?? null;
          return { data: matchdayOf('competition', competition.matches, table, Date.now()) };
        }
        const team = await read<MatchesAnswer>(`matches?team=${slug}&limit=${LIMIT}`);
        if (!team?.matches.length) return { data: null };
        const of = teamCompetition(team.matches);
        const table = of ? ((await read<TableAnswer>(`competitions/${of.slug}/table`)) ?? null) : null;
        return { data: matchdayOf('team', team.matches, table, Date.now()) };
      },
      providesTags: [{ type: 'Blog', id: 'LIST' }],
    }),
  }),
});
