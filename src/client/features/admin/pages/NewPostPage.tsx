// /admin: 'Create New Blog Post', for a signed-in admin (RequireSession guards every admin page).
import { useEffect } from 'react';
import { Link } from '../../../components/Link';
import { Contact, FilePlus, List, RotateCcw, UserCog } from 'lucide-react';
import { paths } from '../../../app/paths';
import { adminPaths } from '../adminPaths';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { selectUser } from '../../../app/authSlice';
import { mayManageAll } from '../../../../contract/roles';
import { ensureDraftPersisted } from '../draft/draftStorage';
import {
  blankDraft,
  draftBlanked,
  draftReset,
  footerChanged,
  sampleDraft,
  selectEditor,
  selectFooter,
} from '../draft/editorSlice';
import type { Draft } from '../draft/draftTypes';
import { useEndpointQuery } from '../../../api/queryHooks';
import { accountApi } from '../api/accountApi';
import { clearPendingImages, restorePendingImages } from '../images/pendingImages';
import { PostForm } from '../form/PostForm';
import { submittedText, usePublishPost } from '../api/usePublishPost';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from './page.module.scss';

export const DISCARD_CONFIRMATION = 'Discard this draft and start again from a blank post?';
export const BLANK_CONFIRMATION = 'Empty every field and start a blank post? What you have written here is lost.';

/**
 * The draft's story, to tell whether it holds anything of the writer's (ids aside, which only key the rows). The author
 * footer is left out: it is filled from the writer's profile, not written for this post.
 */
const contentOf = ({ header, products }: Draft) =>
  JSON.stringify({ header, products }, (key, value: unknown) =>
    // The publish date is left out too: a blank post's is the day it was made, and yesterday's blank is still blank.
    key === 'id' || key === 'publishDate' ? undefined : value,
  );

const UNTOUCHED = new Set([contentOf(sampleDraft()), contentOf(blankDraft())]);

const SAMPLE_FOOTER = sampleDraft().footer;

export function NewPostPage() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const user = useAppSelector(selectUser);
  const { publish, isPublishing, published, failure } = usePublishPost();
  useDocumentTitle('Create New Blog Post');
  // From here on the draft is saved as it changes, for as long as the store lives (route changes included).
  useEffect(() => ensureDraftPersisted(store), [store]);
  useEffect(() => void restorePendingImages(), []);

  // A new post's author footer starts from the writer's profile: filled while the footer is still the sample's or
  // empty (a first visit, a blank post, after Submit or Discard), never over what the writer typed for this post.
  const profile = useEndpointQuery(accountApi.endpoints.getProfile, undefined).data;
  const footer = useAppSelector(selectFooter);
  useEffect(() => {
    const sample = SAMPLE_FOOTER;
    const untouched =
      (footer.authorName === sample.authorName &&
        footer.authorTitle === sample.authorTitle &&
        footer.imageUrl === sample.imageUrl) ||
      (footer.authorName === '' && footer.authorTitle === '' && footer.imageUrl === '');
    if (!profile || !untouched || profile.name === '') return;
    dispatch(footerChanged({ authorName: profile.name, authorTitle: profile.title, imageUrl: profile.photo }));
  }, [profile, footer, dispatch]);

  function discard() {
    if (!window.confirm(DISCARD_CONFIRMATION)) return;
    dispatch(draftReset());
    clearPendingImages();
  }

  /** Empties the form; asks first only when that would throw away the writer's own work (not the sample). */
  function blank() {
    const untouched = UNTOUCHED.has(contentOf(selectEditor(store.getState())));
    if (!untouched && !window.confirm(BLANK_CONFIRMATION)) return;
    dispatch(draftBlanked());
    clearPendingImages();
  }

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>Create New Blog Post</h1>
        <div className={pageStyles.headerActions}>
          <Link to={adminPaths.posts()} className={buttons.secondaryButton}>
            <List size={16} aria-hidden="true" />
            All posts
          </Link>
          {mayManageAll(user?.role) && (
            <Link to={adminPaths.staff()} className={buttons.secondaryButton}>
              <Contact size={16} aria-hidden="true" />
              Staff
            </Link>
          )}
          <Link to={adminPaths.account()} className={buttons.secondaryButton}>
            <UserCog size={16} aria-hidden="true" />
            Account
          </Link>
        </div>
      </div>
      <p className={pageStyles.intro}>
        Your draft is saved in this browser as you type (the access token never is). Fields marked * are required for a
        complete post.
      </p>
      <div className={pageStyles.headerActions}>
        <button type="button" className={buttons.secondaryButton} onClick={blank}>
          <FilePlus size={16} aria-hidden="true" />
          Blank post
        </button>
      </div>

      <PostForm
        label="Create New Blog Post"
        onSubmit={() => void publish()}
        busy={isPublishing}
        discard={
          <button type="button" className={buttons.dangerButton} onClick={discard}>
            <RotateCcw size={16} aria-hidden="true" />
            Discard draft
          </button>
        }
      >
        {/* Next to Submit, where the admin is looking; the form is blank again for the next story. */}
        <div role="status">
          {published && (
            <p className={pageStyles.published}>
              {submittedText(published)}{' '}
              {published.publishing.status === 'published' ? (
                <Link to={paths.post(published.id)}>View the published post</Link>
              ) : (
                <Link to={adminPaths.preview(published.id)}>Preview the post</Link>
              )}
            </p>
          )}
          {failure && <p className={pageStyles.failed}>Not published. {failure}</p>}
        </div>
      </PostForm>
    </div>
  );
}
