// All SQL about matches: the read shape (with the linked post's live coverage deciding status and score while it
// exists), writes that check the tags' kinds, the CSV import in one transaction, and the rows a table and a calendar
// read. Every write bumps the content revision, so the tables cached from them drop in every process.
import type { Kysely } from 'kysely';
import { slugOf } from '../../contract/tags';
import type { TagKind, TagRef } from '../../contract/tags';
import type { Match, MatchesAnswer, MatchInput, MatchStatus, MatchUpdate } from '../../contract/matches';
import { matchIssues } from '../../contract/matches';
import type { LiveMatch } from '../../contract/live';
import type { Database, Db } from '../db/database';
import { bumpRevision } from './contentRevision';
import { shownText } from './shown';
import { isPublic } from './visibility';

export type Detail = { path: string; message: string };

const iso = (value: Date | string) => new Date(value).toISOString();

/** A desk score as a match holds it: a whole number, or nothing ("245/6" and "" are no football score). */
const goals = (text: string | null) => (text !== null && /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null);

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('matches')
    .innerJoin('tags as c', 'c.id', 'matches.competition_id')
    .innerJoin('tags as h', 'h.id', 'matches.home_id')
    .innerJoin('tags as a', 'a.id', 'matches.away_id')
    .leftJoin('live_coverage as lc', 'lc.post_id', 'matches.post_id')
    .select([
      'matches.id',
      'matches.kickoff',
      'matches.venue',
      'matches.status',
      'matches.home_score',
      'matches.away_score',
      'matches.post_id',
      'matches.updated_at',
      'matches.sequence',
      'matches.competition_id',
      'matches.home_id',
      'matches.away_id',
      'c.slug as c_slug',
      'c.name as c_name',
      'h.slug as h_slug',
      'h.name as h_name',
      'h.short_name as h_short',
      'h.crest as h_crest',
      'a.slug as a_slug',
      'a.name as a_name',
      'a.short_name as a_short',
      'a.crest as a_crest',
      'lc.state as lc_state',
      'lc.home_score as lc_home',
      'lc.away_score as lc_away',
      'lc.started_at as lc_started',
      'lc.ended_at as lc_ended',
    ]);
}

type MatchRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

export type StoredMatch = Match & { sequence: number; competitionId: number; homeId: number; awayId: number };

function matchOf(row: MatchRow): StoredMatch {
  // While the linked post has coverage, the match is what the desk says: one source, so the two never disagree.
  const covered = row.lc_state !== null;
  let status: MatchStatus = row.status;
  let homeScore = row.home_score === null ? null : Number(row.home_score);
  let awayScore = row.away_score === null ? null : Number(row.away_score);
  let updatedAt = iso(row.updated_at);
  if (covered) {
    status = row.lc_state === 'live' ? 'live' : 'finished';
    const home = goals(row.lc_home);
    const away = goals(row.lc_away);
    [homeScore, awayScore] = home === null || away === null ? [null, null] : [home, away];
    const coverageAt = iso(row.lc_ended ?? row.lc_started!);
    if (coverageAt > updatedAt) updatedAt = coverageAt;
  }
  return {
    id: row.id,
    competition: { slug: row.c_slug, name: shownText(row.c_name) },
    home: {
      slug: row.h_slug,
      name: shownText(row.h_name),
      shortName: row.h_short === null ? null : shownText(row.h_short),
      crest: row.h_crest,
    },
    away: {
      slug: row.a_slug,
      name: shownText(row.a_name),
      shortName: row.a_short === null ? null : shownText(row.a_short),
      crest: row.a_crest,
    },
    kickoff: iso(row.kickoff),
    venue: row.venue === null ? null : shownText(row.venue),
    status,
    homeScore,
    awayScore,
    postId: row.post_id,
    updatedAt,
    sequence: Number(row.sequence),
    competitionId: row.competition_id,
    homeId: row.home_id,
    awayId: row.away_id,
  };
}

/** The API's shape of a stored match (without the columns only the server reads). */
export function publicMatch({ sequence: _s, competitionId: _c, homeId: _h, awayId: _a, ...match }: StoredMatch): Match {
  return match;
}

