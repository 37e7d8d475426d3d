// GET /api/matches?date= for the /matches page, injected from its chunk: no other page loads it. The server seeds the
// page's own day (null: today in the site's time zone) from its repositories.
import { blogApi } from '../../api/blogApi';
import type { Match, MatchesAnswer } from '../../../contract/matches';
import { dayOf } from './matchDay';

/** The API's page maximum (MATCH_LIMITS.pageMax; that module carries zod, which stays out of the browser). */
const DAY_LIMIT = 200;

/** One day's matches, with the day they are and the zone their kickoffs are first written in. */
export type MatchDay = { date: string; timeZone: string; matches: Match[] };

const readerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const matchesApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    /** A day's matches; null is today (the reader's today when the browser asks). */
    getMatchDay: build.query<MatchDay, string | null>({
      query: (date) => `matches?date=${date ?? dayOf(Date.now())}&limit=${DAY_LIMIT}`,
      transformResponse: (answer: MatchesAnswer, _meta, date) => ({
        date: date ?? dayOf(Date.now()),
        timeZone: readerZone(),
        matches: answer.matches,
      }),
      providesTags: [{ type: 'Blog', id: 'LIST' }],
    }),
  }),
});
