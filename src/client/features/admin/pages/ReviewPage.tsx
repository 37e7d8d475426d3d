// /admin/review ("Review"), for editors and owners: the posts waiting in review, the oldest submission first, each
// with who submitted it and when, what changed since (the history's word diff between the submitted version, or the
// version sent back by a request for changes, and the post as it is now), and the decisions: Publish, Schedule at a
// date and time, or Request changes with a note asked for in the row (POST /api/blogs/:id/review).
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from '../../../components/Link';
import { CalendarClock, MessageSquareWarning, PenLine, Send } from 'lucide-react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ReviewDecision, ReviewQueueEntry } from '../../../../contract/desk';
import { mayManageAll } from '../../../../contract/roles';
import { adminPaths } from '../adminPaths';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { apiErrorMessage } from '../api/apiErrors';
import { staffName, useAdminPostQuery } from '../api/adminApi';
import { deskApi } from '../api/deskApi';
import { formatLocalTime, localInputToIso } from '../draft/localTime';
import buttons from '../../../styles/buttons.module.scss';
import fieldStyles from '../form/fields.module.scss';
import pageStyles from './page.module.scss';
import { DiffList } from '../components/DiffList';
import { postDiff } from '../components/postDiff';
import { NoticeLine, ReadStatus, useNotice } from '../components/pageParts';
import { NOTE_LENGTH_TEXT, noteFits } from '../components/noteRule';
import { BusySubmit, Field } from '../form/Field';
import type { FieldControl } from '../form/Field';
import { NoteField } from '../components/NoteField';

export const NOT_ALLOWED_TEXT = 'Only editors and owners review posts.';
export const QUEUE_EMPTY_TEXT = 'No posts are waiting for review.';

const failureText = (error: unknown) => apiErrorMessage(error, { 404: 'Blog not found.' });

/**
 * What changed since the post was submitted (the submitted version against the post as it is now), or, for a post
 * submitted again after a request for changes, since that request (the version sent back against the post now).
 */
function ChangesSince({ entry }: { entry: ReviewQueueEntry }) {
  const id = String(entry.post.id);
  const { review } = entry;
  const since = review.sinceChanges === null ? 'it was submitted' : 'changes were requested';
  const basis = review.sinceChanges ?? { changedSince: review.changedSince, revisionId: review.submittedRevisionId };
  const rev = basis.changedSince ? basis.revisionId : null;
  const version = useEndpointQuery(deskApi.endpoints.getSubmittedVersion, rev === null ? skipToken : { id, rev });
  const current = useAdminPostQuery(rev === null ? null : { id, token: '', load: 0 });
  const unchanged = <p className={fieldStyles.hint}>Not changed since {since}.</p>;
  if (rev === null) return unchanged;
  const failed = version.isError || current.isError;
  const diff = version.data && current.data ? postDiff(version.data, current.data.post) : undefined;
  return (
    <>
      <h3 className={pageStyles.reviewSubtitle}>Changed since {since}</h3>
      <ReadStatus
        loading={version.isLoading || current.isLoading}
        loadingText="Loading the changes..."
        failure={failed ? failureText(version.error ?? current.error) : undefined}
      />
      {diff !== undefined && (diff.length === 0 ? unchanged : <DiffList diff={diff} />)}
    </>
  );
}

/** Sends a decision; resolves true once it is taken, false when it was refused (the page says why). */
type Decide = (entry: ReviewQueueEntry, decision: ReviewDecision) => Promise<boolean>;

