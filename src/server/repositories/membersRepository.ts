// All SQL about members: the members, the tags they follow, their single-use link tokens and their sessions, mapped to
// the contract's shapes (contract/members.ts).
import { eraseMemberComments } from './commentsRepository';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Member, MemberList, MemberStatus } from '../../contract/members';
import { MEMBER_STATUSES } from '../../contract/members';
import { isoTime } from '../db/database';
import type { Database, Db, MemberTokenPurpose } from '../db/database';

export const normalizeMemberEmail = (email: string) => email.trim().toLowerCase();

/** A member as the server works with them: the admin's read shape and whether they take reply mail. */
export type MemberRecord = Member & { replyMail: boolean };

type MemberRow = {
  id: number;
  email: string;
  name: string;
  status: MemberStatus;
  all_posts: number;
  created_at: Date | string;
};

const memberColumns = ['id', 'email', 'name', 'status', 'all_posts', 'created_at'] as const;
/** A member's own record: their choices beyond the admin's list. */
const recordColumns = [...memberColumns, 'reply_mail'] as const;

const toMember = (row: MemberRow, tags: string[]): Member => ({
  id: row.id,
  email: row.email,
  name: row.name,
  status: row.status,
  all: Number(row.all_posts) === 1,
  tags,
  createdAt: isoTime(row.created_at),
});

/** The tags of these members, each list in slug order. */
async function tagsOf(executor: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string[]>> {
  const tags = new Map<number, string[]>(ids.map((id) => [id, []]));
  // A bound parameter per id: pages and batches stay far below SQLite's limit.
  if (ids.length === 0) return tags;
  const rows = await executor
    .selectFrom('member_tags')
    .select(['member_id', 'tag'])
    .where('member_id', 'in', [...ids])
    .orderBy('member_id')
    .orderBy('tag')
    .execute();
  for (const row of rows) tags.get(row.member_id)?.push(row.tag);
  return tags;
}

async function withTags(executor: Kysely<Database>, rows: MemberRow[]): Promise<Member[]> {
  const tags = await tagsOf(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toMember(row, tags.get(row.id) ?? []));
}

async function recordOf(executor: Kysely<Database>, row: MemberRow & { reply_mail: number }): Promise<MemberRecord> {
  const [member] = await withTags(executor, [row]);
  return { ...member!, replyMail: Number(row.reply_mail) === 1 };
}

export async function findMemberByEmail(executor: Kysely<Database>, email: string): Promise<MemberRecord | undefined> {
  const row = await executor
    .selectFrom('members')
    .select(recordColumns)
    .where('email', '=', normalizeMemberEmail(email))
    .executeTakeFirst();
  return row && (await recordOf(executor, row));
}

export async function findMember(executor: Kysely<Database>, id: number): Promise<MemberRecord | undefined> {
  const row = await executor.selectFrom('members').select(recordColumns).where('id', '=', id).executeTakeFirst();
  return row && (await recordOf(executor, row));
}

/** What a member follows: every story, or the tags given (a slug once). */
export type Following = { all: boolean; tags: readonly string[] };

async function replaceTags(executor: Kysely<Database>, memberId: number, tags: readonly string[]): Promise<void> {
  await executor.deleteFrom('member_tags').where('member_id', '=', memberId).execute();
  const unique = [...new Set(tags)];
  if (unique.length > 0)
    await executor
      .insertInto('member_tags')
      .values(unique.map((tag) => ({ member_id: memberId, tag })))
      .execute();
}

/** A new pending member; undefined when the email is already a member's (another request won the race). */
export async function insertPendingMember(
  executor: Kysely<Database>,
  member: { email: string; name: string } & Following,
  now: Date,
): Promise<number | undefined> {
  const row = await executor
    .insertInto('members')
    .values({
      email: normalizeMemberEmail(member.email),
      name: member.name,
      status: 'pending',
      all_posts: member.all ? 1 : 0,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row === undefined) return undefined;
  await replaceTags(executor, row.id, member.tags);
  return row.id;
}

/** Changes what the member is called, follows and is mailed about; what is not given stays. */
export async function updateMember(
  executor: Kysely<Database>,
  id: number,
  change: { name?: string; all?: boolean; tags?: readonly string[]; replyMail?: boolean },
): Promise<void> {
  const set: { name?: string; all_posts?: number; reply_mail?: number } = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.all !== undefined) set.all_posts = change.all ? 1 : 0;
  if (change.replyMail !== undefined) set.reply_mail = change.replyMail ? 1 : 0;
  if (Object.keys(set).length > 0) await executor.updateTable('members').set(set).where('id', '=', id).execute();
  if (change.tags !== undefined) await replaceTags(executor, id, change.tags);
}

/** Sets the status; becoming active records the first confirmation. */
export async function setMemberStatus(
  executor: Kysely<Database>,
  id: number,
  status: MemberStatus,
  now: Date,
): Promise<void> {
  await executor
    .updateTable('members')
    .set(
      status === 'active'
        ? { status, confirmed_at: sql<string>`coalesce(confirmed_at, ${now.toISOString()})` }
        : { status },
    )
    .where('id', '=', id)
    .execute();
}

/**
 * Erases the member: their tags, tokens and sessions go with them (foreign keys cascade), and their unsent mail (a
 * newsletter names them; a link or reply mail only their address, which a staff account's mail may share).
 */
export async function deleteMember(executor: Kysely<Database>, id: number): Promise<boolean> {
  // Erasure takes their comments too (one with replies stays as "Comment deleted").
  await eraseMemberComments(executor, id);
  await executor
    .deleteFrom('mail_outbox')
    .where('sent_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('member_id', '=', id),
        eb.and([
          eb('member_id', 'is', null),
          eb('to_address', '=', eb.selectFrom('members').select('email').where('id', '=', id)),
          eb.not(
            eb.exists(eb.selectFrom('accounts').select('id').whereRef('accounts.email', '=', 'mail_outbox.to_address')),
          ),
        ]),
      ]),
    )
    .execute();
  const result = await executor.deleteFrom('members').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// Tokens ---------------------------------------------------------------------------------------------------------