export async function findMatch(db: Kysely<Database>, id: number): Promise<StoredMatch | undefined> {
  const row = await baseQuery(db).where('matches.id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : matchOf(row);
}

export type MatchFilter = {
  /** kickoff at or after (ISO instant) */
  from?: string;
  /** kickoff before (ISO instant) */
  to?: string;
  /** a team tag's slug: its matches home and away */
  team?: string;
  /** a competition tag's slug */
  competition?: string;
};

/** Matches in kickoff order (then id), a page of `limit` from `offset`. */
export async function listMatches(
  db: Db,
  filter: MatchFilter,
  { offset = 0, limit }: { offset?: number; limit: number },
): Promise<Omit<MatchesAnswer, 'timeZone'>> {
  let query = baseQuery(db.kysely);
  if (filter.from !== undefined) query = query.where('matches.kickoff', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('matches.kickoff', '<', filter.to);
  if (filter.team !== undefined) {
    const team = filter.team;
    query = query.where((eb) => eb.or([eb('h.slug', '=', team), eb('a.slug', '=', team)]));
  }
  if (filter.competition !== undefined) query = query.where('c.slug', '=', filter.competition);
  const rows = await query
    .orderBy('matches.kickoff')
    .orderBy('matches.id')
    .offset(offset)
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  return {
    matches: rows.slice(0, limit).map((row) => publicMatch(matchOf(row))),
    nextCursor: more ? String(offset + limit) : null,
  };
}

/** Every match of a tag (as a team or a competition), in kickoff order: a calendar's events, a table's results. */
export async function matchesOfTag(db: Kysely<Database>, tagId: number): Promise<StoredMatch[]> {
  const rows = await baseQuery(db)
    .where((eb) =>
      eb.or([
        eb('matches.competition_id', '=', tagId),
        eb('matches.home_id', '=', tagId),
        eb('matches.away_id', '=', tagId),
      ]),
    )
    .orderBy('matches.kickoff')
    .orderBy('matches.id')
    .execute();
  return rows.map(matchOf);
}

/**
 * The landing page's live matches that no public live post covers (those posts are listed themselves): set live by
 * hand, or covered live by a post not public at `now`. Each names its post only when that post is public.
 */
export async function uncoveredLiveMatches(db: Kysely<Database>, now: Date): Promise<LiveMatch[]> {
  const rows = await baseQuery(db)
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('posts').select('posts.id').whereRef('posts.id', '=', 'matches.post_id').where(isPublic(now)),
        )
        .as('post_public'),
    )
    // Live as matchOf reads it: the coverage's state while there is one, else the match's own status.
    .where((eb) =>
      eb.or([eb('lc.state', '=', 'live'), eb.and([eb('lc.state', 'is', null), eb('matches.status', '=', 'live')])]),
    )
    .orderBy('matches.kickoff')
    .orderBy('matches.id')
    .execute();
  // true on PostgreSQL, 1 on SQLite
  const read = rows.map((row) => ({ row, postPublic: Boolean(row.post_public) }));
  return read
    .filter(({ row, postPublic }) => !(row.lc_state === 'live' && postPublic))
    .map(({ row, postPublic }) => {
      const { id, competition, home, away, kickoff, homeScore, awayScore, postId } = matchOf(row);
      return { id, competition, home, away, kickoff, homeScore, awayScore, postId: postPublic ? postId : null };
    });
}

type TagFacts = { id: number; kind: TagKind; name: string };

async function tagBySlug(trx: Kysely<Database>, slug: string): Promise<TagFacts | undefined> {
  return trx.selectFrom('tags').select(['id', 'kind', 'name']).where('slug', '=', slug).executeTakeFirst();
}

const KIND_WORD: Record<TagKind, string> = { topic: 'a topic', team: 'a team', competition: 'a competition' };

/** The tag a field names, or the detail saying why it cannot be the match's `want`. */
async function resolveTag(
  trx: Kysely<Database>,
  path: string,
  slug: string,
  want: 'team' | 'competition',
): Promise<TagFacts | Detail> {
  const tag = await tagBySlug(trx, slug);
  if (tag === undefined) return { path, message: `must be ${KIND_WORD[want]} tag: no tag is named "${slug}"` };
  if (tag.kind !== want) {
    return { path, message: `must be ${KIND_WORD[want]} tag: "${shownText(tag.name)}" is ${KIND_WORD[tag.kind]}` };
  }
  return tag;
}

const isDetail = (value: TagFacts | Detail): value is Detail => 'message' in value;

