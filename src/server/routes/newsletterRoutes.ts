// A post's newsletter figures for staff, and the one-click unsubscribe of RFC 8058 that every newsletter names in its
// List-Unsubscribe header: a POST with the body `List-Unsubscribe=One-Click`, no cookie and no Origin (a mail client
// sends it), which the /members/unsubscribe page's button makes too. There is no GET here: a link scanner's fetch of
// the mailed link opens the page and changes nothing.
import * as z from 'zod/mini';
import type { FastifyPluginAsync } from 'fastify';
import { postParams } from '../../contract/params';
import { MEMBER_PAGES } from '../../contract/members';
import type { WriteGuard } from '../accounts/guard';
import type { Db } from '../db/database';
import { markPrivate } from '../http/answers';
import type { ZodTypeProvider } from '../http/validation';
import { isFormPost, registerFormParser } from '../members/forms';
import { newsletterFigures, unsubscribeMember } from '../newsletters/newsletterRepository';
import type { UnsubscribeTokens } from '../newsletters/unsubscribeToken';
import { findPost } from '../repositories/postsRepository';
import { NOT_FOUND } from './postWrites';

export type NewsletterRoutesOptions = { db: Db; guard: WriteGuard; tokens: UnsubscribeTokens };

const TOKEN_REFUSED = 'This unsubscribe link is not valid: open it from your mail again.';

const unsubscribeQuery = z.object({ token: z.optional(z.string().check(z.maxLength(200, 'is too long'))) });

export const newsletterRoutes: FastifyPluginAsync<NewsletterRoutesOptions> = async (fastify, { db, guard, tokens }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerFormParser(fastify);
  // RFC 8058 lets a mail client send the one-click body as multipart/form-data too; the token is in the URL.
  fastify.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: 4_096 },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    '/blogs/:id/newsletter',
    { schema: { params: postParams }, onRequest: guard.refuseBlocked, preValidation: guard.staffOnly },
    async (request, reply) => {
      const post = await findPost(db, request.params.id, { includeHidden: true });
      if (post === undefined) return reply.code(404).send(NOT_FOUND);
      markPrivate(reply);
      return reply.send(await newsletterFigures(db, post.id));
    },
  );

  // The token comes in the URL (as List-Unsubscribe names it) or, from the page's form, in the body.
  app.post('/members/unsubscribe', { schema: { querystring: unsubscribeQuery } }, async (request, reply) => {
    const body = request.body;
    const fromBody =
      typeof body === 'object' && body !== null && typeof (body as { token?: unknown }).token === 'string'
        ? (body as { token: string }).token
        : undefined;
    const token = request.query.token ?? fromBody;
    if (token === undefined || token === '')
      return reply.code(400).send({ error: 'token is required', details: [{ path: 'token', message: 'is required' }] });
    const memberId = tokens.read(token);
    const found = memberId !== undefined && (await unsubscribeMember(db, memberId));
    markPrivate(reply);
    if (isFormPost(request))
      return reply.redirect(`${MEMBER_PAGES.unsubscribe}?${found ? 'done=1' : 'error=unknown'}`, 303);
    if (!found) return reply.code(400).send({ error: TOKEN_REFUSED });
    return reply.send({ ok: true });
  });
};
