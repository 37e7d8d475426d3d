// Beside Submit, for a writer who hands posts to an editor (contributors, and authors who choose to): "Submit for
// review" saves the post with status 'review'; a post in review says so and offers "Withdraw", which saves it as a
// draft again. Each sets the status and submits the form, so the post's changes are saved with it.
import { Undo2, Send } from 'lucide-react';
import { mayManageAll } from '../../../../contract/roles';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { useDraftDispatch, useDraftSelector } from '../draft/draftScope';
import { publishingChanged } from '../draft/editorSlice';
import buttons from '../../../styles/buttons.module.scss';
import formStyles from './PostForm.module.scss';

export function ReviewActions({ onSubmit, busy }: { onSubmit: () => void; busy: boolean }) {
  const dispatch = useDraftDispatch();
  const role = useAppSelector(selectUser)?.role;
  const status = useDraftSelector((draft) => draft.publishing.status);
  // Editors and owners decide on reviews themselves; a typed token (no session) has no one to hand to.
  if (role === undefined || mayManageAll(role)) return null;
  const saveAs = (next: 'review' | 'draft') => {
    dispatch(publishingChanged({ status: next }));
    onSubmit();
  };
  if (status === 'review')
    return (
      <>
        <span className={formStyles.reviewState}>In review</span>
        <button type="button" className={buttons.secondaryButton} disabled={busy} onClick={() => saveAs('draft')}>
          <Undo2 size={16} aria-hidden="true" />
          Withdraw
        </button>
      </>
    );
  if (status !== 'draft') return null;
  return (
    <button type="button" className={buttons.secondaryButton} disabled={busy} onClick={() => saveAs('review')}>
      <Send size={16} aria-hidden="true" />
      Submit for review
    </button>
  );
}
