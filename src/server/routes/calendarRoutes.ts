// GET /tag/:slug/fixtures.ics: a team's or a competition's matches as a calendar to subscribe to. Kept in
// caches.feeds until the next content change (a subscribed app polls on its own), and revalidated with its ETag.
import type { FastifyPluginAsync } from 'fastify';
import { isSlug } from '../../contract/tags';
import type { Db } from '../db/database';
import type { ContentCaches } from '../http/contentCaches';
import { keptAnswers } from '../http/contentCoding';
import { strongEtag } from '../http/etag';
import { matchesOfTag } from '../repositories/matchesRepository';
import { findTagInfo } from '../repositories/tagsRepository';
import { fixturesCalendar } from '../seo/calendar';

export type CalendarRoutesOptions = {
  db: Db;
  caches: ContentCaches;
  /** PUBLIC_URL without a trailing slash */
  publicUrl: string;
  /** the pages' security headers: these answers are written whole, so they carry them */
  security: Readonly<Record<string, string>>;
};

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

export const calendarRoutes: FastifyPluginAsync<CalendarRoutesOptions> = async (
  app,
  { db, caches, publicUrl, security },
) => {
  const sendKept = keptAnswers(security);

  app.get<{ Params: { slug: string } }>('/tag/:slug/fixtures.ics', async (request, reply) => {
    const { slug } = request.params;
    const answer = isSlug(slug)
      ? await caches.feeds.getOrBuild(`fixtures:${slug}`, async () => {
          const tag = await findTagInfo(db.kysely, slug);
          // A topic has no fixtures: only a team's or a competition's calendar exists.
          if (tag === undefined || tag.kind === 'topic') return { body: '' };
          const { id, ...info } = tag;
          const body = fixturesCalendar(info, await matchesOfTag(db.kysely, id), publicUrl);
          return { body, headers: { 'content-type': CALENDAR_TYPE, etag: strongEtag(body) }, answers: {} };
        })
      : { body: '' };
    if (answer.body === '') return reply.code(404).send({ error: 'Not found' });
    return sendKept(request, reply, answer, { 'cache-control': 'no-cache' });
  });
};
