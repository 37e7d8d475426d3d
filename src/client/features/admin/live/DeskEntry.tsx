// One update on the live desk as readers see it, with Edit (in place) and Delete (after a question in its row).
import { useRef, useState } from 'react';
import { PenLine, Trash2 } from 'lucide-react';
import type { LiveEntry } from '../../../../contract/live';
import type { TextFormat } from '../../../../contract/marks';
import { useAppDispatch } from '../../../app/hooks';
import { useMutationRunner } from '../../../api/queryHooks';
import { dropEntry, editEntries, placeEntry } from '../../../api/liveApi';
import { clipWords, EntryView } from '../../../components/live/LiveParts';
import { liveDeskApi } from '../api/liveDeskApi';
import type { LiveDraft } from '../draft/liveDraftStorage';
import buttons from '../../../styles/buttons.module.scss';
import formStyles from '../form/PostForm.module.scss';
import { ConfirmInRow } from '../components/ConfirmInRow';
import pageStyles from '../pages/page.module.scss';
import { deskFailureText } from './deskFailureText';
import { UpdateFields } from './UpdateFields';

type DeskEntryProps = {
  entry: LiveEntry;
  format: TextFormat | undefined;
  target: { id: string; token: string };
};

export function DeskEntry({ entry, format, target }: DeskEntryProps) {
  const dispatch = useAppDispatch();
  const editEntry = useMutationRunner(liveDeskApi.endpoints.editEntry);
  const deleteEntry = useMutationRunner(liveDeskApi.endpoints.deleteEntry);
  const [editing, setEditing] = useState<LiveDraft | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState('');
  const editRef = useRef<HTMLButtonElement>(null);

  async function save() {
    if (!editing) return;
    try {
      const saved = await editEntry({ ...target, entryId: entry.id, body: editing });
      editEntries(dispatch, target.id, (answer) => placeEntry(answer, saved));
      setEditing(null);
      setFailure('');
      requestAnimationFrame(() => editRef.current?.focus());
    } catch (error) {
      setFailure(`The update was not saved. ${deskFailureText(error)}`);
    }
  }
  async function remove() {
    setConfirming(false);
    try {
      await deleteEntry({ ...target, entryId: entry.id });
    } catch (error) {
      if ((error as { status?: unknown }).status !== 404) {
        setFailure(`The update was not deleted. ${deskFailureText(error)}`);
        return;
      }
    }
    editEntries(dispatch, target.id, (answer) => dropEntry(answer, entry.id));
  }

  // Each row's buttons are named by the update's first words: several updates share a minute.
  const name = `“${clipWords(entry.body, 40)}”`;
  return (
    <EntryView
      entry={entry}
      format={format}
      anchor={false}
      actions={
        <>
          {failure && (
            <p className={pageStyles.failed} role="alert">
              {failure}
            </p>
          )}
          {confirming ? (
            <ConfirmInRow
              label={`Delete ${name}?`}
              question={`Delete ${name}? Readers see it go at once.`}
              answer={
                <>
                  <Trash2 size={16} aria-hidden="true" />
                  Delete update
                </>
              }
              onConfirm={() => void remove()}
              onCancel={() => setConfirming(false)}
            />
          ) : (
            !editing && (
              <div className={pageStyles.rowActions}>
                <button
                  type="button"
                  ref={editRef}
                  className={buttons.secondaryButton}
                  onClick={() => setEditing({ body: entry.body, key: entry.key, pinned: entry.pinned })}
                >
                  <PenLine size={16} aria-hidden="true" />
                  Edit<span className="visually-hidden"> {name}</span>
                </button>
                <button type="button" className={buttons.dangerButton} onClick={() => setConfirming(true)}>
                  <Trash2 size={16} aria-hidden="true" />
                  Delete<span className="visually-hidden"> {name}</span>
                </button>
              </div>
            )
          )}
        </>
      }
    >
      {editing && (
        <form
          noValidate
          aria-label={`Edit ${name}`}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <UpdateFields value={editing} onChange={setEditing} label="Edit update" onSubmitKey={() => void save()} />
          <div className={formStyles.actions}>
            <button type="submit" className={buttons.primaryButton}>
              Save update
            </button>
            <button type="button" className={buttons.secondaryButton} onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </EntryView>
  );
}
