// Live coverage of a post: PUT /api/blogs/:id/live (the coverage state and match line) and the entries (POST, PUT,
// DELETE, and GET newest first with ?before= / ?after=). Writers are those who may edit the post (accounts/roles.ts),
// through the write guard (a session from the site's own pages, an API key or the admin token); anonymous readers
// see the entries of a public post only, from caches.lists (dropped by every write on every process, like the lists).
// GET /api/live names the public posts live now and the other live matches (set live by hand): every public page polls
// it (a 304 from the cache, most times) to learn that coverage started; match and tag writes drop it like live writes.
// The stream (GET /api/blogs/:id/live) is registered by the live stream's own module.
import * as z from 'zod/mini';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { postParams, rowIdParam } from '../../contract/params';
import { entriesQuerySchema, entryInputSchema, liveUpdateSchema } from '../../contract/liveSchemas';
import { actorOf } from '../accounts/actor';
import type { Actor } from '../accounts/actor';
import type { WriteGuard } from '../accounts/guard';
import { refuseEdit } from '../accounts/roles';
import type { Db } from '../db/database';
import { markPrivate } from '../http/answers';
import { notFound } from '../http/errors';
import type { ContentCaches } from '../http/contentCaches';
import { keptAnswers } from '../http/contentCoding';
import { bodyDeadline, DEFAULT_TIMEOUTS, ignoreEmptyBody, refuseBody } from '../http/requestLimits';
import { jsonAnswer, PUBLIC_JSON_HEADERS } from '../http/responseCache';
import { API_HEADERS } from '../http/security';
import type { ZodTypeProvider } from '../http/validation';
import type { LiveWrites } from '../repositories/liveEventsRepository';
import { listPosts } from '../repositories/postsRepository';
import { uncoveredLiveMatches } from '../repositories/matchesRepository';
import { LIMITS } from '../../contract/limits';
import type { LiveNowAnswer } from '../../contract/live';
import {
  addEntry,
  deleteEntry,
  editEntry,
  entriesAnswer,
  entriesVisible,
  livePostFacts,
  setCoverage,
} from '../repositories/liveRepository';

export type LiveRoutesOptions = {
  db: Db;
  guard: WriteGuard;
  caches: ContentCaches;
  /** the app's LiveWrites: every write here tells the app's live hub */
  writes: LiveWrites;
  now?: () => number;
  /** how long a write's body may take to arrive (default: requestLimits.ts) */
  jsonBodyMs?: number;
};

const NOT_FOUND = notFound('Blog');
const ENTRY_NOT_FOUND = notFound('Entry');
const NOT_LIVE = {
  error: 'This post is not live: start coverage (PUT /api/blogs/:id/live with state "live") before posting updates.',
};
const IN_REVIEW = {
  error: 'This post is in review: an editor decides on it before more updates are added.',
};
const PUBLIC_HEADERS = { ...PUBLIC_JSON_HEADERS, vary: 'Authorization' };

const entryParams = z.object({ id: rowIdParam, entryId: rowIdParam });

