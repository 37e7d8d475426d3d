// /admin/edit/:id: 'Edit Blog Post', the editor's fields filled with a stored post (drafts and scheduled ones too,
// fetched with the token). Its draft is the post's own (editDraftsSlice), never the new post's at /admin; Submit
// saves it with PUT and If-Match.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../components/Link';
import { History, RefreshCw } from 'lucide-react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { paths } from '../../../app/paths';
import { adminPaths } from '../adminPaths';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { AccessTokenField } from '../form/AccessTokenField';
import { apiErrorMessage, statusOf } from '../api/apiErrors';
import { parsePostId } from '../../../../contract/routes';
import { TOKEN_REJECTED_TEXT, useAdminPostQuery } from '../api/adminApi';
import type { AdminPostArg } from '../api/adminApi';
import { DraftScopeProvider } from '../draft/draftScope';
import type { DraftScope } from '../draft/draftScope';
import { ensureEditDraftsPersisted } from '../draft/editDraftStorage';
import { editChanged, editLoaded, selectEditDraft } from '../draft/editDraftsSlice';
import { sampleDraft, selectAccessToken } from '../draft/editorSlice';
import { clearPendingImages, restorePendingImages } from '../images/pendingImages';
import { postToDraft } from '../api/postDraft';
import { PostForm } from '../form/PostForm';
import { submittedText } from '../api/usePublishPost';
import { useSavePost } from '../api/useSavePost';
import { rememberImages } from '../images/uploadedImages';
import buttons from '../../../styles/buttons.module.scss';
import formStyles from '../form/PostForm.module.scss';
import pageStyles from './page.module.scss';
import { AllPostsLink } from '../components/pageParts';
import { NewsletterLine } from '../components/NewsletterLine';
import { NotesPanel } from '../components/NotesPanel';
import { CommentsStateButton } from '../comments/CommentsStateButton';
import { mayManageAll } from '../../../../contract/roles';
import { selectUser } from '../../../app/authSlice';

export const DISCARD_EDIT_CONFIRMATION = 'Discard your changes and reload the post as it is saved now?';

/** Rendered only while the post's draft exists; never shown, it keeps the fields' selectors total. */
const PLACEHOLDER = sampleDraft();

export function EditPage() {
  const { id = '' } = useParams();
  const validId = parsePostId(id) !== undefined;
  useDocumentTitle('Edit Blog Post');
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectAccessToken);
  const entry = useAppSelector((state) => selectEditDraft(state, id));
  const mayCloseComments = mayManageAll(useAppSelector(selectUser)?.role);

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

  // The load the admin asked for (null: none yet). A draft with the admin's unsaved changes is kept on arrival (a
  // reload or a trip to another page must not lose them); an untouched one is fetched again, so the page shows the
  // post as it is now. Each later load (Open post, Discard changes, Reload the post) is a fresh request.
  const [request, setRequest] = useState<{ postId: string; arg: AdminPostArg | null }>();
  if (request?.postId !== id) {
    const fresh = validId && !selectEditDraft(store.getState(), id)?.changed;
    setRequest({ postId: id, arg: fresh ? { id, token, load: 0 } : null });
  }
  const arg = request?.postId === id ? request.arg : null;
  const answer = useAdminPostQuery(arg);
  const loading = answer.isLoading;
  const loadError = !loading && answer.isError ? answer.error : undefined;
  const notFound = statusOf(loadError) === 404;
  const loadFailure =
    loadError !== undefined
      ? apiErrorMessage(loadError, { 401: TOKEN_REJECTED_TEXT, 404: 'Blog not found.' })
      : undefined;

  // Each answer replaces this post's draft (never the new post's), once.
  const applied = useRef<unknown>(undefined);
  useEffect(() => {
    if (!answer.isSuccess || !answer.data || applied.current === answer.data) return;
    applied.current = answer.data;
    const { post, etag } = answer.data;
    // Previews of the post's uploaded images then get their srcset, as on the published page.
    rememberImages(post.images);
    dispatch(editLoaded({ postId: id, etag, draft: postToDraft(post) }));
    clearPendingImages(scope.imageScope);
    clearOutcome();
  }, [answer.isSuccess, answer.data, dispatch, id, scope, clearOutcome]);

  const loads = useRef(0);
  /** Loads the post as stored now, replacing this post's draft (never the new post's). */
  function loadPost() {
    loads.current += 1;
    setRequest({ postId: id, arg: { id, token, load: loads.current } });
  }

  function openPost(event: FormEvent) {
    event.preventDefault();
    loadPost();
  }

  function discardChanges() {
    if (!window.confirm(DISCARD_EDIT_CONFIRMATION)) return;
    loadPost();
  }

  const header = (
    <div className={pageStyles.pageHeader}>
      <h1 className={pageStyles.pageTitle}>Edit Blog Post</h1>
      <div className={pageStyles.headerActions}>
        {validId && (
          <Link to={adminPaths.history(id)} className={buttons.secondaryButton}>
            <History size={16} aria-hidden="true" />
            History
          </Link>
        )}
        <AllPostsLink />
      </div>
    </div>
  );

  if (!validId || (notFound && !entry)) {
    return (
      <div className={pageStyles.page}>
        {header}
        <p className={pageStyles.failed} role="alert">
          Blog not found.
        </p>
      </div>
    );
  }

  if (!entry) {
    return (
      <div className={pageStyles.page}>
        {header}
        <form className={formStyles.card} noValidate aria-label="Open the post" onSubmit={openPost}>
          <AccessTokenField />
          <div className={formStyles.actions}>
            <button type="submit" className={buttons.primaryButton} disabled={loading}>
              Open post
            </button>
          </div>
          {loading && (
            <p className="status" role="status">
              Loading blog content...
            </p>
          )}
          {loadFailure !== undefined && (
            <p className={pageStyles.failed} role="alert">
              {loadFailure}
            </p>
          )}
        </form>
      </div>
    );
  }

  return (
    <div className={pageStyles.page}>
      {header}
      <p className={pageStyles.intro}>
        Your changes are saved in this browser as you type, apart from the new post at Create New Blog Post (the access
        token never is). Submit saves them to the post.
      </p>
      <NewsletterLine id={id} />
      {mayCloseComments && <CommentsStateButton id={id} />}
      <DraftScopeProvider value={scope}>
        <PostForm
          label="Edit Blog Post"
          onSubmit={() => void save()}
          busy={isSaving}
          discard={
            <button type="button" className={buttons.dangerButton} disabled={loading} onClick={discardChanges}>
              <RefreshCw size={16} aria-hidden="true" />
              Discard changes
            </button>
          }
        >
          <div role="status">
            {saved && (
              <p className={pageStyles.published}>
                {submittedText(saved, 'Saved')}{' '}
                {saved.publishing.status === 'published' ? (
                  <Link to={paths.post(saved.id)}>View the post</Link>
                ) : (
                  <Link to={adminPaths.preview(saved.id)}>Preview the post</Link>
                )}
              </p>
            )}
            {failure && !conflict && <p className={pageStyles.failed}>Not saved. {failure}</p>}
            {loadFailure !== undefined && <p className={pageStyles.failed}>{loadFailure}</p>}
          </div>
          {conflict && (
            <div className={pageStyles.failed} role="alert">
              <p>{failure}</p>
              <button type="button" className={buttons.secondaryButton} disabled={loading} onClick={() => loadPost()}>
                <RefreshCw size={16} aria-hidden="true" />
                Reload the post
              </button>
            </div>
          )}
        </PostForm>
      </DraftScopeProvider>
      <NotesPanel postId={id} />
    </div>
  );
}