/** One queued post: its submission, its changes and the decisions. */
function QueuedRow({ entry, decide }: { entry: ReviewQueueEntry; decide: Decide }) {
  const id = useId();
  const { post, review } = entry;
  const [mode, setMode] = useState<'idle' | 'schedule' | 'changes'>('idle');
  const [when, setWhen] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  /** Opens a form in the row (Schedule, Request changes), or closes it when it is open. */
  const toggle = (form: 'schedule' | 'changes') => {
    setError('');
    setMode(mode === form ? 'idle' : form);
  };
  const [busy, setBusy] = useState(false);
  const noteRef = useRef<FieldControl>(null);
  const whenRef = useRef<FieldControl>(null);

  // The form a button opened takes the keyboard: its field is what the admin fills in next.
  useEffect(() => {
    if (mode === 'changes') noteRef.current?.focus();
    if (mode === 'schedule') whenRef.current?.focus();
  }, [mode]);

  async function run(decision: ReviewDecision) {
    setBusy(true);
    setError('');
    // On success the row leaves the queue (the queue is read again); only a refusal stays to be read here.
    if (!(await decide(entry, decision))) setBusy(false);
  }

  function schedule(event: FormEvent) {
    event.preventDefault();
    const publishAt = localInputToIso(when);
    if (!publishAt) {
      setError('Choose the date and time to publish at.');
      whenRef.current?.focus();
      return;
    }
    void run({ decision: 'approve', publishAt });
  }

  function requestChanges(event: FormEvent) {
    event.preventDefault();
    if (!noteFits(note)) {
      setError(NOTE_LENGTH_TEXT);
      noteRef.current?.focus();
      return;
    }
    void run({ decision: 'changes', note: note.trim() });
  }

  const cancel = (
    <button type="button" className={buttons.secondaryButton} onClick={() => setMode('idle')}>
      Cancel
    </button>
  );
  const submittedBy = review.submittedBy?.name || staffName(post.createdBy) || 'unknown';
  const submittedAt = formatLocalTime(review.submittedAt);
  return (
    <li className={pageStyles.reviewCard}>
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={pageStyles.sectionTitle}>
          {post.title}
        </h2>
        <p className={pageStyles.reviewMeta}>
          Submitted by {submittedBy}
          {submittedAt && ` on ${submittedAt}`}
        </p>
        <ChangesSince entry={entry} />
        <div className={pageStyles.rowActions}>
          <Link to={adminPaths.edit(post.id)} className={buttons.secondaryButton}>
            <PenLine size={16} aria-hidden="true" />
            Open<span className="visually-hidden"> “{post.title}”</span>
          </Link>
          <button
            type="button"
            className={buttons.primaryButton}
            disabled={busy}
            onClick={() => void run({ decision: 'approve' })}
          >
            <Send size={16} aria-hidden="true" />
            Publish<span className="visually-hidden"> “{post.title}”</span>
          </button>
          <button
            type="button"
            className={buttons.secondaryButton}
            aria-expanded={mode === 'schedule'}
            disabled={busy}
            onClick={() => toggle('schedule')}
          >
            <CalendarClock size={16} aria-hidden="true" />
            Schedule<span className="visually-hidden"> “{post.title}”</span>
          </button>
          <button
            type="button"
            className={buttons.secondaryButton}
            aria-expanded={mode === 'changes'}
            disabled={busy}
            onClick={() => toggle('changes')}
          >
            <MessageSquareWarning size={16} aria-hidden="true" />
            Request changes<span className="visually-hidden"> to “{post.title}”</span>
          </button>
        </div>
        {mode === 'schedule' && (
          <form
            className={pageStyles.reviewForm}
            noValidate
            aria-label={`Schedule “${post.title}”`}
            onSubmit={schedule}
          >
            <Field
              ref={whenRef}
              label="Publish at"
              type="datetime-local"
              required
              value={when}
              hint="Your local time."
              error={error}
              onChange={(value) => {
                setWhen(value);
                setError('');
              }}
            />
            <BusySubmit busy={busy} label="Schedule post">
              {cancel}
            </BusySubmit>
          </form>
        )}
        {mode === 'changes' && (
          <form
            className={pageStyles.reviewForm}
            noValidate
            aria-label={`Request changes to “${post.title}”`}
            onSubmit={requestChanges}
          >
            <NoteField
              ref={noteRef}
              label="Note to the writer"
              value={note}
              error={error}
              onChange={(value) => {
                setNote(value);
                setError('');
              }}
            />
            <BusySubmit busy={busy} label="Send request">
              {cancel}
            </BusySubmit>
          </form>
        )}
      </section>
    </li>
  );
}

export function ReviewPage() {
  useDocumentTitle('Review');
  const user = useAppSelector(selectUser);
  const allowed = mayManageAll(user?.role);
  const queue = useEndpointQuery(deskApi.endpoints.getReviewQueue, allowed ? undefined : skipToken);
  const decideRequest = useMutationRunner(deskApi.endpoints.decideReview);
  const { notice, setNotice, noticeRef } = useNotice();

  const decide: Decide = async (entry, decision) => {
    setNotice(null);
    const title = entry.post.title;
    try {
      await decideRequest({ id: String(entry.post.id), decision });
      const text =
        decision.decision === 'changes'
          ? `Asked for changes to “${title}”.`
          : decision.publishAt
            ? `Scheduled “${title}” for ${formatLocalTime(decision.publishAt)}.`
            : `Published “${title}”.`;
      setNotice({ text, failed: false });
      // The row (and the focused button in it) leaves the queue: continue from the message that says what happened.
      noticeRef.current?.focus();
      return true;
    } catch (error) {
      setNotice({ text: `“${title}”: ${failureText(error)}`, failed: true });
      noticeRef.current?.focus();
      return false;
    }
  };

  const loading = queue.isLoading;
  const failed = !loading && queue.isError;
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>Review</h1>
      </div>
      {!allowed ? (
        <p className={pageStyles.failed} role="alert">
          {NOT_ALLOWED_TEXT}
        </p>
      ) : (
        <>
          <p className={pageStyles.intro}>Posts waiting for review, the oldest submission first.</p>
          <NoticeLine notice={notice} noticeRef={noticeRef} />
          <ReadStatus
            loading={loading}
            loadingText="Loading the review queue..."
            failure={failed ? failureText(queue.error) : undefined}
          />
          {!loading &&
            !failed &&
            queue.data !== undefined &&
            (queue.data.length === 0 ? (
              <p className={fieldStyles.hint}>{QUEUE_EMPTY_TEXT}</p>
            ) : (
              <ol className={pageStyles.reviewList} aria-label="Posts in review">
                {queue.data.map((entry) => (
                  <QueuedRow key={entry.post.id} entry={entry} decide={decide} />
                ))}
              </ol>
            ))}
        </>
      )}
    </div>
  );
}
