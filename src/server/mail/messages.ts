// Every mail the site sends, composed: a desk notification, an invitation, a password reset link and a member's links. Plain text, one message each.
import type { NotificationKind } from '../../contract/desk';
import { MEMBER_PAGES } from '../../contract/members';
import { pathTo } from '../../contract/routes';
import { SITE_NAME } from '../../contract/site';

export type MailMessage = { to: string; subject: string; body: string };

/** A desk notification as the app shows it: what happened, to which post, said by whom. */
export type DeskNotice = { kind: NotificationKind; postId: number; postTitle: string; text: string };

const HEADLINES: Record<NotificationKind, string> = {
  submitted: 'Submitted for review',
  changes: 'Changes requested',
  approved: 'Approved',
  published: 'Published',
  scheduled: 'Scheduled',
  note: 'New note',
  comments: 'Comments wait',
};

/**
 * User text in a subject: one header line (no line breaks, not endless), and no RFC 2047 encoded-word. A title typed as
 * `=?utf-8?q?…?=` is pure ASCII, which nodemailer sends as it is, so a mail client would decode it into other text:
 * every `=?` is opened to `= ?`, which no decoder takes for the start of one.
 */
const subjectText = (text: string) => text.replace(/\s+/g, ' ').replaceAll('=?', '= ?').slice(0, 150);

/**
 * The links at the foot of a desk mail: the post's admin page, and for a post made public the story as readers see it
 * first, which is what its writer wants to open and pass on.
 */
function postLinks(notices: readonly DeskNotice[], postId: number, publicUrl: string): string {
  const admin = `${publicUrl}${pathTo('adminEdit', { id: postId })}`;
  if (!notices.some((notice) => notice.kind === 'published')) return `Open it: ${admin}\n`;
  return `Read it: ${publicUrl}${pathTo('post', { id: postId })}\nEdit it: ${admin}\n`;
}

/**
 * The mail of a desk notification: the notice's text, the post's title and a link to its admin page (a published
 * post's public page first).
 */
export function deskMessage(to: string, notice: DeskNotice, publicUrl: string): MailMessage {
  const title = notice.postTitle.trim() === '' ? '(untitled)' : notice.postTitle;
  return {
    to,
    subject: `${HEADLINES[notice.kind]}: ${subjectText(title)}`,
    body: `${notice.text}\n\nPost: ${title}\n${postLinks([notice], notice.postId, publicUrl)}`,
  };
}

/**
 * The mail of one or more desk notifications about one post to one person, oldest first: a single one reads as
 * deskMessage; several are listed under the post's newest title.
 */
export function deskDigest(to: string, notices: readonly DeskNotice[], publicUrl: string): MailMessage {
  const last = notices.at(-1);
  if (last === undefined) throw new Error('deskDigest needs a notice');
  if (notices.length === 1) return deskMessage(to, last, publicUrl);
  const title = last.postTitle.trim() === '' ? '(untitled)' : last.postTitle;
  const lines = notices.map((notice) => `- ${HEADLINES[notice.kind]}: ${notice.text}`).join('\n');
  return {
    to,
    subject: `${notices.length} updates: ${subjectText(title)}`,
    body: `${notices.length} updates on this post:\n${lines}\n\nPost: ${title}\n${postLinks(notices, last.postId, publicUrl)}`,
  };
}

/** "Forgot password?": the single-use link that sets a new password (`code`, as passwordResetsRepository made it). */
export function passwordResetMessage(to: string, code: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Your Touchline password reset link',
    body:
      `Someone (we hope you) asked to set a new password for ${to} on Touchline.\n\n` +
      `Set it here; the link works once, for 30 minutes, and ends every session of the account:\n` +
      `${publicUrl}${pathTo('auth')}?reset=${code}\n\nIf it was not you, ignore this message.\n`,
  };
}

/** A change to someone's sign-in settings (a passkey, the authenticator app, recovery codes), told to them. */
export function signInSettingsMessage(to: string, change: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'Your Touchline sign-in settings changed',
    body:
      `${change}\n\nSee your sign-in settings here:\n${publicUrl}${pathTo('adminAccount')}\n\n` +
      `If it was not you, sign in and remove what you do not know, or ask an owner to run ` +
      `npm run staff -- reset-2fa ${to} on the server.\n`,
  };
}

/** An invitation to join the staff: who invites, the role, and the single-use sign-up link (7 days, this email only). */
export function invitationMessage(
  to: string,
  { url, role, inviter }: { url: string; role: string; inviter: string },
): MailMessage {
  return {
    to,
    subject: `You're invited to write for ${SITE_NAME}`,
    body:
      `${subjectText(inviter)} invited you to write for ${SITE_NAME} as ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}.\n\n` +
      `Create your account here; the link works once, for ${to}, for 7 days:\n${url}\n\n` +
      `If you did not expect this, ignore this message.\n`,
  };
}

/** A reader's subscription waits for this link: its page's button confirms it (a link scanner's GET confirms nothing). */
export function memberConfirmMessage(to: string, token: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: `Confirm your subscription to ${SITE_NAME}`,
    body:
      `Someone (we hope you) asked to get ${SITE_NAME}'s stories by email at ${to}.\n\n` +
      `Confirm it here; the link works once, for 7 days:\n` +
      `${publicUrl}${MEMBER_PAGES.confirm}?token=${token}\n\nIf it was not you, ignore this message: nothing will be sent.\n`,
  };
}

/** A member's sign-in link: one hour, once. */
export function memberSignInMessage(to: string, token: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: `Sign in to ${SITE_NAME}`,
    body:
      `Sign in to ${SITE_NAME} to change what you get by email; the link works once, for 1 hour:\n` +
      `${publicUrl}${MEMBER_PAGES.signIn}?token=${token}\n\nIf it was not you, ignore this message.\n`,
  };
}

/**
 * A member's comment had an approved reply: the post's title, the reply's first 200 characters as text, a link, and
 * how to stop these mails (the one-click headers go beside it).
 */
export function commentReplyMessage(
  to: string,
  reply: { postTitle: string; body: string; link: string; stopUrl: string },
): MailMessage {
  const excerpt = reply.body.length > 200 ? `${reply.body.slice(0, 200)}…` : reply.body;
  return {
    to,
    subject: `New reply to your comment on ${SITE_NAME}`,
    body:
      `Someone replied to your comment on "${reply.postTitle}":\n\n${excerpt}\n\n` +
      `Read it here:\n${reply.link}\n\nStop reply emails:\n${reply.stopUrl}\n`,
  };
}
