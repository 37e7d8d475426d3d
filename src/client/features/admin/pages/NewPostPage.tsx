// /admin: 'Create New Blog Post'. The route performs no access check (SPEC 6); the server's token guards publishing.
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { List, LogIn, LogOut, RotateCcw } from 'lucide-react';
import { paths } from '../../../app/paths';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { selectIsAuthenticated, signedOut } from '../../../app/authSlice';
import { ensureDraftPersisted } from '../draft/draftStorage';
import { draftReset } from '../draft/editorSlice';
import { clearPendingImages, restorePendingImages } from '../images/pendingImages';
import { PostForm } from '../form/PostForm';
import { submittedText, usePublishPost } from '../api/usePublishPost';
import styles from '../Editor.module.scss';

export const DISCARD_CONFIRMATION = 'Discard this draft and start again from the sample post?';

export function NewPostPage() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const { publish, isPublishing, published, failure } = usePublishPost();
  useDocumentTitle('Create New Blog Post');
  // From here on the draft is saved as it changes, for as long as the store lives (route changes included).
  useEffect(() => ensureDraftPersisted(store), [store]);
  useEffect(() => void restorePendingImages(), []);

  function discard() {
    if (!window.confirm(DISCARD_CONFIRMATION)) return;
    dispatch(draftReset());
    clearPendingImages();
  }

  return (
    <div className={styles.page}>
      <div className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>Create New Blog Post</h1>
        <div className={styles.headerActions}>
          <Link to={paths.adminPosts()} className={styles.secondaryButton}>
            <List size={16} aria-hidden="true" />
            All posts
          </Link>
          {isAuthenticated ? (
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => {
                dispatch(signedOut());
                navigate(paths.auth());
              }}
            >
              <LogOut size={16} aria-hidden="true" />
              Sign out
            </button>
          ) : (
            <Link to={paths.auth()} className={styles.secondaryButton}>
              <LogIn size={16} aria-hidden="true" />
              Sign in
            </Link>
          )}
        </div>
      </div>
      <p className={styles.intro}>
        Your draft is saved in this browser as you type (the access token never is). Fields marked * are required for a
        complete post.
      </p>

      <PostForm
        label="Create New Blog Post"
        onSubmit={() => void publish()}
        busy={isPublishing}
        discard={
          <button type="button" className={styles.dangerButton} onClick={discard}>
            <RotateCcw size={16} aria-hidden="true" />
            Discard draft
          </button>
        }
      >
        {/* Next to Submit, where the admin is looking; the draft has just been reset to the sample. */}
        <div role="status">
          {published && (
            <p className={styles.published}>
              {submittedText(published)}{' '}
              {published.publishing.status === 'published' ? (
                <Link to={paths.post(published.id)}>View the published post</Link>
              ) : (
                <Link to={paths.adminPreview(published.id)}>Preview the post</Link>
              )}
            </p>
          )}
          {failure && <p className={styles.failed}>Not published. {failure}</p>}
        </div>
      </PostForm>
    </div>
  );
}
