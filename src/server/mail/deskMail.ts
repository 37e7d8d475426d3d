// Desk mail is gathered: at most one message per post per person every ten minutes. The first notice goes out at
// once; the next ones within ten minutes of it wait in one unsent outbox row, which each adds its line to, and leave
// together when the ten minutes are up. A notice the person was already mailed in that time (a post submitted again
// right after its withdrawal) is not mailed again. Runs in the transaction of the change that causes it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { insertTopicMail, latestTopicMail, queueMail, rewritePendingMail } from './mailRepository';
import type { TopicMail } from './mailRepository';
import { deskDigest, deskMessage } from './messages';
import type { DeskNotice } from './messages';

/** Mail about one post to one person leaves at most this often, unless MAIL_DIGEST_MINUTES says otherwise. */
export const DESK_MAIL_WINDOW_MS = 10 * 60_000;

const noticesOf = (row: TopicMail): DeskNotice[] =>
  row.notices === null ? [] : (JSON.parse(row.notices) as DeskNotice[]);

/** Queues `notice` for `to`: into the unsent message about its post, or a new one at the next free time. */
export async function queueDeskNotice(
  trx: Kysely<Database>,
  to: string,
  notice: DeskNotice,
  publicUrl: string,
  now: Date,
  windowMs = DESK_MAIL_WINDOW_MS,
): Promise<void> {
  const topic = `post:${notice.postId}`;
  const at = now.getTime();
  const same = (other: DeskNotice) => other.kind === notice.kind && other.text === notice.text;
  // Each retry follows another transaction's change to the same row: a sender's claim or another notice. Notices that
  // arrive at once take turns (one wins each round), so five at once plus a claim needed six tries: twenty leave room.
  for (let tries = 0; tries < 20; tries += 1) {
    const rows = await latestTopicMail(trx, to, topic, 4);
    const recent = rows.filter((row) => row.attempts === 0 || row.nextAttemptAt > at - windowMs);
    if (recent.some((row) => noticesOf(row).some(same))) return;
    const pending = rows.find((row) => row.attempts === 0);
    if (pending !== undefined) {
      const notices = [...noticesOf(pending), notice];
      const { subject, body } = deskDigest(to, notices, publicUrl);
      if (
        await rewritePendingMail(trx, pending.id, pending.notices, { subject, body, notices: JSON.stringify(notices) })
      )
        return;
      continue;
    }
    const last = rows[0];
    const dueAt = last === undefined ? at : Math.max(at, last.nextAttemptAt + windowMs);
    const message = { ...deskMessage(to, notice, publicUrl), topic, notices: JSON.stringify([notice]) };
    if (await insertTopicMail(trx, message, at, dueAt)) return;
  }
  // Never seen in practice: rather a message of its own than a lost notice.
  await queueMail(trx, [deskMessage(to, notice, publicUrl)], now);
}