export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (
  fastify,
  { db, guard, caches, writes, now: clock = Date.now, jsonBodyMs = DEFAULT_TIMEOUTS.jsonBodyMs },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only JSON bodies here: anything else (text/plain included) is a 415.
  app.removeContentTypeParser('text/plain');
  const sendKept = keptAnswers(API_HEADERS);

  const write = {
    bodyLimit: 64 * 1024,
    onRequest: guard.refuseBlocked,
    preParsing: bodyDeadline(jsonBodyMs),
    // Before validation, so a missing or wrong credential is a 401 whatever else is wrong with the body.
    preValidation: guard.staffOnly,
  };

  /**
   * Whether the caller may write this post's coverage: as for editing the post itself (a contributor only on their
   * own draft, never while it is in review). Sends the 404 or 403 and answers false when not.
   */
  async function mayWrite(request: FastifyRequest, reply: FastifyReply, postId: number): Promise<Actor | undefined> {
    const facts = await livePostFacts(db, postId);
    if (facts === undefined) {
      void reply.code(404).send(NOT_FOUND);
      return undefined;
    }
    const who = actorOf(request)!;
    // A contributor's post in review waits for an editor: coverage written meanwhile would go out unreviewed.
    if (facts.status === 'review' && who.role === 'contributor') {
      void reply.code(403).send(IN_REVIEW);
      return undefined;
    }
    const refused = refuseEdit(who, facts, facts.status === 'draft' ? 'draft' : 'published');
    if (refused !== undefined) {
      void reply.code(403).send({ error: refused });
      return undefined;
    }
    return who;
  }

  app.put(
    '/blogs/:id/live',
    { schema: { params: postParams, body: liveUpdateSchema }, ...write },
    async (request, reply) => {
      const { id } = request.params;
      if ((await mayWrite(request, reply, id)) === undefined) return reply;
      const live = await setCoverage(db, id, request.body, new Date(clock()), writes);
      if (live === 'not-found') return reply.code(404).send(NOT_FOUND);
      await caches.invalidate();
      markPrivate(reply);
      return reply.send(live);
    },
  );

  app.post(
    '/blogs/:id/entries',
    { schema: { params: postParams, body: entryInputSchema }, ...write },
    async (request, reply) => {
      const { id } = request.params;
      const who = await mayWrite(request, reply, id);
      if (who === undefined) return reply;
      const author = { accountId: who.accountId, name: who.name };
      const entry = await addEntry(db, id, request.body, author, new Date(clock()), writes);
      if (entry === 'not-found') return reply.code(404).send(NOT_FOUND);
      if (entry === 'not-live') return reply.code(409).send(NOT_LIVE);
      await caches.invalidate();
      markPrivate(reply);
      return reply.code(201).send(entry);
    },
  );

  app.put(
    '/blogs/:id/entries/:entryId',
    { schema: { params: entryParams, body: entryInputSchema }, ...write },
    async (request, reply) => {
      const { id, entryId } = request.params;
      if ((await mayWrite(request, reply, id)) === undefined) return reply;
      const entry = await editEntry(db, id, entryId, request.body, new Date(clock()), writes);
      if (entry === 'not-found') return reply.code(404).send(ENTRY_NOT_FOUND);
      await caches.invalidate();
      markPrivate(reply);
      return reply.send(entry);
    },
  );

  app.delete(
    '/blogs/:id/entries/:entryId',
    {
      schema: { params: entryParams },
      // A DELETE that brings a body is answered before the body is read (an empty one labelled JSON still passes).
      onRequest: [refuseBody(), ignoreEmptyBody, guard.refuseBlocked],
      preValidation: guard.staffOnly,
    },
    async (request, reply) => {
      const { id, entryId } = request.params;
      if ((await mayWrite(request, reply, id)) === undefined) return reply;
      const outcome = await deleteEntry(db, id, entryId, new Date(clock()), writes);
      if (outcome === 'not-found') return reply.code(404).send(ENTRY_NOT_FOUND);
      await caches.invalidate();
      return reply.code(204).send();
    },
  );

  // One answer for the whole site, built once per write (caches.lists) and revalidated by its ETag: thousands of
  // readers asking every 1.5 s cost a 304 each, where a stream per reader of every post would hold a connection each.
  app.get('/live', async (request, reply) => {
    const answer = await caches.lists.getOrBuild('live-now', async () => {
      const at = new Date(clock());
      const [{ posts }, matches] = await Promise.all([
        listPosts(db, { limit: LIMITS.pageSizeMax, liveOnly: true, now: at }),
        uncoveredLiveMatches(db.kysely, at),
      ]);
      const body: LiveNowAnswer = {
        posts: posts.flatMap(({ id, title, live }) => (live?.state === 'live' ? [{ id, title, live }] : [])),
        matches,
      };
      return jsonAnswer(body);
    });
    return sendKept(request, reply, answer, PUBLIC_JSON_HEADERS);
  });

  app.get(
    '/blogs/:id/entries',
    { schema: { params: postParams, querystring: entriesQuerySchema } },
    async (request, reply) => {
      const { id } = request.params;
      const { before, after, limit } = request.query;
      void reply.header('vary', 'Authorization');
      const who = await guard.identify(request, reply);
      if (who === 'refused') return reply;
      const at = new Date(clock());
      if (who !== 'anonymous') {
        // Staff read every post out of the trash (a draft being covered too), never from or into a cache.
        if (!(await entriesVisible(db, id, { staff: true, now: at }))) return reply.code(404).send(NOT_FOUND);
        markPrivate(reply);
        return reply.send(await entriesAnswer(db, id, { before, after, limit }));
      }
      const key = `entries:${id}:${before ?? ''}:${after ?? ''}:${limit}`;
      // Not cached when missing (undefined): another process may publish the post a moment from now.
      const answer = await caches.lists.getOrBuild(key, async () =>
        (await entriesVisible(db, id, { staff: false, now: at }))
          ? jsonAnswer(await entriesAnswer(db, id, { before, after, limit }))
          : undefined,
      );
      if (answer === undefined) return reply.code(404).send(NOT_FOUND);
      return sendKept(request, reply, answer, PUBLIC_HEADERS);
    },
  );
};
