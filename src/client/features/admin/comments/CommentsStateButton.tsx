// "Close comments" / "Open comments" on a post's edit page, for editors and owners, with the state it is in now (an
// editor's switch, or the days after publishing, which reopening does not undo).
import { useState } from 'react';
import { MessageSquare, MessageSquareOff } from 'lucide-react';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { commentsAdminApi } from '../api/commentsAdminApi';
import { NoticeLine } from '../components/pageParts';
import type { Notice } from '../components/pageParts';
import { failureText } from '../form/Field';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from '../pages/page.module.scss';

export const STILL_CLOSED_TEXT = 'Comments stay closed: the days until comments close have passed for this post.';

export function CommentsStateButton({ id }: { id: string }) {
  const state = useEndpointQuery(commentsAdminApi.endpoints.getCommentsOpen, id);
  const setOpen = useMutationRunner(commentsAdminApi.endpoints.setCommentsOpen);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const open = state.data;
  if (open === undefined) return null;

  const toggle = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await setOpen({ id, open: !open });
      if (!open && !answer.open) setNotice({ text: STILL_CLOSED_TEXT, failed: true });
      else setNotice({ text: answer.open ? 'Comments are open.' : 'Comments are closed.', failed: false });
    } catch (error) {
      setNotice({ text: failureText(error), failed: true });
    }
    setBusy(false);
  };

  return (
    <div className={pageStyles.formActions}>
      <p className={pageStyles.hint}>
        {open ? 'Members may comment on this post.' : 'Comments on this post are closed.'}
      </p>
      <button type="button" className={buttons.secondaryButton} disabled={busy} onClick={() => void toggle()}>
        {open ? <MessageSquareOff size={16} aria-hidden="true" /> : <MessageSquare size={16} aria-hidden="true" />}
        {open ? 'Close comments' : 'Open comments'}
      </button>
      <NoticeLine notice={notice} />
    </div>
  );
}
