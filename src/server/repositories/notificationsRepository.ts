// All SQL of staff notifications: who is told of a desk event or of a change to their own account, each person's
// inbox (one list and one unread count for both), and marking it read.
import type { Transaction } from 'kysely';
import type { NotificationKind, StaffNotification } from '../../contract/desk';
import type { StaffRole } from '../../contract/roles';
import { isoTime } from '../db/database';
import type { Database, Db } from '../db/database';

/** One notification, the same for each person told: what happened to which post (none: their account), by whom. */
export type Notification = ({ kind: NotificationKind; postId: number } | { kind: 'account'; postId: null }) & {
  actorName: string;
  text: string;
};

/** The ids of the accounts that hold one of these roles. */
export async function accountsWithRoles(trx: Transaction<Database>, roles: StaffRole[]): Promise<number[]> {
  const rows = await trx.selectFrom('accounts').select('id').where('role', 'in', roles).execute();
  return rows.map((row) => row.id);
}

/**
 * Gives each of these accounts the notification: the accounts notified, with their email (an id whose account is gone
 * meanwhile is skipped).
 */
export async function insertNotifications(
  trx: Transaction<Database>,
  accountIds: number[],
  notification: Notification,
  now: Date,
): Promise<{ id: number; email: string }[]> {
  if (accountIds.length === 0) return [];
  const people = await trx.selectFrom('accounts').select(['id', 'email']).where('id', 'in', accountIds).execute();
  if (people.length === 0) return [];
  await trx
    .insertInto('notifications')
    .values(
      people.map((person) => ({
        account_id: person.id,
        kind: notification.kind,
        post_id: notification.postId,
        actor_name: notification.actorName,
        text: notification.text,
        created_at: now.toISOString(),
      })),
    )
    .execute();
  return people;
}

/**
 * Marks everyone's unread notifications about the post read: once it is published or withdrawn, what they asked of
 * (a review, changes, a note on the draft) is done.
 */
export async function settleNotifications(trx: Transaction<Database>, postId: number, now: Date): Promise<void> {
  await trx
    .updateTable('notifications')
    .set({ read_at: now.toISOString() })
    .where('post_id', '=', postId)
    .where('read_at', 'is', null)
    .execute();
}

/** The person's notifications, newest first (the latest 200), and how many are unread. */
export async function listNotifications(
  db: Db,
  accountId: number,
): Promise<{ items: StaffNotification[]; unread: number }> {
  const [rows, unread] = await Promise.all([
    db.kysely
      .selectFrom('notifications')
      .leftJoin('posts', 'posts.id', 'notifications.post_id')
      .select([
        'notifications.id',
        'notifications.kind',
        'notifications.post_id',
        'posts.title',
        'notifications.actor_name',
        'notifications.text',
        'notifications.created_at',
        'notifications.read_at',
      ])
      .where('notifications.account_id', '=', accountId)
      .orderBy('notifications.id', 'desc')
      .limit(200)
      .execute(),
    db.kysely
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('account_id', '=', accountId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      ...(row.kind === 'account' || row.post_id === null || row.title === null
        ? { kind: 'account' as const, postId: null, postTitle: null }
        : { kind: row.kind, postId: row.post_id, postTitle: row.title }),
      id: row.id,
      actor: { name: row.actor_name },
      text: row.text,
      createdAt: isoTime(row.created_at),
      read: row.read_at !== null,
    })),
    unread: Number(unread.count),
  };
}

/** Marks the person's notifications read: these ids, or all of them. */
export async function markNotificationsRead(
  db: Db,
  accountId: number,
  ids: number[] | undefined,
  now: Date,
): Promise<void> {
  if (ids !== undefined && ids.length === 0) return;
  let update = db.kysely
    .updateTable('notifications')
    .set({ read_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null);
  if (ids !== undefined) update = update.where('id', 'in', ids);
  await update.execute();
}
