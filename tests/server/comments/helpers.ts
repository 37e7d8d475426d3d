// Comments in server tests: a public post, a signed-in member's comment, a staff cookie, the settings, through the API.
import type { FastifyInstance } from 'fastify';
import type { CommentSettings } from '../../../src/contract/comments';
import { validSubmission } from '../fixtures/submissions';
import { staffSession } from '../helpers/accounts';
import { SAME_ORIGIN } from '../helpers/members';
import type { MembersTestApp } from '../helpers/members';
import { TOKEN } from '../helpers/testApp';

export const COMMENT_TABLES = [
  'comments',
  'comment_reports',
  'comment_mail_tokens',
  'site_settings',
  'notifications',
] as const;

export const bearer = { authorization: `Bearer ${TOKEN}` };

export async function publicPost(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: bearer,
    payload: { ...validSubmission(), ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`post: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

export const postComment = (app: FastifyInstance, cookie: string | undefined, postId: number, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/blogs/${postId}/comments`,
    headers: { ...SAME_ORIGIN, ...(cookie === undefined ? {} : { cookie }) },
    payload,
  });

export const readComments = (app: FastifyInstance, postId: number, cookie?: string, query = '') =>
  app.inject({
    method: 'GET',
    url: `/api/blogs/${postId}/comments${query}`,
    headers: cookie === undefined ? {} : { cookie },
  });

export async function editor(t: MembersTestApp, role: 'editor' | 'owner' = 'editor'): Promise<string> {
  return (await staffSession(t.app, t.db, role)).cookie;
}

export async function setSettings(t: MembersTestApp, settings: Partial<CommentSettings>): Promise<void> {
  const cookie = await editor(t, 'owner');
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/comments/settings',
    headers: { ...SAME_ORIGIN, cookie },
    payload: { moderation: 'first', heldWords: [], closeAfterDays: 30, ...settings },
  });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
}

export async function moderate(t: MembersTestApp, cookie: string, id: number, decision: 'approve' | 'reject') {
  return t.app.inject({
    method: 'POST',
    url: `/api/comments/${id}/moderate`,
    headers: { ...SAME_ORIGIN, cookie },
    payload: { decision },
  });
}
