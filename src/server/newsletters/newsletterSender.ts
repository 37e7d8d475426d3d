// What the outbox's sender calls for a newsletter row: the message for that member (the post rendered once per process
// and kept a minute, the footer and unsubscribe link per member), nothing for a member no longer active, and the
// bounce of a 5xx to RCPT TO.
import type { Db } from '../db/database';
import type { ClaimedMail } from '../mail/mailRepository';
import type { ComposedMail } from '../mail/outbox';
import { newsletterMail, renderPost } from '../mail/newsletter';
import type { RenderedPost } from '../mail/newsletter';
import { findPost } from '../repositories/postsRepository';
import { markMemberBounced, recipientOf } from './newsletterRepository';
import type { UnsubscribeTokens } from './unsubscribeToken';

const KEPT_MS = 60_000;

export class NewsletterSender {
  private readonly rendered = new Map<number, { at: number; post: Promise<RenderedPost | undefined> }>();

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly tokens: UnsubscribeTokens,
    private readonly now: () => number,
  ) {}

  private post(postId: number): Promise<RenderedPost | undefined> {
    const at = this.now();
    const kept = this.rendered.get(postId);
    if (kept !== undefined && at - kept.at < KEPT_MS) return kept.post;
    for (const [id, entry] of this.rendered) if (at - entry.at >= KEPT_MS) this.rendered.delete(id);
    // Drafts and the trash included: a post queued is sent as it is now, even if it left the site meanwhile.
    const post = findPost(this.db, postId, { includeHidden: true }).then((found) =>
      found === undefined ? undefined : renderPost(found, this.publicUrl),
    );
    this.rendered.set(postId, { at, post });
    return post;
  }

  compose = async (row: ClaimedMail): Promise<ComposedMail | undefined> => {
    if (row.member_id === null || row.post_id === null) return undefined;
    const [rendered, member] = await Promise.all([
      this.post(row.post_id),
      recipientOf(this.db, row.member_id, row.post_id),
    ]);
    if (rendered === undefined || member === undefined || member.status !== 'active') return undefined;
    const reason = member.all ? ({ all: true } as const) : { all: false as const, tags: member.tags };
    const mail = newsletterMail(rendered, reason, this.tokens.make(row.member_id), this.publicUrl);
    return { to: member.email, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers };
  };

  rejected = async (row: ClaimedMail): Promise<void> => {
    if (row.member_id !== null) await markMemberBounced(this.db, row.member_id);
  };
}
