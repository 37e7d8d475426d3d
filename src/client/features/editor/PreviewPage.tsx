// /admin/preview/:id: a post as readers will see it, drafts and scheduled posts included, for the admin who holds
// the token (the "View" link of a post that is not public). It asks the API with that token; without it, the
// request is anonymous and a post that is not public answers 404, exactly as /page/:id does for any reader.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useAppSelector } from '../../app/hooks';
import { Article } from '../../components/Article';
import { NotFoundPage } from '../../components/NotFoundPage';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { statusOf, useAdminRequest } from './adminApi';
import type { AdminPost } from './adminApi';
import { selectAccessToken } from './editorSlice';
import { statusText } from './PostsPage';
import { describeFailure } from './usePublishPost';
import styles from './Editor.module.scss';

type Outcome = { phase: 'missing' } | { phase: 'failed'; message: string } | { phase: 'shown'; post: AdminPost };
type PreviewState = Outcome | { phase: 'loading' };

export function PreviewPage() {
  const { id = '' } = useParams();
  const validId = /^[1-9]\d{0,14}$/.test(id);
  const token = useAppSelector(selectAccessToken);
  const fetchPost = useAdminRequest('adminPost');
  // The answer for one id and token; another id or token is loading until its own answer arrives.
  const [answer, setAnswer] = useState<{ key: string; outcome: Outcome } | null>(null);
  const key = `${id} ${token}`;
  const state: PreviewState = !validId
    ? { phase: 'missing' }
    : answer?.key === key
      ? answer.outcome
      : { phase: 'loading' };
  useDocumentTitle(
    state.phase === 'shown' ? `Preview: ${state.post.title}` : state.phase === 'loading' ? undefined : 'Preview',
  );

  useEffect(() => {
    if (!validId) return;
    let current = true;
    const settle = (outcome: Outcome) => current && setAnswer({ key: `${id} ${token}`, outcome });
    fetchPost({ id, token }).then(
      ({ post }) => settle({ phase: 'shown', post }),
      (error: unknown) =>
        settle(statusOf(error) === 404 ? { phase: 'missing' } : { phase: 'failed', message: describeFailure(error) }),
    );
    return () => {
      current = false;
    };
  }, [id, token, validId, fetchPost]);

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
      <div className={`reading-column ${styles.previewNote}`} role="note">
        <p>
          {isPublic ? (
            <>
              Preview. This post is public: <Link to={paths.post(post.id)}>open its page</Link>.
            </>
          ) : (
            <>Preview: {statusText(post)}. Readers cannot see this post yet.</>
          )}{' '}
          <Link to={paths.adminEdit(post.id)}>Edit</Link> · <Link to={paths.adminPosts()}>All posts</Link>
        </p>
      </div>
      <Article
        article={{ ...post, sections: Array.isArray(post.sections) ? post.sections : [] }}
        products={post.products ?? null}
      />
    </>
  );
}
