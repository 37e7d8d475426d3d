// One comment as the page shows it, the same on the server, before the thread's chunk loads and after: its author,
// "Staff", the date (in UTC, so the server's markup and the browser's agree), "(edited)" and the text as text.
import type { ReactNode } from 'react';
import { commentHtml } from '../../../../contract/commentText';
import type { PublicComment } from '../../../../contract/comments';
// The post page's style map, which carries the comments' rules (_comments.scss), so they come with the page.
import styles from '../PostPage.module.scss';

let dateFormat: Intl.DateTimeFormat | undefined;
const when = (iso: string) =>
  `${(dateFormat ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })).format(new Date(iso))} UTC`;

export function CommentView({
  comment,
  pending = false,
  body,
  children,
}: {
  comment: PublicComment;
  pending?: boolean;
  /** what replaces the text (the edit form) */
  body?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li id={`comment-${comment.id}`} className={`${styles.comment} ${comment.parentId !== null ? styles.reply : ''}`}>
      <p className={styles.meta}>
        <strong>{comment.deleted ? '' : comment.author.name}</strong>
        {comment.staff && <span className={styles.badge}>Staff</span>}{' '}
        {!comment.deleted && <time dateTime={comment.createdAt}>{when(comment.createdAt)}</time>}
        {comment.editedAt && ' (edited)'}
        {pending && <em> Awaiting moderation</em>}
      </p>
      {body ?? <p dir="auto" className={styles.body} dangerouslySetInnerHTML={{ __html: commentHtml(comment.body) }} />}
      {children}
    </li>
  );
}

/** The button that asks for the comments before the page's first. */
export function EarlierButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button" onClick={onClick}>
      Load earlier comments
    </button>
  );
}

export const commentListClass = styles.list;
