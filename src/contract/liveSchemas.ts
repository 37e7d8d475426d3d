// Request bodies and queries of the live coverage API (PUT /api/blogs/:id/live, the entries), as zod (mini) schemas:
// the server's only, like schemas.ts (the client imports their types, never zod).
import * as z from 'zod/mini';
import { LIVE_LIMITS } from './live';
import { pageSizeParam } from './params';
import { parsePostId } from './routes';
import { CONTROL_CHARS_MESSAGE, hasForbiddenChars, isSingleLine, SINGLE_LINE_MESSAGE } from './text';

// Text no field stores: control characters, unpaired surrogates, U+FFFE/U+FFFF (the rule and why: text.ts).
const storable = z.refine<string>((s) => !hasForbiddenChars(s), CONTROL_CHARS_MESSAGE);

/** Trimmed text of min..max characters (after trimming). */
const trimmed = (min: number, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      ...(min > 0 ? [z.minLength(min, 'must not be empty')] : []),
      z.maxLength(max, `must be at most ${max} characters`),
      storable,
    );

/** A part of the score line (a team, a score, the clock): trimmed, and one line. */
const line = (min: number, max: number) => trimmed(min, max).check(z.refine(isSingleLine, SINGLE_LINE_MESSAGE));

export const matchInfoSchema = z.object({
  home: line(1, LIVE_LIMITS.teamMax),
  away: line(1, LIVE_LIMITS.teamMax),
  homeScore: z._default(line(0, LIVE_LIMITS.scoreMax), ''),
  awayScore: z._default(line(0, LIVE_LIMITS.scoreMax), ''),
  clock: z._default(line(0, LIVE_LIMITS.scoreMax), ''),
});

/** PUT /api/blogs/:id/live: match omitted keeps the stored one, null clears it. */
export const liveUpdateSchema = z.object({
  state: z.enum(['live', 'ended']),
  match: z.optional(z.nullable(matchInfoSchema)),
});

/** POST /api/blogs/:id/entries and PUT …/entries/:entryId; the body is stored trimmed. */
export const entryInputSchema = z.object({
  body: trimmed(1, LIVE_LIMITS.entryBodyMax),
  key: z._default(z.boolean(), false),
  pinned: z._default(z.boolean(), false),
});

export type ValidLiveUpdate = z.output<typeof liveUpdateSchema>;
export type ValidEntryInput = z.output<typeof entryInputSchema>;

const entryId = z.pipe(
  z.string().check(z.refine((s) => parsePostId(s) !== undefined, 'must be an entry id')),
  z.transform(Number),
);

/** GET /api/blogs/:id/entries: ?before= (older pages) or ?after= (the polling fallback), and limit. */
export const entriesQuerySchema = z.object({
  before: z.optional(entryId),
  after: z.optional(entryId),
  limit: pageSizeParam(LIVE_LIMITS.entriesPageMax, LIVE_LIMITS.entriesPageDefault),
});

/** "12" (spaces around it allowed) → 12; sent twice (?lastEventId=1&lastEventId=2) it is no one id. */
const eventId = z.pipe(
  z
    .unknown()
    .check(
      z.refine(
        (value) => typeof value === 'string' && /^\d{1,15}$/.test(value.trim()),
        'must be a whole number, the id of an event of this stream',
      ),
    ),
  z.transform((value) => Number((value as string).trim())),
);

/**
 * GET /api/blogs/:id/live: the last event a reconnecting reader saw, from Last-Event-ID or, for clients that cannot
 * set the header, ?lastEventId= (the route reads the header into this field: the header wins).
 */
export const liveStreamQuerySchema = z.object({ lastEventId: z.optional(eventId) });