/** Why a post cannot be this match's post, or undefined when it can. */
async function postProblem(trx: Kysely<Database>, postId: number, matchId: number | undefined) {
  const post = await trx.selectFrom('posts').select('id').where('id', '=', postId).executeTakeFirst();
  if (post === undefined) return 'must be a post here';
  let other = trx.selectFrom('matches').select('id').where('post_id', '=', postId);
  if (matchId !== undefined) other = other.where('id', '!=', matchId);
  if ((await other.executeTakeFirst()) !== undefined) return 'is the post of another match already';
  return undefined;
}

async function hasCoverage(trx: Kysely<Database>, postId: number | null): Promise<boolean> {
  if (postId === null) return false;
  const row = await trx.selectFrom('live_coverage').select('post_id').where('post_id', '=', postId).executeTakeFirst();
  return row !== undefined;
}

export type WriteResult =
  | { ok: true; match: Match }
  | { ok: false; code: 400; details: Detail[] }
  | { ok: false; code: 404 | 409; error: string };

export const COVERED_SCORE =
  'This match is covered live: its status and score come from the live desk, which writes them';

/** Creates a match (input already validated); the tags must exist with the right kinds. */
export async function createMatch(db: Db, input: MatchInput, now: Date): Promise<WriteResult> {
  return db.kysely.transaction().execute(async (trx) => {
    const competition = await resolveTag(trx, 'competition', input.competition, 'competition');
    const home = await resolveTag(trx, 'home', input.home, 'team');
    const away = await resolveTag(trx, 'away', input.away, 'team');
    const details = [competition, home, away].filter(isDetail);
    if (input.postId !== null) {
      const problem = await postProblem(trx, input.postId, undefined);
      if (problem !== undefined) details.push({ path: 'postId', message: problem });
    }
    if (details.length > 0 || isDetail(competition) || isDetail(home) || isDetail(away)) {
      return { ok: false, code: 400, details } as const;
    }
    const at = now.toISOString();
    const { id } = await trx
      .insertInto('matches')
      .values({
        competition_id: competition.id,
        home_id: home.id,
        away_id: away.id,
        kickoff: input.kickoff,
        venue: input.venue,
        status: input.status,
        home_score: input.homeScore,
        away_score: input.awayScore,
        post_id: input.postId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await bumpRevision(trx);
    return { ok: true, match: publicMatch((await findMatch(trx, id))!) } as const;
  });
}

/** Changes a match: the rules hold on the match the change makes; a covered match's status and score are the desk's. */
export async function updateMatch(db: Db, id: number, change: MatchUpdate, now: Date): Promise<WriteResult> {
  return db.kysely.transaction().execute(async (trx) => {
    const current = await findMatch(trx, id);
    if (current === undefined) return { ok: false, code: 404, error: 'Match not found' } as const;
    const postId = change.postId === undefined ? current.postId : change.postId;
    const scoreGiven = change.status !== undefined || change.homeScore !== undefined || change.awayScore !== undefined;
    if (scoreGiven && (await hasCoverage(trx, postId))) return { ok: false, code: 409, error: COVERED_SCORE } as const;
    const stored = await trx
      .selectFrom('matches')
      .select(['status', 'home_score', 'away_score'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const merged = {
      home: change.home ?? current.home.slug,
      away: change.away ?? current.away.slug,
      status: change.status ?? stored.status,
      homeScore: change.homeScore === undefined ? stored.home_score : change.homeScore,
      awayScore: change.awayScore === undefined ? stored.away_score : change.awayScore,
    };
    const details: Detail[] = matchIssues(merged);
    const ids = { competition_id: current.competitionId, home_id: current.homeId, away_id: current.awayId };
    for (const [path, key, want] of [
      ['competition', 'competition_id', 'competition'],
      ['home', 'home_id', 'team'],
      ['away', 'away_id', 'team'],
    ] as const) {
      const slug = change[path];
      if (slug === undefined) continue;
      const tag = await resolveTag(trx, path, slug, want);
      if (isDetail(tag)) details.push(tag);
      else ids[key] = tag.id;
    }
    if (change.postId != null && change.postId !== current.postId) {
      const problem = await postProblem(trx, change.postId, id);
      if (problem !== undefined) details.push({ path: 'postId', message: problem });
    }
    if (details.length > 0) return { ok: false, code: 400, details } as const;
    // A calendar shows when and where, who plays whom and whether it is on: a change of those is a new SEQUENCE.
    const seen =
      ids.competition_id !== current.competitionId ||
      ids.home_id !== current.homeId ||
      ids.away_id !== current.awayId ||
      (change.kickoff !== undefined && change.kickoff !== current.kickoff) ||
      (change.venue !== undefined && change.venue !== current.venue) ||
      (change.status !== undefined && change.status !== stored.status);
    await trx
      .updateTable('matches')
      .set({
        ...ids,
        ...(change.kickoff !== undefined ? { kickoff: change.kickoff } : {}),
        ...(change.venue !== undefined ? { venue: change.venue } : {}),
        status: merged.status,
        home_score: merged.homeScore,
        away_score: merged.awayScore,
        post_id: postId,
        updated_at: now.toISOString(),
        ...(seen ? { sequence: current.sequence + 1 } : {}),
      })
      .where('id', '=', id)
      .execute();
    await bumpRevision(trx);
    return { ok: true, match: publicMatch((await findMatch(trx, id))!) } as const;
  });
}

export async function deleteMatch(db: Db, id: number): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const { numDeletedRows } = await trx.deleteFrom('matches').where('id', '=', id).executeTakeFirst();
    if (numDeletedRows === 0n) return false;
    await bumpRevision(trx);
    return true;
  });
}

/** One CSV row read: names as written, kickoff an ISO instant; `line` is its line in the file. */
export type ImportRow = {
  line: number;
  competition: string;
  home: string;
  away: string;
  kickoff: string;
  venue: string | null;
};

/**
 * Creates the rows' matches and their missing tags in one transaction. A name that is a topic tag becomes the kind
 * the row needs (a newsroom's "Arsenal" tag becomes the team); a team named as a competition, or the reverse, is a bad
 * row. Any bad row: nothing is written, and the details name each by its line.
 */
export async function importMatches(
  db: Db,
  rows: ImportRow[],
  now: Date,
): Promise<{ ok: true; created: number; tagsCreated: TagRef[] } | { ok: false; details: Detail[] }> {
  return db.kysely.transaction().execute(async (trx) => {
    const details: Detail[] = [];
    const kinds = new Map<string, { name: string; kind: 'team' | 'competition'; line: number }>();
    for (const row of rows) {
      for (const [name, kind] of [
        [row.competition, 'competition'],
        [row.home, 'team'],
        [row.away, 'team'],
      ] as const) {
        const slug = slugOf(name);
        const seen = kinds.get(slug);
        if (seen === undefined) kinds.set(slug, { name, kind, line: row.line });
        else if (seen.kind !== kind) {
          details.push({
            path: `line ${row.line}`,
            message: `"${name}" is ${KIND_WORD[kind]} here but ${KIND_WORD[seen.kind]} on line ${seen.line}`,
          });
        }
      }
    }
    const slugs = [...kinds.keys()];
    const existing =
      slugs.length === 0
        ? []
        : await trx.selectFrom('tags').select(['id', 'slug', 'name', 'kind']).where('slug', 'in', slugs).execute();
    const found = new Map(existing.map((tag) => [tag.slug, tag]));
    for (const [slug, want] of kinds) {
      const tag = found.get(slug);
      if (tag !== undefined && tag.kind !== 'topic' && tag.kind !== want.kind) {
        details.push({
          path: `line ${want.line}`,
          message: `"${shownText(tag.name)}" is ${KIND_WORD[tag.kind]} tag, not ${KIND_WORD[want.kind]}`,
        });
      }
    }
    if (details.length > 0) return { ok: false, details } as const;

    const tagsCreated: TagRef[] = [];
    for (const [slug, want] of kinds) {
      const tag = found.get(slug);
      if (tag === undefined) {
        await trx.insertInto('tags').values({ slug, name: want.name, kind: want.kind }).execute();
        tagsCreated.push({ slug, name: want.name });
      } else if (tag.kind === 'topic') {
        await trx.updateTable('tags').set({ kind: want.kind }).where('id', '=', tag.id).execute();
      }
    }
    const all = await trx.selectFrom('tags').select(['id', 'slug']).where('slug', 'in', slugs).execute();
    const idOf = new Map(all.map((tag) => [tag.slug, tag.id]));
    const at = now.toISOString();
    if (rows.length > 0) {
      await trx
        .insertInto('matches')
        .values(
          rows.map((row) => ({
            competition_id: idOf.get(slugOf(row.competition))!,
            home_id: idOf.get(slugOf(row.home))!,
            away_id: idOf.get(slugOf(row.away))!,
            kickoff: row.kickoff,
            venue: row.venue,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    }
    await bumpRevision(trx);
    return { ok: true, created: rows.length, tagsCreated } as const;
  });
}
