// An update's text with its Key event and Pin boxes, shared by the desk's new update and an entry's Edit.
import { useId } from 'react';
import type { KeyboardEvent, Ref } from 'react';
import { LIVE_LIMITS } from '../../../../contract/live';
import fieldStyles from '../form/fields.module.scss';
import type { LiveDraft } from '../draft/liveDraftStorage';
import pageStyles from '../pages/page.module.scss';

/** Ctrl+Enter, or Cmd+Enter on a Mac. */
const isSubmitKey = (event: KeyboardEvent) => event.key === 'Enter' && (event.ctrlKey || event.metaKey);

/** An update's text and its Key event and Pin boxes: the new update's form and an entry's Edit share it. */
export function UpdateFields({
  value,
  onChange,
  label,
  onSubmitKey,
  textRef,
}: {
  value: LiveDraft;
  onChange: (value: LiveDraft) => void;
  label: string;
  onSubmitKey: () => void;
  textRef?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  return (
    <>
      <div className={fieldStyles.field}>
        <label htmlFor={id} className={fieldStyles.label}>
          {label}
        </label>
        <textarea
          id={id}
          ref={textRef}
          className={fieldStyles.input}
          rows={4}
          maxLength={LIVE_LIMITS.entryBodyMax}
          value={value.body}
          onChange={(event) => onChange({ ...value, body: event.target.value })}
          onKeyDown={(event) => {
            if (!isSubmitKey(event)) return;
            event.preventDefault();
            onSubmitKey();
          }}
        />
      </div>
      <div className={pageStyles.rowActions}>
        <label>
          <input type="checkbox" checked={value.key} onChange={(e) => onChange({ ...value, key: e.target.checked })} />{' '}
          Key event
        </label>
        <label>
          <input
            type="checkbox"
            checked={value.pinned}
            onChange={(e) => onChange({ ...value, pinned: e.target.checked })}
          />{' '}
          Pin
        </label>
      </div>
    </>
  );
}
