// Where the post stands once submitted: Published (now), Draft (only the admin sees it) or Scheduled (public by itself
// at the chosen time), or In review (waiting for an editor). The time is the admin's local time; it is sent with their
// offset (localTime.ts). The control offers what the server would allow the signed-in role (allowedStatuses): a
// contributor saves drafts and submits them for review.
import { useEffect, useId } from 'react';
import type { PostStatus } from '../../../../contract/postStatus';
import { allowedStatuses } from '../../../../contract/roles';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { useDraftDispatch, useDraftSelector } from '../draft/draftScope';
import { publishingChanged } from '../draft/editorSlice';
import { TextField } from './TextField';
import fieldStyles from './fields.module.scss';
import formStyles from './PostForm.module.scss';

const STATUS_LABELS: Record<PostStatus, string> = {
  published: 'Published',
  draft: 'Draft',
  scheduled: 'Scheduled',
  review: 'In review',
};

/** The admin's offset from UTC now, e.g. 'UTC+01:00', to say which clock "Publish at" follows. */
function localZone(): string {
  const offset = -new Date().getTimezoneOffset();
  const hours = String(Math.trunc(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `UTC${offset >= 0 ? '+' : '-'}${hours}:${minutes}`;
}

export function StatusFields() {
  const id = useId();
  const dispatch = useDraftDispatch();
  const { status, publishAt, newsletter = true } = useDraftSelector((draft) => draft.publishing);
  const role = useAppSelector(selectUser)?.role;
  // The writer's own post (the server refuses the rest); 'published' covers scheduling too.
  const allowed = role ? allowedStatuses({ role, own: true, from: 'draft' }) : ['draft', 'review', 'published'];
  // Only a contributor may not publish (they save drafts and submit them for review).
  const draftOnly = !allowed.includes('published');
  const offered = (Object.keys(STATUS_LABELS) as PostStatus[]).filter((value) =>
    allowed.includes(value === 'scheduled' ? 'published' : (value as 'draft' | 'review' | 'published')),
  );
  // A draft restored from before (or the sample) may say Published: a contributor's becomes a draft.
  useEffect(() => {
    if (!offered.includes(status)) dispatch(publishingChanged({ status: 'draft' }));
  }, [offered, status, dispatch]);
  return (
    <div className={formStyles.grid}>
      <div className={fieldStyles.field}>
        <label htmlFor={id} className={fieldStyles.label}>
          Status
        </label>
        <select
          id={id}
          className={fieldStyles.input}
          value={status}
          aria-describedby={`${id}-hint`}
          onChange={(event) => dispatch(publishingChanged({ status: event.target.value as PostStatus }))}
        >
          {offered.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {status === 'review'
            ? 'Editors see the post in their review queue; readers do not.'
            : draftOnly
              ? 'As a contributor you save drafts and submit them for review; an editor or owner publishes them.'
              : status === 'draft'
                ? 'Only staff see a draft; readers do not.'
                : status === 'scheduled'
                  ? 'Readers see the post from the time below; until then it is hidden.'
                  : 'Readers see the post as soon as you submit.'}
        </p>
      </div>
      {status === 'scheduled' && (
        <TextField
          label="Publish at"
          type="datetime-local"
          required
          value={publishAt}
          hint={`Your local time (${localZone()}).`}
          onChange={(value) => dispatch(publishingChanged({ publishAt: value }))}
        />
      )}
      <div className={fieldStyles.field}>
        <label className={fieldStyles.check}>
          <input
            type="checkbox"
            checked={newsletter}
            aria-describedby={`${id}-mail`}
            onChange={(event) => dispatch(publishingChanged({ newsletter: event.target.checked }))}
          />
          Email this story to subscribers
        </label>
        <p id={`${id}-mail`} className={fieldStyles.hint}>
          Once, when it first goes public, to the members who follow all stories or one of its tags.
        </p>
      </div>
    </div>
  );
}
