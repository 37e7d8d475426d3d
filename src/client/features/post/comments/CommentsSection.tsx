// The comments under a story: the count, "Comments are closed" and the first page of comments come with the page
// (rendered by the server from the page's api state, so they read without JavaScript); this file, the thread, the
// form and the live updates are the comments' chunk, fetched when the section nears the viewport (lazyComments.tsx),
// so the story's own JavaScript stays small. The thread starts from the same page and renders the same markup, so
// nothing moves when it takes over.
import { useCallback, useState } from 'react';
import { SIGN_IN_TO_COMMENT } from '../../../../contract/commentText';
import type { CommentPage } from '../../../../contract/comments';
import { useAppSelector } from '../../../app/hooks';
import { useGetBlogQuery } from '../../../api/queryHooks';
import { commentsApi } from './commentsApi';
import { commentListClass, CommentView, EarlierButton } from './CommentView';
import CommentsThread from './CommentsThread';

export type ThreadProps = { postId: number; open: boolean; initial?: CommentPage; earlierAtStart?: boolean };

/** The section of the post page `id` (the route's), from the post its page has already read. */
export default function PostComments({ id }: { id: string }) {
  const { data: post } = useGetBlogQuery(id);
  if (!post) return null;
  return <CommentsSection postId={post.id} count={post.commentCount ?? 0} open={post.commentsOpen ?? false} />;
}

export function CommentsSection({ postId, count, open }: { postId: number; count: number; open: boolean }) {
  const [threaded, setThreaded] = useState(false);
  const [earlierAtStart, setEarlierAtStart] = useState(false);
  const initial = useAppSelector(commentsApi.endpoints.getComments.select(postId)).data;
  // The thread is in this chunk too; it takes over from the server's markup once hydration has matched it.
  const loadThread = useCallback(() => setThreaded(true), []);
  // Every browser the site supports has IntersectionObserver; without it (a test's DOM) the thread waits.
  const watch = useCallback(
    (element: HTMLElement | null) => {
      if (element && window.IntersectionObserver)
        new IntersectionObserver(
          ([entry], observer) => {
            if (entry?.isIntersecting) {
              observer.disconnect();
              loadThread();
            }
          },
          { rootMargin: '600px' },
        ).observe(element);
    },
    [loadThread],
  );
  return (
    <section ref={watch} id="comments" aria-labelledby="comments-heading" className="reading-column">
      <h2 id="comments-heading">{`Comments (${count})`}</h2>
      {!open && (
        <p>
          <em>Comments are closed</em>
        </p>
      )}
      {threaded ? (
        <CommentsThread postId={postId} open={open} initial={initial} earlierAtStart={earlierAtStart} />
      ) : (
        initial && (
          <>
            {initial.nextBefore !== null && (
              <EarlierButton
                onClick={() => {
                  setEarlierAtStart(true);
                  loadThread();
                }}
              />
            )}
            <ol className={commentListClass}>
              {initial.items.map((comment) => (
                <CommentView key={comment.id} comment={comment} />
              ))}
            </ol>
            {open && (
              <p>
                <a href={SIGN_IN_TO_COMMENT}>Sign in to comment</a>
              </p>
            )}
          </>
        )
      )}
    </section>
  );
}
