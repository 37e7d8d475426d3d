// /admin/posts: every post, drafts and scheduled ones included, newest first, with Edit, View and Delete. Reading
// them needs the write token (GET /api/blogs?status=all with a Bearer header); it is the one token of the editor
// slice, shared with /admin and /admin/edit/:id for this tab and never stored.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PenLine, Plus, Trash2 } from 'lucide-react';
import { paths } from '../../app/paths';
import { useAppSelector } from '../../app/hooks';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AccessTokenField } from './AccessTokenField';
import { TOKEN_MISSING_TEXT, TOKEN_REJECTED_TEXT, statusOf, useAdminRequest } from './adminApi';
import type { AdminSummary } from './adminApi';
import { selectAccessToken } from './editorSlice';
import { formatLocalTime } from './localTime';
import { describeFailure } from './usePublishPost';
import styles from './Editor.module.scss';

/** A post's status as the admin reads it; the time of a scheduled post in the admin's own locale and zone. */
export function statusText(post: Pick<AdminSummary, 'status' | 'publishAt'>): string {
  if (post.status === 'draft') return 'Draft';
  if (post.status === 'scheduled') {
    const when = formatLocalTime(post.publishAt);
    return when ? `Scheduled for ${when}` : 'Scheduled';
  }
  return 'Published';
}

type ListState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'loaded'; posts: AdminSummary[]; nextCursor: string | null; loadingMore: boolean; moreError?: string };

const failureText = (error: unknown) => (statusOf(error) === 401 ? TOKEN_REJECTED_TEXT : describeFailure(error));

