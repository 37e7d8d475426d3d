// What the newsletter tests share: members written straight into the database (the members API has its own tests),
// a post published through the API, and waiting until every dispatch and every send of an app has finished.
import type { FastifyInstance } from 'fastify';
import type { BlogPost } from '../../../src/contract/types';
import type { BlogSubmission } from '../../../src/contract/schemas';
import { mailOutboxOf, newsletterDispatcherOf } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/database';
import type { MemberStatus } from '../../../src/contract/members';
import { validSubmission } from '../fixtures/submissions';
import { TOKEN } from '../helpers/testApp';

export const AUTH = { authorization: `Bearer ${TOKEN}` };

export async function addMember(
  db: Db,
  email: string,
  { status = 'active', all = false, tags = [] }: { status?: MemberStatus; all?: boolean; tags?: string[] } = {},
): Promise<number> {
  const { id } = await db.kysely
    .insertInto('members')
    .values({ email, name: '', status, all_posts: all ? 1 : 0, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (tags.length > 0)
    await db.kysely
      .insertInto('member_tags')
      .values(tags.map((tag) => ({ member_id: id, tag })))
      .execute();
  return id;
}

export function submission(
  title: string,
  tags: string[],
  more: Partial<Pick<BlogSubmission, 'status' | 'publishAt' | 'newsletter'>> = {},
): BlogSubmission {
  return { ...validSubmission({ title, tags }), ...more };
}

export async function publish(app: FastifyInstance, body: BlogSubmission): Promise<BlogPost> {
  const res = await app.inject({ method: 'POST', url: '/api/blogs', headers: AUTH, payload: body });
  if (res.statusCode !== 201) throw new Error(`publish: ${res.statusCode} ${res.body}`);
  return res.json<BlogPost>();
}

export async function put(app: FastifyInstance, id: number, body: BlogSubmission): Promise<BlogPost> {
  const res = await app.inject({ method: 'PUT', url: `/api/blogs/${id}`, headers: AUTH, payload: body });
  if (res.statusCode !== 200) throw new Error(`put: ${res.statusCode} ${res.body}`);
  return res.json<BlogPost>();
}

/** Every dispatch this app can claim queued, and every message due sent (or failed). */
export async function deliver(app: FastifyInstance): Promise<void> {
  const dispatcher = newsletterDispatcherOf(app)!;
  const outbox = mailOutboxOf(app)!;
  await dispatcher.settle();
  await dispatcher.drain();
  await outbox.settle();
  await outbox.drain();
}
