// The comments under a story: the count and "Comments are closed" come with the page; the thread, the form and the
// live updates are a chunk imported when the section nears the viewport, so the story's own JavaScript stays small
// (no style module, lazy() or Suspense here: each would add to every post page's JavaScript).
import { useCallback, useState } from 'react';
import type { ComponentType } from 'react';

type Thread = ComponentType<{ postId: number; open: boolean }>;

export function CommentsSection({ postId, count, open }: { postId: number; count: number; open: boolean }) {
  const [Thread, setThread] = useState<Thread>();
  // Every browser the site supports has IntersectionObserver; without it (a test's DOM) the thread waits.
  const watch = useCallback((element: HTMLElement | null) => {
    if (element && window.IntersectionObserver)
      new IntersectionObserver(
        ([entry], observer) => {
          if (entry?.isIntersecting) {
            observer.disconnect();
            void import('./CommentsThread').then((m) => setThread(() => m.default));
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
      {Thread && <Thread postId={postId} open={open} />}
    </section>
  );
}
