// /admin/preview/:id: a post as readers will see it, drafts and scheduled posts included, for the admin who holds
// the token (the "View" link of a post that is not public). It asks the API with that token; without it, the
// request is anonymous and a post that is not public answers 404, exactly as /page/:id does for any reader.
import { useParams } from 'react-router-dom';
import { Link } from '../../../components/Link';
import { paths } from '../../../app/paths';
import { adminPaths } from '../adminPaths';
import { useAppSelector } from '../../../app/hooks';
import { Article } from '../../../components/Article';
import { TagLinks } from '../../../components/TagLinks';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { apiErrorMessage, statusOf } from '../api/apiErrors';
import { parsePostId } from '../../../../contract/routes';
import { useAdminPostQuery } from '../api/adminApi';
import type { AdminBlogPost } from '../../../../contract/types';
import { selectAccessToken } from '../draft/editorSlice';
import { statusText } from './PostsPage';
import pageStyles from './page.module.scss';

type PreviewState =
  | { phase: 'missing' }
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'shown'; post: AdminBlogPost };

export function PreviewPage() {
  const { id = '' } = useParams();
  const validId = parsePostId(id) !== undefined;
  const token = useAppSelector(selectAccessToken);
  // Another id or token is its own query: it is loading until its own answer arrives.
  const answer = useAdminPostQuery(validId ? { id, token, load: 0 } : null);
  const state: PreviewState = !validId
    ? { phase: 'missing' }
    : answer.isSuccess && answer.data
      ? { phase: 'shown', post: answer.data.post }
      : answer.isError
        ? statusOf(answer.error) === 404
          ? { phase: 'missing' }
          : { phase: 'failed', message: apiErrorMessage(answer.error) }
        : { phase: 'loading' };
  useDocumentTitle(
    state.phase === 'shown' ? `Preview: ${state.post.title}` : state.phase === 'loading' ? undefined : 'Preview',
  );

  if (state.phase === 'missing') return <NotFoundPage />;
  if (state.phase === 'loading') {
    return (
      <p className="status reading-column" role="status">
        Loading blog content...
      </p>
    );
  }
  if (state.phase === 'failed') {
    return (
      <div className="reading-column">
        <p className="error-text" role="alert">
          {state.message}
        </p>
      </div>
    );
  }
  const { post } = state;
  const isPublic = !post.status || post.status === 'published';
  return (
    <>
      <div className={`reading-column ${pageStyles.previewNote}`} role="note">
        <p>
          {isPublic ? (
            <>
              Preview. This post is public: <Link to={paths.post(post.id)}>open its page</Link>.
            </>
          ) : (
            <>Preview: {statusText(post)}. Readers cannot see this post yet.</>
          )}{' '}
          <Link to={adminPaths.edit(post.id)}>Edit</Link> · <Link to={adminPaths.posts()}>All posts</Link>
        </p>
      </div>
      <Article
        article={{ ...post, sections: Array.isArray(post.sections) ? post.sections : [] }}
        products={post.products ?? null}
        tagLinks={<TagLinks tags={post.tags} />}
      />
    </>
  );
}
