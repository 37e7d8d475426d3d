// The comments under a story: the count and "Comments are closed" come with the page; the thread, the form and the
// live updates are a lazy chunk loaded when the section nears the viewport, so the story's own JavaScript stays small.
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import styles from './Comments.module.scss';

const CommentsThread = lazy(() => import('./CommentsThread').then((m) => ({ default: m.CommentsThread })));

/** How far below the viewport the thread starts loading. */
const NEAR = '600px';

export function CommentsSection({ postId, count, open }: { postId: number; count: number; open: boolean }) {
  const anchor = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (element === null || near) return;
    // Every browser the site supports has it; without it (a test's DOM) the thread waits.
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <section
      ref={anchor}
      id="comments"
      aria-labelledby="comments-heading"
      className={`reading-column ${styles.section}`}
    >
      <h2 id="comments-heading">{`Comments (${count})`}</h2>
      {!open && <p className={styles.closed}>Comments are closed</p>}
      {near && (
        <Suspense fallback={<p role="status">Loading comments…</p>}>
          <CommentsThread postId={postId} open={open} />
        </Suspense>
      )}
    </section>
  );
}
