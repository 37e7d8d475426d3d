// Live coverage of a match: the shapes the API answers, the stream's event names and the limits both sides check.
// Read by the server (routes, stream, repository) and the client (reader's page, writer's desk); types and plain
// constants only, so the visitors' bundle pays nothing for importing it.
import type { TeamRef } from './matches';
import type { TagRef } from './tags';

/** The teams and competition of the match a live post covers: its score line's crests and table link. */
export type LiveFixture = { competition: TagRef; home: TeamRef; away: TeamRef };

/** Sport-agnostic match facts: "245/6", "6-4 3-2", "HT" and "87'" all fit. */
export type MatchInfo = {
  home: string;
  away: string;
  homeScore: string;
  awayScore: string;
  clock: string;
};

export type LiveStateName = 'live' | 'ended';

/** A post's coverage: null on a post that never went live. Times are ISO 8601 (UTC). */
export type LiveCoverage = {
  state: LiveStateName;
  startedAt: string;
  /** null while live */
  endedAt: string | null;
  match: MatchInfo | null;
  /** The match (fixture) the post covers, in reads of the post; absent when none is linked, and from stream events. */
  fixture?: LiveFixture;
};

/** One update of a live post. body is text in the post's textFormat. */
export type LiveEntry = {
  id: number;
  body: string;
  /** a key event: a goal, a card, a wicket */
  key: boolean;
  /** at most one entry of a post is pinned */
  pinned: boolean;
  createdAt: string;
  updatedAt: string;
  author: { name: string };
};

/** GET /api/blogs/:id/entries: newest first, the pinned entry in its own place (it is also in `entries` when the
 * page holds it). `pinned` is the pinned entry or null. `hasOlder` says whether ?before=<last id> finds more.
 * `lastEventId` is the id of the post's newest stream event as of this answer (0 when none): a page opens the stream
 * with it (?lastEventId=), so nothing written between this answer and the stream's start is missed. */
export type EntriesAnswer = {
  entries: LiveEntry[];
  live: LiveCoverage | null;
  pinned: LiveEntry | null;
  hasOlder: boolean;
  lastEventId: number;
};

/**
 * A match live now that no public live post covers (an editor set it live by hand, or its post is not public or not
 * live coverage): its teams, competition, kickoff (ISO instant) and score (both null until set). postId is its post
 * when that post is public, else null (the page links to the competition instead).
 */
export type LiveMatch = LiveFixture & {
  id: number;
  kickoff: string;
  homeScore: number | null;
  awayScore: number | null;
  postId: number | null;
};

/**
 * GET /api/live: the public posts whose coverage is live now (newest first), each with its title and coverage, and
 * the other live matches in kickoff order (a match a live public post covers is that post's entry, never one here).
 */
export type LiveNowAnswer = { posts: { id: number; title: string; live: LiveCoverage }[]; matches: LiveMatch[] };

/** PUT /api/blogs/:id/live body. match: omitted keeps the stored one, null clears it. */
export type LiveUpdate = { state: LiveStateName; match?: MatchInfo | null };

/** POST and PUT /api/blogs/:id/entries[/:entryId] body. */
export type EntryInput = { body: string; key?: boolean; pinned?: boolean };

/** The stream's event names (`event:` lines of GET /api/blogs/:id/live). */
export const LIVE_EVENTS = {
  /** data: LiveEntry, new or edited; the reader replaces by id */
  entry: 'entry',
  /** data: {id} */
  delete: 'delete',
  /** data: LiveCoverage */
  live: 'live',
  /** data: {}: the server cannot replay from Last-Event-ID; reload the entries */
  reset: 'reset',
} as const;

export const LIVE_LIMITS = {
  teamMax: 60,
  /** homeScore, awayScore and clock */
  scoreMax: 40,
  entryBodyMax: 5_000,
  entriesPageDefault: 50,
  entriesPageMax: 100,
  /** open streams per client address; the next is a 429 */
  streamsPerAddress: 10,
  /** open streams per IPv6 /48 (a site's whole network, thousands of /64 addresses); the next is a 429 */
  streamsPerNetwork: 100,
  /** default of LIVE_MAX_STREAMS: the process-wide cap, answered with 503 and Retry-After */
  streamsPerProcessDefault: 20_000,
  /** a comment line at least this often (ms) */
  heartbeatMs: 25_000,
  /** the page's polling fallback (ms) when the stream is refused */
  pollMs: 10_000,
  /** entries in the JSON-LD liveBlogUpdate */
  jsonLdEntries: 50,
  /** headline of an entry in JSON-LD */
  headlineMax: 110,
} as const;

/** "Arsenal 2–1 Chelsea": the score line as the page shows it (en dash between the scores). */
export function scoreLine(match: MatchInfo): string {
  return `${match.home} ${match.homeScore}–${match.awayScore} ${match.away}`;
}