export function PostsPage() {
  useDocumentTitle('Posts');
  const token = useAppSelector(selectAccessToken);
  const fetchPosts = useAdminRequest('adminPosts');
  const deletePost = useAdminRequest('deletePost');
  const [list, setList] = useState<ListState>({ phase: 'idle' });
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const [missingToken, setMissingToken] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The question replaces the Delete button; focus moves to its answer, so the keyboard stays where the admin is.
  useEffect(() => {
    if (confirming !== null) confirmRef.current?.focus();
  }, [confirming]);
  // Only the latest load may fill the list (a token changed mid-request, or Show posts pressed twice).
  const generation = useRef(0);

  async function load() {
    const current = ++generation.current;
    setNotice('');
    setConfirming(null);
    if (!token) {
      setMissingToken(true);
      setList({ phase: 'idle' });
      return;
    }
    setMissingToken(false);
    setList({ phase: 'loading' });
    try {
      const page = await fetchPosts({ token, cursor: null });
      if (current === generation.current) setList({ phase: 'loaded', ...page, loadingMore: false });
    } catch (error) {
      if (current === generation.current) setList({ phase: 'failed', message: failureText(error) });
    }
  }

  async function loadMore() {
    if (list.phase !== 'loaded' || !list.nextCursor || list.loadingMore) return;
    const current = generation.current;
    setList({ ...list, loadingMore: true, moreError: undefined });
    try {
      const page = await fetchPosts({ token, cursor: list.nextCursor });
      if (current !== generation.current) return;
      setList((previous) =>
        previous.phase === 'loaded'
          ? {
              phase: 'loaded',
              // A post written meanwhile can shift a page boundary; never show one row twice.
              posts: [...previous.posts, ...page.posts.filter((post) => !previous.posts.some((p) => p.id === post.id))],
              nextCursor: page.nextCursor,
              loadingMore: false,
            }
          : previous,
      );
    } catch (error) {
      if (current === generation.current) {
        setList((previous) =>
          previous.phase === 'loaded' ? { ...previous, loadingMore: false, moreError: failureText(error) } : previous,
        );
      }
    }
  }

  async function remove(post: AdminSummary) {
    setConfirming(null);
    try {
      await deletePost({ id: String(post.id), token });
      setNotice(`Deleted “${post.title}”.`);
    } catch (error) {
      if (statusOf(error) !== 404) {
        setNotice(`“${post.title}” was not deleted. ${failureText(error)}`);
        noticeRef.current?.focus();
        return;
      }
      setNotice(`“${post.title}” had already been deleted.`);
    }
    setList((previous) =>
      previous.phase === 'loaded' ? { ...previous, posts: previous.posts.filter((p) => p.id !== post.id) } : previous,
    );
    // The row (and the focused button in it) is gone: continue from the message that says what happened.
    noticeRef.current?.focus();
  }

  // Arriving with the token already typed (in the editor, or here before) shows the list at once.
  useEffect(() => {
    if (token) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival; later loads are the admin's choice
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void load();
  }

  return (
    <div className={styles.page}>
      <div className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>Posts</h1>
        <div className={styles.headerActions}>
          <Link to={paths.admin()} className={styles.secondaryButton}>
            <Plus size={16} aria-hidden="true" />
            New post
          </Link>
        </div>
      </div>
      <p className={styles.intro}>Every post, newest first, drafts and scheduled posts included.</p>

      <form className={styles.card} noValidate aria-label="Access" onSubmit={submit}>
        <AccessTokenField />
        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton}>
            Show posts
          </button>
        </div>
        {missingToken && (
          <p className={styles.failed} role="alert">
            {TOKEN_MISSING_TEXT}
          </p>
        )}
      </form>

      <p ref={noticeRef} tabIndex={-1} role="status" className={styles.notice}>
        {notice}
      </p>

      {list.phase === 'idle' && !missingToken && !token && <p className={styles.hint}>{TOKEN_MISSING_TEXT}</p>}
      {list.phase === 'loading' && (
        <p className="status" role="status">
          Loading posts...
        </p>
      )}
      {list.phase === 'failed' && (
        <p className={styles.failed} role="alert">
          {list.message}
        </p>
      )}
      {list.phase === 'loaded' &&
        (list.posts.length === 0 ? (
          <p className={styles.hint}>No posts yet.</p>
        ) : (
          <table className={styles.postsTable}>
            <caption className="visually-hidden">Every post, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.posts.map((post) => (
                <tr key={post.id}>
                  <th scope="row" className={styles.postTitle}>
                    {post.title}
                  </th>
                  <td>{statusText(post)}</td>
                  <td>
                    {confirming === post.id ? (
                      <div className={styles.confirm} role="group" aria-label={`Delete “${post.title}”?`}>
                        <span>Delete “{post.title}”? This cannot be undone.</span>
                        <button
                          type="button"
                          className={styles.dangerButton}
                          ref={confirmRef}
                          onClick={() => void remove(post)}
                        >
                          <Trash2 size={16} aria-hidden="true" />
                          Delete post
                        </button>
                        <button type="button" className={styles.secondaryButton} onClick={() => setConfirming(null)}>
                          Cancel
                        </button>
                      </div>
                    ) : (
                      <div className={styles.rowActions}>
                        <Link to={paths.adminEdit(post.id)} className={styles.secondaryButton}>
                          <PenLine size={16} aria-hidden="true" />
                          Edit<span className="visually-hidden"> “{post.title}”</span>
                        </Link>
                        <Link
                          to={
                            post.status && post.status !== 'published'
                              ? paths.adminPreview(post.id)
                              : paths.post(post.id)
                          }
                          className={styles.secondaryButton}
                        >
                          View<span className="visually-hidden"> “{post.title}”</span>
                        </Link>
                        <button type="button" className={styles.dangerButton} onClick={() => setConfirming(post.id)}>
                          <Trash2 size={16} aria-hidden="true" />
                          Delete<span className="visually-hidden"> “{post.title}”</span>
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      {list.phase === 'loaded' && list.moreError && (
        <p className={styles.failed} role="alert">
          {list.moreError}
        </p>
      )}
      {list.phase === 'loaded' && list.nextCursor && (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondaryButton}
            disabled={list.loadingMore}
            aria-busy={list.loadingMore}
            onClick={() => void loadMore()}
          >
            {list.loadingMore ? 'Loading more posts...' : 'Load more'}
          </button>
        </div>
      )}
    </div>
  );
}
