// Matches and tables: GET /api/matches (public, paged), POST, PUT and DELETE /api/matches[/:id] and
// POST /api/matches/import (editors and owners), GET /api/competitions/:slug/table (public, cached until the next
// content change in any process).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { parse } from 'csv-parse/sync';
import * as z from 'zod/mini';
import {
  isInstant,
  KICKOFF_MESSAGE,
  MATCH_LIMITS,
  matchInputSchema,
  matchesQuerySchema,
  matchIssues,
  matchUpdateSchema,
  nextDay,
  tagSlugSchema,
  zonedInstant,
} from '../../contract/matches';
import type { TableAnswer } from '../../contract/matches';
import { rowIdParam } from '../../contract/params';
import { mayManageAll } from '../../contract/roles';
import { slugOf, TAG_NAME_MAX } from '../../contract/tags';
import { hasForbiddenChars, isSingleLine } from '../../contract/text';
import { actorOf } from '../accounts/actor';
import type { WriteGuard } from '../accounts/guard';
import type { Db } from '../db/database';
import { markPrivate } from '../http/answers';
import { keptAnswers } from '../http/contentCoding';
import type { ContentCaches } from '../http/contentCaches';
import { notFound } from '../http/errors';
import { jsonAnswer, PUBLIC_JSON_HEADERS } from '../http/responseCache';
import { API_HEADERS } from '../http/security';
import type { ZodTypeProvider } from '../http/validation';
import { standings } from '../matches/standings';
import { createMatch, deleteMatch, importMatches, listMatches, matchesOfTag } from '../repositories/matchesRepository';
import type { Detail, ImportRow, WriteResult } from '../repositories/matchesRepository';
import { updateMatch } from '../repositories/matchesRepository';
import { findTagInfo } from '../repositories/tagsRepository';

export type MatchRoutesOptions = {
  db: Db;
  guard: WriteGuard;
  caches: ContentCaches;
  now?: () => number;
  /** the IANA zone the site's days are in (SITE_TIME_ZONE) */
  timeZone?: string;
};

const EDITORS_ONLY = 'Only an editor or an owner may change matches';
const matchParams = z.object({ id: rowIdParam });
const competitionParams = z.object({ slug: tagSlugSchema });
const CSV_COLUMNS = ['competition', 'home', 'away', 'kickoff', 'venue'] as const;

export const matchRoutes: FastifyPluginAsync<MatchRoutesOptions> = async (
  fastify,
  { db, guard, caches, now: clock = Date.now, timeZone = 'UTC' },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: MATCH_LIMITS.importBytesMax },
    (_request, body, done) => done(null, body),
  );
  const sendKept = keptAnswers(API_HEADERS);
  const editors = async (request: FastifyRequest, reply: FastifyReply) => {
    const refused = await guard.staffOnly(request, reply);
    if (refused !== undefined || reply.sent) return reply;
    if (!mayManageAll(actorOf(request)!.role)) return reply.code(403).send({ error: EDITORS_ONLY });
  };
  const write = { onRequest: guard.refuseBlocked, preValidation: editors };

  const answerWrite = async (reply: FastifyReply, result: WriteResult, created = false) => {
    markPrivate(reply);
    if (result.ok) {
      await caches.invalidate();
      return reply.code(created ? 201 : 200).send(result.match);
    }
    if (result.code === 400) return reply.code(400).send({ error: 'Invalid request body', details: result.details });
    return reply.code(result.code).send({ error: result.error });
  };

  /** A day or an instant of ?from= / ?to= as an instant: a day starts (from) or ends (to) in the site's zone. */
  const boundOf = (text: string, end: boolean) =>
    /^\d{4}-\d{2}-\d{2}$/.test(text)
      ? new Date(zonedInstant(end ? nextDay(text) : text, '00:00', timeZone)).toISOString()
      : new Date(text).toISOString();

  app.get('/matches', { schema: { querystring: matchesQuerySchema } }, async (request, reply) => {
    const { date, team, competition, from, to, cursor, limit } = request.query;
    const filter = {
      team,
      competition,
      from: date !== undefined ? boundOf(date, false) : from === undefined ? undefined : boundOf(from, false),
      to: date !== undefined ? boundOf(date, true) : to === undefined ? undefined : boundOf(to, true),
    };
    const answer = await listMatches(db, filter, {
      offset: cursor === undefined ? 0 : Number(cursor),
      limit: limit === undefined ? MATCH_LIMITS.pageDefault : Number(limit),
    });
    return reply.send(answer);
  });

  app.post('/matches', { schema: { body: matchInputSchema }, ...write }, async (request, reply) =>
    answerWrite(reply, await createMatch(db, request.body, new Date(clock())), true),
  );

  app.put(
    '/matches/:id',
    { schema: { params: matchParams, body: matchUpdateSchema }, ...write },
    async (request, reply) =>
      answerWrite(reply, await updateMatch(db, request.params.id, request.body, new Date(clock()))),
  );

  app.delete('/matches/:id', { schema: { params: matchParams }, ...write }, async (request, reply) => {
    markPrivate(reply);
    if (!(await deleteMatch(db, request.params.id))) return reply.code(404).send(notFound('Match'));
    await caches.invalidate();
    return reply.code(204).send();
  });

  app.post('/matches/import', { ...write }, async (request, reply) => {
    markPrivate(reply);
    if (typeof request.body !== 'string') {
      return reply.code(415).send({ error: 'Send the fixtures as CSV (Content-Type: text/csv)' });
    }
    const read = readCsv(request.body, timeZone);
    if (!read.ok) return reply.code(400).send({ error: 'Invalid CSV: nothing was imported', details: read.details });
    const result = await importMatches(db, read.rows, new Date(clock()));
    if (!result.ok)
      return reply.code(400).send({ error: 'Invalid CSV: nothing was imported', details: result.details });
    await caches.invalidate();
    return reply.code(201).send({ created: result.created, tagsCreated: result.tagsCreated });
  });

  app.get('/competitions/:slug/table', { schema: { params: competitionParams } }, async (request, reply) => {
    const { slug } = request.params;
    const answer = await caches.lists.getOrBuild(`table:${slug}`, async () => {
      const tag = await findTagInfo(db.kysely, slug);
      if (tag === undefined || tag.kind !== 'competition') return jsonAnswer(null);
      const points = { pointsForWin: tag.pointsForWin!, pointsForDraw: tag.pointsForDraw! };
      const table: TableAnswer = {
        competition: { slug: tag.slug, name: tag.name },
        ...points,
        rows: standings(await matchesOfTag(db.kysely, tag.id), points),
      };
      return jsonAnswer(table);
    });
    if (answer.body === 'null') return reply.code(404).send(notFound('Competition'));
    return sendKept(request, reply, answer, PUBLIC_JSON_HEADERS);
  });
};

