// The rules of members' comments over the SQL-only repository: whether a new comment waits for a moderator, the
// limits per member (in the database, so every process shares them), the reply mail (only once a reply is approved,
// once), and telling moderators that comments wait (at most once per post per hour, never with a comment's body).
import { hasLink, heldWordIn } from '../../contract/comments';
import type { CommentSettings } from '../../contract/comments';
import { pathTo } from '../../contract/routes';
import { newSecret, sha256Hex } from '../accounts/sessions';
import type { AttemptLimit, TooMany } from '../accounts/attemptLimits';
import type { Database, Db } from '../db/database';
import type { Kysely, Transaction } from 'kysely';
import type { Mailer } from '../mail/mailer';
import { commentReplyMessage } from '../mail/messages';
import { addAttempts, deleteEndedAttempts } from '../repositories/attemptsRepository';
import {
  commentsNoticeSince,
  markReplyMailed,
  queueMailWithHeaders,
  replyRecipient,
  setReplyToken,
} from '../repositories/commentsRepository';
import { accountsWithRoles, insertNotifications } from '../repositories/notificationsRepository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Where a reply mail's one-click "Stop reply emails" posts (RFC 8058): no cookie, no Origin. */
export const STOP_REPLIES_PATH = '/api/members/replies/stop';

/** Whether a new or edited comment publishes at once or waits. */
export function commentStatus(settings: CommentSettings, body: string, hasApproved: boolean): 'approved' | 'pending' {
  if (hasLink(body) || heldWordIn(body, settings.heldWords) !== undefined) return 'pending';
  if (settings.moderation === 'all') return 'pending';
  if (settings.moderation === 'first' && !hasApproved) return 'pending';
  return 'approved';
}

export type CommentLimits = { burst: AttemptLimit; day: AttemptLimit };

export const DEFAULT_COMMENT_LIMITS: CommentLimits = {
  burst: { max: 5, windowMs: 10 * MINUTE },
  day: { max: 30, windowMs: 24 * HOUR },
};

/** Counts a member's comment in both windows (sign_in_attempts); a refused one is not counted. */
export class CommentLimiter {
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly limits: CommentLimits,
    private readonly now: () => number,
  ) {}

  async count(memberId: number): Promise<TooMany | undefined> {
    const now = this.now();
    if (now - this.lastSweep >= MINUTE) {
      this.lastSweep = now;
      await deleteEndedAttempts(this.db, now);
    }
    const { burst, day } = this.limits;
    const result = await addAttempts(
      this.db,
      [
        { key: `comment-burst:${memberId}`, windowMs: burst.windowMs },
        { key: `comment-day:${memberId}`, windowMs: day.windowMs },
      ],
      now,
      ([b, d]) => {
        if (b!.attempts > burst.max) return b!.windowEndsAt;
        if (d!.attempts > day.max) return d!.windowEndsAt;
        return undefined;
      },
    );
    return 'refused' in result ? { retryAfter: Math.max(1, Math.ceil((result.refused - now) / 1000)) } : undefined;
  }
}

/**
 * Queues the reply mail of each approved reply whose parent's author takes reply mail, once (reply_mailed), in the
 * caller's transaction. Answers whether any mail was queued.
 */
export async function mailApprovedReplies(
  trx: Kysely<Database>,
  replyIds: number[],
  mailer: Mailer,
  now: Date,
): Promise<boolean> {
  if (!mailer.enabled) return false;
  let queued = false;
  for (const id of replyIds) {
    const recipient = await replyRecipient(trx, id);
    if (recipient === undefined || !(await markReplyMailed(trx, id))) continue;
    const token = newSecret();
    await setReplyToken(trx, recipient.memberId, sha256Hex(token));
    const stopUrl = `${mailer.publicUrl}${STOP_REPLIES_PATH}?token=${token}`;
    const message = commentReplyMessage(recipient.email, {
      postTitle: recipient.postTitle,
      body: recipient.body,
      link: `${mailer.publicUrl}${pathTo('post', { id: recipient.postId })}#comment-${id}`,
      stopUrl,
    });
    await queueMailWithHeaders(
      trx,
      {
        ...message,
        headers: { 'List-Unsubscribe': `<${stopUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
      now,
    );
    queued = true;
  }
  return queued;
}

/** Tells every editor and owner in the app inbox that comments wait on the post: at most once per post per hour. */
export async function tellModerators(trx: Transaction<Database>, post: { id: number }, now: Date): Promise<void> {
  if (await commentsNoticeSince(trx, post.id, new Date(now.getTime() - HOUR))) return;
  const moderators = await accountsWithRoles(trx, ['owner', 'editor']);
  await insertNotifications(
    trx,
    moderators,
    { kind: 'comments', postId: post.id, actorName: 'Comments', text: 'Comments wait for moderation' },
    now,
  );
}
