// The edit page's editorial notes (GET/POST /api/blogs/:id/notes, PATCH …/notes/:noteId): staff only, never shown to a
// reader. The notes newest last, each with who wrote it and when, and "Resolve"; under them a field to add one.
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Check, MessageSquarePlus } from 'lucide-react';
import { DESK_LIMITS } from '../../../../contract/desk';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { apiErrorMessage } from '../api/apiErrors';
import { deskApi } from '../api/deskApi';
import { formatLocalTime } from '../draft/localTime';
import buttons from '../../../styles/buttons.module.scss';
import fieldStyles from '../form/fields.module.scss';
import pageStyles from '../pages/page.module.scss';
import { ReadStatus } from './pageParts';
import { NOTE_LENGTH_TEXT, noteFits } from './noteRule';
import { BusySubmit } from '../form/Field';
import { NoteField } from './NoteField';
import type { FieldControl } from '../form/Field';

export const NO_NOTES_TEXT = 'No notes yet. Notes are for the staff: readers never see them.';

const byTime = (a: { createdAt: string }, b: { createdAt: string }) =>
  (Date.parse(a.createdAt) || 0) - (Date.parse(b.createdAt) || 0);

export function NotesPanel({ postId }: { postId: string }) {
  const id = useId();
  const notes = useEndpointQuery(deskApi.endpoints.getNotes, postId);
  const addNote = useMutationRunner(deskApi.endpoints.addNote);
  const resolveNote = useMutationRunner(deskApi.endpoints.resolveNote);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const fieldRef = useRef<FieldControl>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!noteFits(body)) {
      setError(NOTE_LENGTH_TEXT);
      fieldRef.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      await addNote({ id: postId, body: body.trim() });
      setBody('');
    } catch (failure) {
      setError(`The note was not added. ${apiErrorMessage(failure)}`);
      fieldRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function resolve(noteId: number) {
    setError('');
    try {
      await resolveNote({ id: postId, noteId, resolved: true });
    } catch (failure) {
      setError(`The note was not resolved. ${apiErrorMessage(failure)}`);
    }
  }

  const list = notes.data ? [...notes.data].sort(byTime) : undefined;
  return (
    <section className={pageStyles.formCard} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Notes</h2>
      <ReadStatus
        loading={notes.isLoading}
        loadingText="Loading notes..."
        failure={!notes.isLoading && notes.isError ? apiErrorMessage(notes.error) : undefined}
      />
      {list !== undefined &&
        (list.length === 0 ? (
          <p className={fieldStyles.hint}>{NO_NOTES_TEXT}</p>
        ) : (
          <ol className={pageStyles.notes} aria-label="Notes, newest last">
            {list.map((note) => (
              <li key={note.id} className={note.resolved ? pageStyles.noteResolved : undefined}>
                <p className={pageStyles.noteBody}>{note.body}</p>
                <p className={pageStyles.inboxMeta}>
                  {note.author.name || 'unknown'}, {formatLocalTime(note.createdAt) || note.createdAt}
                  {note.resolved && ', resolved'}
                </p>
                {!note.resolved && (
                  <button type="button" className={buttons.secondaryButton} onClick={() => void resolve(note.id)}>
                    <Check size={16} aria-hidden="true" />
                    Resolve<span className="visually-hidden"> the note of {note.author.name || 'unknown'}</span>
                  </button>
                )}
              </li>
            ))}
          </ol>
        ))}
      <form noValidate aria-label="Add a note" onSubmit={(event) => void submit(event)}>
        <NoteField
          ref={fieldRef}
          label="New note"
          value={body}
          hint={`Up to ${DESK_LIMITS.noteMax.toLocaleString('en')} characters. The post's writer and everyone who wrote a note here hear of it.`}
          error={error}
          onChange={(value) => {
            setBody(value);
            setError('');
          }}
        />
        <BusySubmit busy={busy} icon={<MessageSquarePlus size={16} aria-hidden="true" />} label="Add note" />
      </form>
    </section>
  );
}
