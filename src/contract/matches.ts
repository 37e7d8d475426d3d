// Matches between two team tags in a competition tag, and the competition's table: the shapes the API answers and
// the zod schemas it validates with. The client imports only the types and constants (zod stays out of the browser).
import * as z from 'zod/mini';
import { isSlug, POINTS_MAX, TAG_KINDS, TAG_NAME_MAX, TAG_SHORT_NAME_MAX } from './tags';
import type { TagRef, TeamFacts } from './tags';
import { CONTROL_CHARS_MESSAGE, hasForbiddenChars, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { POST_ID_MAX } from './limits';

export const MATCH_STATUSES = ['scheduled', 'live', 'finished', 'postponed'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const MATCH_LIMITS = {
  venueMax: 100,
  /** goals a side may score in one match */
  scoreMax: 999,
  pageDefault: 50,
  pageMax: 200,
  /** rows one CSV import may hold */
  importRowsMax: 2_000,
  /** bytes of one CSV import */
  importBytesMax: 512 * 1024,
  /** results a table's form lists, newest last */
  formLength: 5,
} as const;

/** How long a match lasts in a calendar. */
export const MATCH_DURATION_MS = 2 * 60 * 60 * 1000;

export type TeamRef = TagRef & TeamFacts;

/**
 * A match as the API answers it. kickoff is an ISO 8601 instant (UTC). The scores are both null or both set. While
 * the linked post has live coverage, status and score are the coverage's: 'live' while it is live, 'finished' once it
 * ended, the score the desk last wrote (null when it is not two whole numbers).
 */
export type Match = {
  id: number;
  competition: TagRef;
  home: TeamRef;
  away: TeamRef;
  kickoff: string;
  venue: string | null;
  status: MatchStatus;
  homeScore: number | null;
  awayScore: number | null;
  /** the story or live coverage about the match */
  postId: number | null;
  /** ISO 8601: the last change of the match or of its coverage */
  updatedAt: string;
};

/**
 * GET /api/matches: in kickoff order (then id); nextCursor is the ?cursor= of the next page, null on the last.
 * timeZone is the site's (SITE_TIME_ZONE, IANA), the zone ?date= days are in.
 */
export type MatchesAnswer = { matches: Match[]; nextCursor: string | null; timeZone: string };

/** One result in a table's form: won, drawn or lost. */
export type FormResult = 'W' | 'D' | 'L';

/** One row of a competition's table. */
export type TableRow = {
  position: number;
  team: TeamRef;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
  /** the last five results, oldest first */
  form: FormResult[];
};

/** GET /api/competitions/:slug/table. */
export type TableAnswer = {
  competition: TagRef;
  pointsForWin: number;
  pointsForDraw: number;
  rows: TableRow[];
};

/** POST /api/matches/import's answer: what was created. A refused import answers 400 with `details` per line. */
export type ImportAnswer = { created: number; tagsCreated: TagRef[] };

// --- zod schemas (server only) ---

const storable = z.refine<string>((s) => !hasForbiddenChars(s), CONTROL_CHARS_MESSAGE);
const oneLine = z.refine<string>(isSingleLine, SINGLE_LINE_MESSAGE);

/** A tag named by its slug (as /tag/{slug} writes it). */
export const tagSlugSchema = z
  .string()
  .check(z.refine(isSlug, 'must be a tag slug (lowercase letters, digits and single dashes)'));

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a text is a time with its offset (2026-11-28T15:00:00Z, 2026-11-28T16:00+01:00) that names a real instant. */
export function isInstant(text: string): boolean {
  if (!ISO_INSTANT.test(text)) return false;
  const time = Date.parse(text);
  if (Number.isNaN(time)) return false;
  // Date.parse rolls 2026-02-30 over to March: the day written must be the day read, at the offset written.
  const [date] = text.split('T');
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(text);
  const shift = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return new Date(time + shift * 60_000).toISOString().slice(0, 10) === date;
}

export const KICKOFF_MESSAGE = 'must be a time with its offset, e.g. 2026-11-28T15:00:00Z or 2026-11-28T15:00+01:00';

const kickoffSchema = z.pipe(
  z.string().check(z.refine(isInstant, KICKOFF_MESSAGE)),
  z.transform((s) => new Date(s).toISOString()),
);

const venueSchema = z.nullable(
  z.pipe(
    z
      .string()
      .check(
        z.maxLength(MATCH_LIMITS.venueMax, `must be at most ${MATCH_LIMITS.venueMax} characters`),
        storable,
        oneLine,
      ),
    z.transform((s) => (s.trim() === '' ? null : s.trim())),
  ),
);

const scoreSchema = z.nullable(
  z
    .int('must be a whole number')
    .check(
      z.minimum(0, 'must not be negative'),
      z.maximum(MATCH_LIMITS.scoreMax, `must be at most ${MATCH_LIMITS.scoreMax}`),
    ),
);

const postIdSchema = z.nullable(
  z.int('must be a post id').check(z.minimum(1, 'must be a post id'), z.maximum(POST_ID_MAX, 'must be a post id')),
);

type MatchFields = {
  home?: string;
  away?: string;
  status?: MatchStatus;
  homeScore?: number | null;
  awayScore?: number | null;
};

/** The rules between a match's fields, on the fields given (an update checks them on the merged match). */
export function matchIssues(match: MatchFields): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (match.home !== undefined && match.home === match.away)
    issues.push({ path: 'away', message: 'A team cannot play itself' });
  const home = match.homeScore ?? null;
  const away = match.awayScore ?? null;
  if ((home === null) !== (away === null)) {
    issues.push({ path: home === null ? 'homeScore' : 'awayScore', message: 'must be set with the other score' });
  } else if (match.status === 'finished' && home === null) {
    issues.push({ path: 'homeScore', message: 'A finished match needs its score' });
  } else if ((match.status === 'scheduled' || match.status === 'postponed') && home !== null) {
    issues.push({ path: 'homeScore', message: `A ${match.status} match has no score` });
  }
  return issues;
}

const withMatchRules = <T extends MatchFields>(schema: z.ZodMiniType<T>) =>
  schema.check(
    z.superRefine((match: T, ctx) => {
      for (const issue of matchIssues(match)) {
        ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message, input: match });
      }
    }),
  );

