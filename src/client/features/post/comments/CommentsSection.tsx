// The comments under a story: the count and "Comments are closed" come with the page; the thread, the form and the
// live updates are a lazy chunk loaded when the section nears the viewport, so the story's own JavaScript stays small
// (no style module here: its class map would be in every post page's JavaScript).
import { Suspense, lazy, useCallback, useState } from 'react';

const CommentsThread = lazy(() => import('./CommentsThread'));

export function CommentsSection({ postId, count, open }: { postId: number; count: number; open: boolean }) {
  const [near, setNear] = useState(false);
  // Every browser the site supports has IntersectionObserver; without it (a test's DOM) the thread waits.
  const watch = useCallback((element: HTMLElement | null) => {
    if (element && window.IntersectionObserver)
      new IntersectionObserver(
        ([entry], observer) => {
          if (entry?.isIntersecting) {
            observer.disconnect();
            setNear(true);
          }
        },
        { rootMargin: '600px' },
      ).observe(element);
  }, []);
  return (
    <section ref={watch} id="comments" aria-labelledby="comments-heading" className="reading-column">
      <h2 id="comments-heading">{`Comments (${count})`}</h2>
      {!open && (
        <p>
          <em>Comments are closed</em>
        </p>
      )}
      {near && (
        <Suspense fallback={null}>
          <CommentsThread postId={postId} open={open} />
        </Suspense>
      )}
    </section>
  );
}