export async function insertMemberToken(
  executor: Kysely<Database>,
  token: { hash: string; memberId: number; purpose: MemberTokenPurpose; expiresAt: Date | null },
  now: Date,
): Promise<void> {
  await executor
    .insertInto('member_tokens')
    .values({
      token_hash: token.hash,
      member_id: token.memberId,
      purpose: token.purpose,
      expires_at: token.expiresAt?.toISOString() ?? null,
      created_at: now.toISOString(),
    })
    .execute();
}

export type TokenRefusal = 'unknown' | 'used' | 'expired';

/**
 * Takes a single-use token of `purpose`: marks it used and answers its member, or why it cannot be taken. The update
 * is conditional on the token being unused, so two requests with one token never both succeed.
 */
export async function takeMemberToken(
  executor: Kysely<Database>,
  hash: string,
  purpose: MemberTokenPurpose,
  now: Date,
): Promise<{ memberId: number } | { refused: TokenRefusal }> {
  const row = await executor
    .selectFrom('member_tokens')
    .select(['id', 'member_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (row === undefined) return { refused: 'unknown' };
  if (row.used_at !== null) return { refused: 'used' };
  if (row.expires_at !== null && Date.parse(isoTime(row.expires_at)) <= now.getTime()) return { refused: 'expired' };
  const taken = await executor
    .updateTable('member_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) return { refused: 'used' };
  return { memberId: row.member_id };
}

/** The member's links that are no longer any use (taken, or expired before `before`) are removed. */
export async function deleteSpentMemberTokens(
  executor: Kysely<Database>,
  memberId: number,
  before: Date,
): Promise<void> {
  await executor
    .deleteFrom('member_tokens')
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb('used_at', 'is not', null),
        eb.and([eb('expires_at', 'is not', null), eb('expires_at', '<', before.toISOString())]),
      ]),
    )
    .execute();
}

// Sessions -------------------------------------------------------------------------------------------------------

export async function insertMemberSession(
  executor: Kysely<Database>,
  idHash: string,
  memberId: number,
  now: Date,
): Promise<void> {
  await executor
    .insertInto('member_sessions')
    .values({ id_hash: idHash, member_id: memberId, created_at: now.toISOString(), last_used_at: now.toISOString() })
    .execute();
}

export type MemberSessionRow = { member: MemberRecord; createdAt: number; lastUsedAt: number };

/** The session and its member, read on every request so an erased member is signed out at once. */
export async function findMemberSession(db: Db, idHash: string): Promise<MemberSessionRow | undefined> {
  const row = await db.kysely
    .selectFrom('member_sessions')
    .innerJoin('members', 'members.id', 'member_sessions.member_id')
    .select([
      'members.id',
      'members.email',
      'members.name',
      'members.status',
      'members.all_posts',
      'members.created_at',
      'members.reply_mail',
      'member_sessions.created_at as session_created_at',
      'member_sessions.last_used_at',
    ])
    .where('member_sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    member: await recordOf(db.kysely, row),
    createdAt: Date.parse(isoTime(row.session_created_at)),
    lastUsedAt: Date.parse(isoTime(row.last_used_at)),
  };
}