/** POST /api/matches body: competition, home and away are tag slugs (of a competition and two teams). */
export const matchInputSchema = withMatchRules(
  z.object({
    competition: tagSlugSchema,
    home: tagSlugSchema,
    away: tagSlugSchema,
    kickoff: kickoffSchema,
    venue: z._default(venueSchema, null),
    status: z._default(z.enum(MATCH_STATUSES), 'scheduled'),
    homeScore: z._default(scoreSchema, null),
    awayScore: z._default(scoreSchema, null),
    postId: z._default(postIdSchema, null),
  }),
);
export type MatchInput = z.output<typeof matchInputSchema>;

/** PUT /api/matches/:id body: the fields to change (the rules hold on the match they make). */
export const matchUpdateSchema = z.object({
  competition: z.optional(tagSlugSchema),
  home: z.optional(tagSlugSchema),
  away: z.optional(tagSlugSchema),
  kickoff: z.optional(kickoffSchema),
  venue: z.optional(venueSchema),
  status: z.optional(z.enum(MATCH_STATUSES)),
  homeScore: z.optional(scoreSchema),
  awayScore: z.optional(scoreSchema),
  postId: z.optional(postIdSchema),
});
export type MatchUpdate = z.output<typeof matchUpdateSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = z
  .string()
  .check(z.refine((s) => DAY.test(s) && isInstant(`${s}T00:00Z`), 'must be a day written YYYY-MM-DD'));

/** GET /api/matches query: a day in the site's time zone, or from/to (days or instants), a team, a competition. */
export const matchesQuerySchema = z.object({
  date: z.optional(daySchema),
  team: z.optional(tagSlugSchema),
  competition: z.optional(tagSlugSchema),
  from: z.optional(
    z
      .string()
      .check(
        z.refine(
          (s) => (DAY.test(s) ? isInstant(`${s}T00:00Z`) : isInstant(s)),
          'must be a day (YYYY-MM-DD) or a time with its offset',
        ),
      ),
  ),
  to: z.optional(
    z
      .string()
      .check(
        z.refine(
          (s) => (DAY.test(s) ? isInstant(`${s}T00:00Z`) : isInstant(s)),
          'must be a day (YYYY-MM-DD) or a time with its offset',
        ),
      ),
  ),
  cursor: z.optional(z.string().check(z.refine((s) => /^[0-9]{1,9}$/.test(s), 'must be a cursor from the last page'))),
  limit: z.optional(
    z
      .string()
      .check(
        z.refine(
          (s) => /^[0-9]{1,3}$/.test(s) && Number(s) >= 1 && Number(s) <= MATCH_LIMITS.pageMax,
          `must be an integer from 1 to ${MATCH_LIMITS.pageMax}`,
        ),
      ),
  ),
});

const tagNameSchema = z.pipe(
  z.string().check(
    z.refine((s) => s.trim().length > 0, 'must not be empty'),
    z.refine((s) => s.trim().length <= TAG_NAME_MAX, `must be at most ${TAG_NAME_MAX} characters`),
    storable,
    oneLine,
  ),
  z.transform((s) => s.trim()),
);

const pointsSchema = z
  .int('must be a whole number')
  .check(z.minimum(0, 'must not be negative'), z.maximum(POINTS_MAX, `must be at most ${POINTS_MAX}`));

/** PUT /api/tags/:slug body. A crest is an upload's URL (/uploads/<name>); points apply to competitions only. */
export const tagUpdateSchema = z.object({
  name: z.optional(tagNameSchema),
  kind: z.optional(z.enum(TAG_KINDS)),
  shortName: z.optional(
    z.nullable(
      z.pipe(
        z.string().check(
          z.refine((s) => s.trim().length <= TAG_SHORT_NAME_MAX, `must be at most ${TAG_SHORT_NAME_MAX} characters`),
          storable,
          oneLine,
        ),
        z.transform((s) => (s.trim() === '' ? null : s.trim())),
      ),
    ),
  ),
  crest: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.refine((s) => /^\/uploads\/[0-9a-f]{64}\.[a-z0-9]{2,5}$/.test(s), 'must be an uploaded image (/uploads/…)'),
        ),
    ),
  ),
  pointsForWin: z.optional(pointsSchema),
  pointsForDraw: z.optional(pointsSchema),
});

/** GET /api/tags?kind=. */
export const tagsQuerySchema = z.object({ kind: z.optional(z.enum(TAG_KINDS)) });

// The site's days live in zonedTime.ts (zod-free, so the admin's kickoff field can use them too).
export { dayIn, nextDay, zonedInstant } from './zonedTime';
