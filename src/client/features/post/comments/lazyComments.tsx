// The comments region of a post page. Its code (the comments as the server renders them, the thread and the form) is
// a chunk fetched when the section nears the viewport, not with the story: a reader who never scrolls that far never
// downloads it. Until then a server-rendered page keeps the server's markup: when a lazy component suspends while
// React hydrates, React 19 leaves its Suspense boundary's server HTML in place and hydrates it once the chunk has
// come (react-dom's updateDehydratedSuspenseComponent). The region's only prop is the page's id, and it is memoized,
// so the post page's own updates never reach the boundary while it waits (an update would make React replace the
// server HTML with the fallback, which is nothing).
import { Suspense, lazy, memo, useEffect } from 'react';

let release = () => {};
const wanted = new Promise<void>((resolve) => (release = resolve));

/** Resolves when the server-rendered section nears the viewport, or at once when there is none to wait on. */
function whenWanted(): Promise<void> {
  const section = typeof document === 'undefined' ? null : document.getElementById('comments');
  if (!section || !window.IntersectionObserver) return Promise.resolve();
  new IntersectionObserver(
    ([entry], observer) => {
      if (entry?.isIntersecting) {
        observer.disconnect();
        release();
      }
    },
    { rootMargin: '600px' },
  ).observe(section);
  return wanted;
}

const PostComments = lazy(() => whenWanted().then(() => import('./CommentsSection')));

export const CommentsRegion = memo(function CommentsRegion({ id }: { id: string }) {
  useEffect(() => {
    // Rendered in the browser (another post, or a page React could not hydrate): no server markup to wait on.
    if (!document.getElementById('comments')) release();
    // Leaving the post (for another one too: the region is keyed by its id) lets the next page's comments load.
    return release;
  }, []);
  return (
    <Suspense fallback={null}>
      <PostComments id={id} />
    </Suspense>
  );
});