export async function touchMemberSession(db: Db, idHash: string, now: Date): Promise<void> {
  await db.kysely
    .updateTable('member_sessions')
    .set({ last_used_at: now.toISOString() })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function deleteMemberSession(db: Db, idHash: string): Promise<void> {
  await db.kysely.deleteFrom('member_sessions').where('id_hash', '=', idHash).execute();
}

/** Sessions started before `before` have reached their absolute end. */
export async function deleteExpiredMemberSessions(executor: Kysely<Database>, before: Date): Promise<void> {
  await executor.deleteFrom('member_sessions').where('created_at', '<', before.toISOString()).execute();
}

// The admin's list -----------------------------------------------------------------------------------------------

export type MemberQuery = { q?: string; status?: MemberStatus; tag?: string; cursor?: number; limit: number };

/** LIKE's wildcards in what was typed match only themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of members, newest first, and the count of each status among the members the search and the tag select
 * (the status filter narrows the page, not the counts, so every status's count stays in view).
 */
export async function listMembers(db: Db, query: MemberQuery): Promise<MemberList> {
  let base = db.kysely.selectFrom('members');
  const q = query.q?.trim().toLowerCase();
  if (q !== undefined && q !== '') base = base.where(sql<boolean>`email like ${`%${likeEscaped(q)}%`} escape '\\'`);
  if (query.tag !== undefined) {
    const tag = query.tag;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('member_tags')
          .select('member_tags.member_id')
          .whereRef('member_tags.member_id', '=', 'members.id')
          .where('member_tags.tag', '=', tag),
      ),
    );
  }
  let page = base
    .select(memberColumns)
    .orderBy('id', 'desc')
    .limit(query.limit + 1);
  if (query.status !== undefined) page = page.where('status', '=', query.status);
  if (query.cursor !== undefined) page = page.where('id', '<', query.cursor);
  const rows = await page.execute();
  const countRows = await base
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(MEMBER_STATUSES.map((status) => [status, 0])) as Record<MemberStatus, number>;
  for (const row of countRows) counts[row.status] = Number(row.count);
  const more = rows.length > query.limit;
  const items = await withTags(db.kysely, rows.slice(0, query.limit));
  return { items, counts, nextCursor: more ? String(items.at(-1)!.id) : null };
}

/** Every member in id order, a page at a time (the export reads 100,000 without holding them all). */
export async function* allMembers(db: Db, pageSize = 1000): AsyncGenerator<Member[]> {
  let after = 0;
  for (;;) {
    const rows = await db.kysely
      .selectFrom('members')
      .select(memberColumns)
      .where('id', '>', after)
      .orderBy('id')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return;
    yield await withTags(db.kysely, rows);
    after = rows.at(-1)!.id;
  }
}

// The import -----------------------------------------------------------------------------------------------------

export type ImportedMember = {
  email: string;
  name: string;
  status: MemberStatus;
  all: boolean;
  tags: readonly string[];
  createdAt: Date;
};

/** Emails of these that already belong to members. */
export async function existingEmails(executor: Kysely<Database>, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await executor
    .selectFrom('members')
    .select('email')
    .where('email', 'in', [...emails])
    .execute();
  return new Set(rows.map((row) => row.email));
}

/**
 * Inserts a batch of members whose emails are new (normalized, unique in the batch) with their tags, in two
 * statements; an email another writer took meanwhile is left as it is. Answers the emails inserted.
 */
export async function insertMembers(
  executor: Kysely<Database>,
  members: readonly ImportedMember[],
  now: Date,
): Promise<Set<string>> {
  if (members.length === 0) return new Set();
  const rows = await executor
    .insertInto('members')
    .values(
      members.map((member) => ({
        email: member.email,
        name: member.name,
        status: member.status,
        all_posts: member.all ? 1 : 0,
        created_at: member.createdAt.toISOString(),
        confirmed_at: member.status === 'pending' ? null : now.toISOString(),
      })),
    )
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning(['id', 'email'])
    .execute();
  const byEmail = new Map(members.map((member) => [member.email, member]));
  const tags = rows.flatMap((row) =>
    [...new Set(byEmail.get(row.email)?.tags ?? [])].map((tag) => ({ member_id: row.id, tag })),
  );
  // Two columns a row: 5,000 tag rows stay far below SQLite's 32,766 bound parameters.
  for (let start = 0; start < tags.length; start += 5000)
    await executor
      .insertInto('member_tags')
      .values(tags.slice(start, start + 5000))
      .execute();
  return new Set(rows.map((row) => row.email));
}
