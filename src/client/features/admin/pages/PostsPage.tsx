// /admin/posts: every post, drafts and scheduled ones included, newest first, with who wrote and last changed it, and
// Edit, View, Live, History and Delete (to the trash). The signed-in admin's session reads them (GET /api/blogs?status=all); a typed access token
// (the editor slice's, shared with /admin and /admin/edit/:id for this tab, never stored) goes as a Bearer header.
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from '../../../components/Link';
import { History, PenLine, Plus, Radio, Trash2 } from 'lucide-react';
import { paths } from '../../../app/paths';
import { adminPaths } from '../adminPaths';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { apiErrorMessage, statusOf } from '../api/apiErrors';
import { useInfiniteEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { TOKEN_REJECTED_TEXT, adminApi, staffName } from '../api/adminApi';
import type { AdminPostsArg } from '../api/adminApi';
import type { AdminBlogSummary } from '../../../../contract/types';
import { selectAccessToken } from '../draft/editorSlice';
import { formatLocalTime } from '../draft/localTime';
import buttons from '../../../styles/buttons.module.scss';
import fieldStyles from '../form/fields.module.scss';
import formStyles from '../form/PostForm.module.scss';
import pageStyles from './page.module.scss';
import { ConfirmInRow } from '../components/ConfirmInRow';
import {
  AccessForm,
  ActionsCell,
  AdminTable,
  NoticeLine,
  ReadStatus,
  RowButton,
  useNotice,
} from '../components/pageParts';
import { NewsletterLine } from '../components/NewsletterLine';
import { rowPermissions } from '../components/postPermissions';

/** A post's status as the admin reads it; the time of a scheduled post in the admin's own locale and zone. */
export function statusText(post: Pick<AdminBlogSummary, 'status' | 'publishAt'>): string {
  if (post.status === 'draft') return 'Draft';
  if (post.status === 'review') return 'In review';
  if (post.status === 'scheduled') {
    const when = formatLocalTime(post.publishAt);
    return when ? `Scheduled for ${when}` : 'Scheduled';
  }
  return 'Published';
}

const failureText = (error: unknown) => apiErrorMessage(error, { 401: TOKEN_REJECTED_TEXT });

export function PostsPage() {
  useDocumentTitle('Posts');
  const token = useAppSelector(selectAccessToken);
  // With a typed token the key's rights apply, not the session's: the list then shows every action.
  const user = useAppSelector(selectUser);
  const deletePost = useMutationRunner(adminApi.endpoints.deletePost);
  // The list the admin asked for: shown at once (the session reads it); each Show posts is a fresh request with the
  // token typed then, if any.
  const [shown, setShown] = useState<AdminPostsArg>(() => ({ token, load: 0 }));
  const list = useInfiniteEndpointQuery(adminApi.endpoints.getAdminPosts, shown);
  // Rows deleted since the list loaded (the list is not fetched again for a delete).
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<number | null>(null);
  const { notice, setNotice, noticeRef } = useNotice();

  const loading = list.isLoading;
  const failed = !loading && list.isError && !list.isFetchNextPageError;
  const loaded = !loading && !failed && list.data !== undefined;
  // A post written meanwhile can shift a page boundary; never show one row twice.
  const posts = useMemo(() => {
    const rows = new Map<number, AdminBlogSummary>();
    for (const page of list.data?.pages ?? [])
      for (const post of page.posts) if (!rows.has(post.id)) rows.set(post.id, post);
    return [...rows.values()].filter((post) => !removed.has(post.id));
  }, [list.data, removed]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setConfirming(null);
    setRemoved(new Set());
    setShown({ token, load: shown.load + 1 });
  }

  async function remove(post: AdminBlogSummary) {
    setConfirming(null);
    try {
      await deletePost({ id: String(post.id), token });
      setNotice({ text: `Moved “${post.title}” to the trash.`, failed: false });
    } catch (error) {
      if (statusOf(error) !== 404) {
        setNotice({ text: `“${post.title}” was not deleted. ${failureText(error)}`, failed: true });
        noticeRef.current?.focus();
        return;
      }
      setNotice({ text: `“${post.title}” had already been deleted.`, failed: false });
    }
    setRemoved((previous) => new Set(previous).add(post.id));
    // The row (and the focused button in it) is gone: continue from the message that says what happened.
    noticeRef.current?.focus();
  }

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>Posts</h1>
        <div className={pageStyles.headerActions}>
          <Link to={paths.admin()} className={buttons.secondaryButton}>
            <Plus size={16} aria-hidden="true" />
            New post
          </Link>
          <Link to={adminPaths.trash()} className={buttons.secondaryButton}>
            <Trash2 size={16} aria-hidden="true" />
            Trash
          </Link>
        </div>
      </div>
      <p className={pageStyles.intro}>Every post, newest first, drafts and scheduled posts included.</p>

      <AccessForm submitLabel="Show posts" onSubmit={submit} />

      <NoticeLine notice={notice} noticeRef={noticeRef} />

      <ReadStatus
        loading={loading}
        loadingText="Loading posts..."
        failure={failed ? failureText(list.error) : undefined}
      />
      {loaded &&
        (posts.length === 0 ? (
          <p className={fieldStyles.hint}>No posts yet.</p>
        ) : (
          <div className={pageStyles.tableScroll}>
            <AdminTable
              caption="Every post, newest first"
              columns={['Title', 'Status', 'Created by', 'Updated by']}
              actions
              rows={posts}
              rowHeader={(post) => post.title}
              cardsOnPhone
            >
              {(post) => {
                const may = rowPermissions(shown.token ? null : user, post);
                return (
                  <>
                    <td data-label="Status">
                      {statusText(post)}
                      {post.status === 'published' && <NewsletterLine id={post.id} />}
                    </td>
                    <td data-label="Created by">{staffName(post.createdBy)}</td>
                    <td data-label="Updated by">{staffName(post.updatedBy)}</td>
                    <ActionsCell
                      confirm={
                        confirming === post.id && (
                          <ConfirmInRow
                            label={`Delete “${post.title}”?`}
                            question={`Delete “${post.title}”? It goes to the trash, where it can be restored for 30 days.`}
                            answer={
                              <>
                                <Trash2 size={16} aria-hidden="true" />
                                Delete post
                              </>
                            }
                            onConfirm={() => void remove(post)}
                            onCancel={() => setConfirming(null)}
                          />
                        )
                      }
                    >
                      {may.edit && (
                        <Link to={adminPaths.edit(post.id)} className={buttons.secondaryButton}>
                          <PenLine size={16} aria-hidden="true" />
                          Edit<span className="visually-hidden"> “{post.title}”</span>
                        </Link>
                      )}
                      <Link
                        to={
                          post.status && post.status !== 'published' ? adminPaths.preview(post.id) : paths.post(post.id)
                        }
                        className={buttons.secondaryButton}
                      >
                        View<span className="visually-hidden"> “{post.title}”</span>
                      </Link>
                      {may.edit && (
                        <Link to={adminPaths.live(post.id)} className={buttons.secondaryButton}>
                          <Radio size={16} aria-hidden="true" />
                          Live<span className="visually-hidden"> “{post.title}”</span>
                        </Link>
                      )}
                      <Link to={adminPaths.history(post.id)} className={buttons.secondaryButton}>
                        <History size={16} aria-hidden="true" />
                        History<span className="visually-hidden"> “{post.title}”</span>
                      </Link>
                      {may.delete && (
                        <RowButton
                          icon={<Trash2 size={16} aria-hidden="true" />}
                          label="Delete"
                          rowName={`“${post.title}”`}
                          onClick={() => setConfirming(post.id)}
                        />
                      )}
                    </ActionsCell>
                  </>
                );
              }}
            </AdminTable>
          </div>
        ))}
      {loaded && list.isFetchNextPageError && !list.isFetchingNextPage && (
        <p className={pageStyles.failed} role="alert">
          {failureText(list.error)}
        </p>
      )}
      {loaded && list.hasNextPage && (
        <div className={formStyles.actions}>
          <button
            type="button"
            className={buttons.secondaryButton}
            disabled={list.isFetchingNextPage}
            aria-busy={list.isFetchingNextPage}
            onClick={list.fetchNextPage}
          >
            {list.isFetchingNextPage ? 'Loading more posts...' : 'Load more'}
          </button>
        </div>
      )}
    </div>
  );
}