/**
 * The CSV's rows (competition,home,away,kickoff,venue; a header line of those names is skipped), or every bad line.
 * A kickoff without an offset (2026-11-28 15:00) is a time in the site's zone.
 */
export function readCsv(
  text: string,
  timeZone: string,
): { ok: true; rows: ImportRow[] } | { ok: false; details: Detail[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return {
      ok: false,
      details: [{ path: line === undefined ? 'csv' : `line ${line}`, message: (error as Error).message }],
    };
  }
  const details: Detail[] = [];
  const rows: ImportRow[] = [];
  for (const [index, { record, info }] of records.entries()) {
    const line = info.lines;
    if (index === 0 && record.map((cell) => cell.toLowerCase()).join(',') === CSV_COLUMNS.join(',')) continue;
    const bad = (message: string) => details.push({ path: `line ${line}`, message });
    if (record.length < 4 || record.length > 5) {
      bad(`must have the columns ${CSV_COLUMNS.join(',')} (venue may be empty)`);
      continue;
    }
    const [competition = '', home = '', away = '', kickoffText = '', venue = ''] = record;
    let ok = true;
    for (const [column, name] of [
      ['competition', competition],
      ['home', home],
      ['away', away],
    ] as const) {
      if (slugOf(name) === '' || name.length > TAG_NAME_MAX || hasForbiddenChars(name) || !isSingleLine(name)) {
        bad(`${column}: must be a name of 1 to ${TAG_NAME_MAX} characters with a letter or digit`);
        ok = false;
      }
    }
    const kickoff = kickoffOf(kickoffText, timeZone);
    if (kickoff === undefined) {
      bad(`kickoff: ${KICKOFF_MESSAGE}, or a time in the site's zone (2026-11-28 15:00)`);
      ok = false;
    }
    if (venue.length > MATCH_LIMITS.venueMax || hasForbiddenChars(venue) || !isSingleLine(venue)) {
      bad(`venue: must be one line of at most ${MATCH_LIMITS.venueMax} characters`);
      ok = false;
    }
    for (const issue of matchIssues({ home: slugOf(home), away: slugOf(away) })) bad(issue.message);
    if (!ok || slugOf(home) === slugOf(away)) continue;
    rows.push({ line, competition, home, away, kickoff: kickoff!, venue: venue === '' ? null : venue });
  }
  if (rows.length + details.length > MATCH_LIMITS.importRowsMax) {
    return { ok: false, details: [{ path: 'csv', message: `must have at most ${MATCH_LIMITS.importRowsMax} rows` }] };
  }
  if (details.length === 0 && rows.length === 0) {
    return { ok: false, details: [{ path: 'csv', message: 'has no matches' }] };
  }
  return details.length > 0 ? { ok: false, details } : { ok: true, rows };
}

function kickoffOf(text: string, timeZone: string): string | undefined {
  if (isInstant(text)) return new Date(text).toISOString();
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})$/.exec(text);
  if (local === null || !isInstant(`${local[1]}T${local[2]}Z`)) return undefined;
  return new Date(zonedInstant(local[1]!, local[2]!, timeZone)).toISOString();
}
