// Paging an admin list by its answer's nextCursor: the cursors of the pages read so far, "Previous page" goes back one
// and "Next page" follows the answer.
import { useState } from 'react';
import buttons from '../../../styles/buttons.module.scss';

/** The cursor of the page to read now, and a setter the pager's buttons use. */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return { cursor: cursors[cursors.length - 1], cursors, setCursors };
}

type CursorPagerProps = ReturnType<typeof useCursorPages> & { nextCursor: string | null | undefined };

/** The Previous and Next buttons (each only when there is a page that way); the caller places them. */
export function CursorPager({ cursors, setCursors, nextCursor }: CursorPagerProps) {
  return (
    <>
      {cursors.length > 1 && (
        <button
          type="button"
          className={buttons.secondaryButton}
          onClick={() => setCursors((read) => read.slice(0, -1))}
        >
          Previous page
        </button>
      )}
      {nextCursor && (
        <button
          type="button"
          className={buttons.secondaryButton}
          onClick={() => setCursors((read) => [...read, nextCursor])}
        >
          Next page
        </button>
      )}
    </>
  );
}
