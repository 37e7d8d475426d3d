// What the outbox's sender calls for a newsletter row: the message for that member (the post rendered once per process
// and kept a minute, the footer and unsubscribe link per member), nothing for a member no longer active, and the
// bounce of a 5xx to RCPT TO.
import type { Db } from '../db/database';
import type { ClaimedMail } from '../mail/mailRepository';
import type { ComposedMail } from '../mail/outbox';
import { newsletterMail, renderPost } from '../mail/newsletter';
import type { RenderedPost } from '../mail/newsletter';
import { findPost } from '../repositories/postsRepository';
import { markMemberBounced, recipientsOf } from './newsletterRepository';
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

  /** The messages of a batch of newsletter rows, by row id; none for a row whose member or post is gone or inactive. */
  compose = async (rows: ClaimedMail[]): Promise<Map<number, ComposedMail>> => {
    const messages = new Map<number, ComposedMail>();
    const byPost = new Map<number, ClaimedMail[]>();
    for (const row of rows)
      if (row.member_id !== null && row.post_id !== null)
        byPost.set(row.post_id, [...(byPost.get(row.post_id) ?? []), row]);
    for (const [postId, postRows] of byPost) {
      const [rendered, members] = await Promise.all([
        this.post(postId),
        recipientsOf(
          this.db,
          postRows.map((row) => row.member_id!),
          postId,
        ),
      ]);
      if (rendered === undefined) continue;
      for (const row of postRows) {
        const member = members.get(row.member_id!);
        if (member === undefined || member.status !== 'active') continue;
        const reason = member.all ? ({ all: true } as const) : { all: false as const, tags: member.tags };
        const mail = newsletterMail(rendered, reason, this.tokens.make(row.member_id!), this.publicUrl);
        messages.set(row.id, {
          to: member.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
      }
    }
    return messages;
  };

  rejected = async (row: ClaimedMail): Promise<void> => {
    if (row.member_id !== null) await markMemberBounced(this.db, row.member_id);
  };
}
