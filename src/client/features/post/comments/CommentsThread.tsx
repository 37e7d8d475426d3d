// The comments thread (a lazy chunk): the comments, the form for a signed-in member with a live character count,
// "Sign in to comment" for a visitor, Reply/Edit/Delete/Report, one's own pending comments marked "Awaiting
// moderation", and new approved comments fetched every few seconds while the page is visible, announced politely.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { COMMENT_BODY_MAX, COMMENT_EDIT_WINDOW_MS, SIGN_IN_TO_COMMENT } from '../../../../contract/commentText';
import type { CommentPage, OwnComment, PublicComment } from '../../../../contract/comments';
// The post page's style map, which carries the comments' rules (_comments.scss), so they come with the page.
import styles from '../PostPage.module.scss';
import { commentListClass, CommentView, EarlierButton } from './CommentView';
import type { ThreadProps } from './CommentsSection';

const POLL_MS = 2_000;

type Me = { email: string; name: string } | null;

async function send(url: string, method: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function errorOf(response: Response): Promise<string> {
  try {
    const answer = (await response.json()) as { error?: string; details?: { path: string; message: string }[] };
    const detail = answer.details?.[0];
    return detail ? `${detail.path} ${detail.message}` : (answer.error ?? 'Something went wrong');
  } catch {
    return 'Something went wrong';
  }
}

/** The threads before comment `before`, or undefined when they could not be read. */
async function earlierPage(url: string, before: number): Promise<CommentPage | undefined> {
  const response = await fetch(`${url}?before=${before}`, { credentials: 'same-origin' });
  return response.ok ? ((await response.json()) as CommentPage) : undefined;
}

function CommentForm({
  label,
  initial = '',
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  onSubmit: (body: string) => Promise<string | undefined>;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const problem = await onSubmit(body);
    setBusy(false);
    setError(problem);
    if (problem === undefined) setBody('');
  };
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={body}
        maxLength={COMMENT_BODY_MAX}
        aria-describedby={`${id}-count`}
        onChange={(event) => setBody(event.target.value)}
      />
      <p id={`${id}-count`} className={styles.meta}>{`${body.length} / ${COMMENT_BODY_MAX}`}</p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={busy || body.trim() === ''}>
          {label === 'Edit comment' ? 'Save' : 'Post comment'}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

export default function CommentsThread({ postId, open, initial, earlierAtStart = false }: ThreadProps) {
  // The page the server rendered is the first state, so the markup stays as it is and is not fetched again.
  const [page, setPage] = useState<CommentPage | undefined>(initial);
  const [earlier, setEarlier] = useState<PublicComment[]>([]);
  const [nextBefore, setNextBefore] = useState<number | null>(initial?.nextBefore ?? null);
  const [me, setMe] = useState<Me | undefined>();
  const [mine, setMine] = useState<Map<number, OwnComment>>(new Map());
  const [announce, setAnnounce] = useState('');
  const [replyTo, setReplyTo] = useState<number>();
  const [editing, setEditing] = useState<number>();
  // The clock the edit window is judged by, moved on each fetch.
  const [now, setNow] = useState(() => Date.now());
  const seen = useRef<Set<number> | undefined>(initial && new Set(initial.items.map((c) => c.id)));
  const url = `/api/blogs/${postId}/comments`;

  const load = useCallback(async () => {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) return;
    const next = (await response.json()) as CommentPage;
    const ids = new Set(next.items.map((c) => c.id));
    if (seen.current !== undefined) {
      const fresh = next.items.filter((c) => !seen.current!.has(c.id) && !c.deleted).length;
      if (fresh > 0) setAnnounce(fresh === 1 ? '1 new comment' : `${fresh} new comments`);
    }
    seen.current = ids;
    setNow(Date.now());
    setPage(next);
    setNextBefore((current) => current ?? next.nextBefore);
  }, [url]);

  const addEarlier = (older: CommentPage | undefined) => {
    if (older === undefined) return;
    setEarlier((current) => [...older.items, ...current]);
    setNextBefore(older.nextBefore);
  };
  useEffect(() => {
    // With the server's page in hand only a member's own pending comments are missing: fetched when one is signed in.
    if (!initial) void load();
    // "Load earlier comments" was pressed before this chunk had loaded.
    if (earlierAtStart && initial?.nextBefore != null) void earlierPage(url, initial.nextBefore).then(addEarlier);
    void fetch('/api/members/me', { credentials: 'same-origin' }).then(async (response) => {
      const member = response.ok ? ((await response.json()) as Me) : null;
      setMe(member);
      if (member && initial) void load();
    });
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, POLL_MS);
    return () => clearInterval(timer);
    // The server's page is the first state only: a later one must not restart the polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);

  const remember = (comment: OwnComment) => setMine((current) => new Map(current).set(comment.id, comment));

  const post = async (body: string, parentId?: number) => {
    const response = await send(url, 'POST', parentId === undefined ? { body } : { body, parentId });
    if (!response.ok) return errorOf(response);
    remember((await response.json()) as OwnComment);
    setReplyTo(undefined);
    await load();
    return undefined;
  };
  const edit = async (id: number, body: string) => {
    const response = await send(`/api/comments/${id}`, 'PUT', { body });
    if (!response.ok) return errorOf(response);
    remember((await response.json()) as OwnComment);
    setEditing(undefined);
    await load();
    return undefined;
  };
  const remove = async (id: number) => {
    if (!window.confirm('Delete this comment?')) return;
    const response = await send(`/api/comments/${id}`, 'DELETE');
    if (response.ok) {
      setMine((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      });
      await load();
    }
  };
  const report = async (id: number) => {
    const response = await send(`/api/comments/${id}/report`, 'POST', {});
    setAnnounce(response.ok ? 'Thank you: the comment was reported' : await errorOf(response));
  };
  const showEarlier = async (before: number) => addEarlier(await earlierPage(url, before));

  if (page === undefined) return <p role="status">Loading comments…</p>;
  const pending = page.mine ?? [];
  const items = [...earlier, ...page.items];
  const ownIds = new Set([...mine.keys(), ...pending.map((c) => c.id)]);

  const renderComment = (comment: PublicComment, status?: 'pending') => {
    const own = ownIds.has(comment.id);
    const editable = own && now - Date.parse(comment.createdAt) < COMMENT_EDIT_WINDOW_MS;
    return (
      <CommentView
        key={comment.id}
        comment={comment}
        pending={status === 'pending'}
        body={
          editing === comment.id ? (
            <CommentForm
              label="Edit comment"
              initial={comment.body}
              onSubmit={(body) => edit(comment.id, body)}
              onCancel={() => setEditing(undefined)}
            />
          ) : undefined
        }
      >
        {!comment.deleted && me && status === undefined && (
          <div className={styles.actions}>
            {open && (
              <button type="button" className="button" onClick={() => setReplyTo(comment.parentId ?? comment.id)}>
                Reply
              </button>
            )}
            {editable && (
              <button type="button" className="button" onClick={() => setEditing(comment.id)}>
                Edit
              </button>
            )}
            {own && (
              <button type="button" className="button" onClick={() => void remove(comment.id)}>
                Delete
              </button>
            )}
            {!own && (
              <button type="button" className="button" onClick={() => void report(comment.id)}>
                Report
              </button>
            )}
          </div>
        )}
        {replyTo === comment.id && comment.parentId === null && (
          <CommentForm
            label="Your reply"
            onSubmit={(body) => post(body, comment.id)}
            onCancel={() => setReplyTo(undefined)}
          />
        )}
      </CommentView>
    );
  };

  return (
    <>
      <p role="status" aria-live="polite" className="visually-hidden">
        {announce}
      </p>
      {nextBefore !== null && <EarlierButton onClick={() => void showEarlier(nextBefore)} />}
      <ol className={commentListClass}>
        {items.map((comment) => renderComment(comment))}
        {pending.map((comment) => renderComment(comment, 'pending'))}
      </ol>
      {open && !me && (
        <p>
          <a href={SIGN_IN_TO_COMMENT}>Sign in to comment</a>
        </p>
      )}
      {open && me && <CommentForm label="Your comment" onSubmit={(body) => post(body)} />}
    </>
  );
}
