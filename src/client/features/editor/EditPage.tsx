// /admin/edit/:id: 'Edit Blog Post', the editor's fields filled with a stored post (drafts and scheduled ones too,
// fetched with the token). Its draft is the post's own (editDraftsSlice), never the new post's at /admin; Submit
// saves it with PUT and If-Match.
import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { List, RefreshCw } from 'lucide-react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { paths } from '../../app/paths';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AccessTokenField } from './AccessTokenField';
import { TOKEN_REJECTED_TEXT, statusOf, useAdminRequest } from './adminApi';
import { DraftScopeProvider } from './draftScope';
import type { DraftScope } from './draftScope';
import { ensureEditDraftsPersisted } from './editDraftStorage';
import { editChanged, editLoaded, selectEditDraft } from './editDraftsSlice';
import { sampleDraft, selectAccessToken } from './editorSlice';
import { clearPendingImages, restorePendingImages } from './pendingImages';
import { postToDraft } from './postDraft';
import { PostForm } from './PostForm';
import { describeFailure, submittedText } from './usePublishPost';
import { useSavePost } from './useSavePost';
import { rememberImages } from './uploadedImages';
import styles from './Editor.module.scss';

export const EDIT_TOKEN_MISSING_TEXT = 'Enter the access token to open this post for editing.';
export const DISCARD_EDIT_CONFIRMATION = 'Discard your changes and reload the post as it is saved now?';

/** Rendered only while the post's draft exists; never shown, it keeps the fields' selectors total. */
const PLACEHOLDER = sampleDraft();

type LoadState = { phase: 'idle' | 'loading' } | { phase: 'failed'; message: string; notFound?: boolean };

export function EditPage() {
  const { id = '' } = useParams();
  const validId = /^[1-9]\d{0,14}$/.test(id);
  useDocumentTitle('Edit Blog Post');
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectAccessToken);
  const entry = useAppSelector((state) => selectEditDraft(state, id));
  const fetchPost = useAdminRequest('adminPost');
  const [load, setLoad] = useState<LoadState>({ phase: 'idle' });

  const scope = useMemo<DraftScope>(
    () => ({
      imageScope: `edit:${id}:`,
      select: (state) => selectEditDraft(state, id)?.draft ?? PLACEHOLDER,
      wrap: (action: UnknownAction) => editChanged({ postId: id, action }),
    }),
    [id],
  );
  const { save, isSaving, saved, failure, conflict, clearOutcome } = useSavePost(id, scope);

  useEffect(() => ensureEditDraftsPersisted(store), [store]);
  useEffect(() => void restorePendingImages(scope.imageScope), [scope]);

  /** Loads the post as stored now, replacing this post's draft (never the new post's). */
  async function loadPost() {
    if (!token) {
      setLoad({ phase: 'failed', message: EDIT_TOKEN_MISSING_TEXT });
      return;
    }
    setLoad({ phase: 'loading' });
    try {
      const { post, etag } = await fetchPost({ id, token });
      // Previews of the post's uploaded images then get their srcset, as on the published page.
      rememberImages(post.images);
      dispatch(editLoaded({ postId: id, etag, draft: postToDraft(post) }));
      clearPendingImages(scope.imageScope);
      clearOutcome();
      setLoad({ phase: 'idle' });
    } catch (error) {
      const status = statusOf(error);
      setLoad({
        phase: 'failed',
        notFound: status === 404,
        message: status === 401 ? TOKEN_REJECTED_TEXT : status === 404 ? 'Blog not found.' : describeFailure(error),
      });
    }
  }

  // A draft with the admin's unsaved changes is kept (a reload or a trip to another page must not lose them); an
  // untouched one is fetched again, so the page shows the post as it is now.
  useEffect(() => {
    // The load shows 'Loading' at once; that one extra render is wanted.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (validId && token && !selectEditDraft(store.getState(), id)?.changed) void loadPost();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival at a post; later loads are the admin's choice
  }, [id]);

  function openPost(event: FormEvent) {
    event.preventDefault();
    void loadPost();
  }

  function discardChanges() {
    if (!window.confirm(DISCARD_EDIT_CONFIRMATION)) return;
    void loadPost();
  }

  const header = (
    <div className={styles.pageHeader}>
      <h1 className={styles.pageTitle}>Edit Blog Post</h1>
      <div className={styles.headerActions}>
        <Link to={paths.adminPosts()} className={styles.secondaryButton}>
          <List size={16} aria-hidden="true" />
          All posts
        </Link>
      </div>
    </div>
  );

  if (!validId || (load.phase === 'failed' && load.notFound && !entry)) {
    return (
      <div className={styles.page}>
        {header}
        <p className={styles.failed} role="alert">
          Blog not found.
        </p>
      </div>
    );
  }

  if (!entry) {
    return (
      <div className={styles.page}>
        {header}
        <form className={styles.card} noValidate aria-label="Open the post" onSubmit={openPost}>
          {!token && <p className={styles.hint}>{EDIT_TOKEN_MISSING_TEXT}</p>}
          <AccessTokenField />
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton} disabled={load.phase === 'loading'}>
              Open post
            </button>
          </div>
          {load.phase === 'loading' && (
            <p className="status" role="status">
              Loading blog content...
            </p>
          )}
          {load.phase === 'failed' && (
            <p className={styles.failed} role="alert">
              {load.message}
            </p>
          )}
        </form>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      {header}
      <p className={styles.intro}>
        Your changes are saved in this browser as you type, apart from the new post at Create New Blog Post (the access
        token never is). Submit saves them to the post.
      </p>
      <DraftScopeProvider value={scope}>
        <PostForm
          label="Edit Blog Post"
          onSubmit={() => void save()}
          busy={isSaving}
          discard={
            <button
              type="button"
              className={styles.dangerButton}
              disabled={load.phase === 'loading'}
              onClick={discardChanges}
            >
              <RefreshCw size={16} aria-hidden="true" />
              Discard changes
            </button>
          }
        >
          <div role="status">
            {saved && (
              <p className={styles.published}>
                {submittedText(saved, 'Saved')}{' '}
                {saved.publishing.status === 'published' ? (
                  <Link to={paths.post(saved.id)}>View the post</Link>
                ) : (
                  <Link to={paths.adminPreview(saved.id)}>Preview the post</Link>
                )}
              </p>
            )}
            {failure && !conflict && <p className={styles.failed}>Not saved. {failure}</p>}
            {load.phase === 'failed' && <p className={styles.failed}>{load.message}</p>}
          </div>
          {conflict && (
            <div className={styles.failed} role="alert">
              <p>{failure}</p>
              <button
                type="button"
                className={styles.secondaryButton}
                disabled={load.phase === 'loading'}
                onClick={() => void loadPost()}
              >
                <RefreshCw size={16} aria-hidden="true" />
                Reload the post
              </button>
            </div>
          )}
        </PostForm>
      </DraftScopeProvider>
    </div>
  );
}
