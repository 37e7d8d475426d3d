// /admin/history/:id ("History"): the versions of a post that changes replaced, newest first, with when and by whom.
// Choosing one shows what differs from the current post, field by field and word by word (<del> removed, <ins>
// added); "Restore this version" asks first, restores it (the current version joins the history) and says so.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../components/Link';
import { History, PenLine, RotateCcw } from 'lucide-react';
import { parsePostId } from '../../../../contract/routes';
import type { RevisionSummary } from '../../../../contract/types';
import type { ReviewStep } from '../../../../contract/desk';
import { deskApi } from '../api/deskApi';
import { adminPaths } from '../adminPaths';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { apiErrorMessage } from '../api/apiErrors';
import { TOKEN_REJECTED_TEXT, useAdminPostQuery } from '../api/adminApi';
import { revisionsTrashApi } from '../api/revisionsTrashApi';
import type { RevisionsArg } from '../api/revisionsTrashApi';
import { selectAccessToken } from '../draft/editorSlice';
import { postDiff } from '../components/postDiff';
import buttons from '../../../styles/buttons.module.scss';
import fieldStyles from '../form/fields.module.scss';
import formStyles from '../form/PostForm.module.scss';
import pageStyles from './page.module.scss';
import { ConfirmInRow } from '../components/ConfirmInRow';
import { DiffList } from '../components/DiffList';
import { AccessForm, AllPostsLink, NoticeLine, ReadStatus, revisionTime, useNotice } from '../components/pageParts';

/** A review step as the history reads it: "Submitted for review by Sam", "Changes requested by Kim: cut the intro". */
export function reviewStepText(step: ReviewStep): string {
  const by = step.by || 'unknown';
  if (step.kind === 'submitted') return `Submitted for review by ${by}`;
  if (step.kind === 'withdrawn') return `Withdrawn by ${by}`;
  if (step.kind === 'approved') return `Approved by ${by}`;
  return `Changes requested by ${by}: ${step.note ?? ''}`;
}

type HistoryEntry = { at: string; revision: RevisionSummary } | { at: string; step: ReviewStep };

/** The versions and the review steps in one list, newest first. */
function historyEntries(revisions: RevisionSummary[], steps: ReviewStep[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    ...revisions.map((revision) => ({ at: revision.savedAt, revision })),
    ...steps.map((step) => ({ at: step.at, step })),
  ];
  return entries.sort((a, b) => (Date.parse(b.at) || 0) - (Date.parse(a.at) || 0));
}

const failureText = (error: unknown) => apiErrorMessage(error, { 401: TOKEN_REJECTED_TEXT, 404: 'Blog not found.' });

export function HistoryPage() {
  useDocumentTitle('History');
  const { id = '' } = useParams();
  const validId = parsePostId(id) !== undefined;
  const token = useAppSelector(selectAccessToken);
  // Shown at once (the session reads it); each Show history is a fresh request with the token typed then, if any.
  const [shown, setShown] = useState<RevisionsArg | null>(() => (validId ? { id, token, load: 0 } : null));
  const [selected, setSelected] = useState<RevisionSummary | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { notice, setNotice, noticeRef } = useNotice();
  const restore = useMutationRunner(revisionsTrashApi.endpoints.restoreRevision);

  const list = useEndpointQuery(revisionsTrashApi.endpoints.getRevisions, shown ?? skipToken);
  // The review steps join the list when the server keeps them; without them the versions alone are shown.
  const steps = useEndpointQuery(deskApi.endpoints.getReviewSteps, shown === null ? skipToken : id);
  const current = useAdminPostQuery(shown === null ? null : { id, token: shown.token, load: shown.load });
  const version = useEndpointQuery(
    revisionsTrashApi.endpoints.getRevision,
    selected === null || shown === null ? skipToken : { id, rev: selected.id, token: shown.token },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setSelected(null);
    setShown(validId ? { id, token, load: (shown?.load ?? 0) + 1 } : null);
  }

  async function restoreSelected() {
    if (selected === null || shown === null) return;
    setConfirming(false);
    setBusy(true);
    try {
      await restore({ id, rev: selected.id, token: shown.token, etag: current.data?.etag ?? '' });
      setNotice({ text: `Restored the version of ${revisionTime(selected.savedAt)}.`, failed: false });
      setSelected(null);
      setShown({ ...shown, load: shown.load + 1 });
    } catch (error) {
      setNotice({ text: `The version was not restored. ${failureText(error)}`, failed: true });
    } finally {
      setBusy(false);
      noticeRef.current?.focus();
    }
  }

  const loading = list.isLoading || current.isLoading;
  const failed = shown !== null && !loading && (list.isError || current.isError);
  const revisions = !loading && !failed ? list.data : undefined;
  const diff = version.data && current.data ? postDiff(version.data, current.data.post) : undefined;

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>History</h1>
        <div className={pageStyles.headerActions}>
          {validId && (
            <Link to={adminPaths.edit(id)} className={buttons.secondaryButton}>
              <PenLine size={16} aria-hidden="true" />
              Edit post
            </Link>
          )}
          <AllPostsLink />
        </div>
      </div>
      {!validId ? (
        <p className={pageStyles.failed} role="alert">
          Blog not found.
        </p>
      ) : (
        <>
          <p className={pageStyles.intro}>
            {current.data ? `“${current.data.post.title}”: every` : 'Every'} version a change replaced, newest first.
            Choose one to see what differs from the current post.
          </p>
          <AccessForm submitLabel="Show history" onSubmit={submit} />
          <NoticeLine notice={notice} noticeRef={noticeRef} />
          <ReadStatus
            loading={loading}
            loadingText="Loading history..."
            failure={failed ? failureText(list.error ?? current.error) : undefined}
          />
          {revisions !== undefined &&
            (revisions.length === 0 && !steps.data?.length ? (
              <p className={fieldStyles.hint}>No earlier versions yet: each save keeps the version it replaces here.</p>
            ) : (
              <ol className={pageStyles.revisions} aria-label="Revisions">
                {historyEntries(revisions, steps.data ?? []).map((entry) =>
                  'step' in entry ? (
                    <li key={`step-${entry.step.id}`} className={pageStyles.reviewStep}>
                      {revisionTime(entry.step.at)}: {reviewStepText(entry.step)}
                    </li>
                  ) : (
                    <li key={entry.revision.id}>
                      <button
                        type="button"
                        className={buttons.secondaryButton}
                        aria-pressed={selected?.id === entry.revision.id}
                        onClick={() => {
                          setConfirming(false);
                          setSelected(entry.revision);
                        }}
                      >
                        <History size={16} aria-hidden="true" />
                        {revisionTime(entry.revision.savedAt)} by {entry.revision.savedBy || 'unknown'}: “
                        {entry.revision.title}”
                      </button>
                    </li>
                  ),
                )}
              </ol>
            ))}
          {selected !== null && (
            <section className={formStyles.card} aria-labelledby="revision-heading">
              <h2 id="revision-heading" className={pageStyles.sectionTitle}>
                The version of {revisionTime(selected.savedAt)}, compared with the current post
              </h2>
              <ReadStatus
                loading={version.isLoading}
                loadingText="Loading the version..."
                failure={version.isError ? failureText(version.error) : undefined}
              />
              {diff !== undefined &&
                (diff.length === 0 ? (
                  <p className={fieldStyles.hint}>This version is the same as the current post.</p>
                ) : (
                  <DiffList diff={diff} />
                ))}
              {version.data &&
                (confirming ? (
                  <ConfirmInRow
                    label="Restore this version?"
                    question="Restore this version? The current post is kept in its history."
                    answer={
                      <>
                        <RotateCcw size={16} aria-hidden="true" />
                        Restore
                      </>
                    }
                    tone="primary"
                    onConfirm={() => void restoreSelected()}
                    onCancel={() => setConfirming(false)}
                  />
                ) : (
                  <div className={formStyles.actions}>
                    <button
                      type="button"
                      className={buttons.primaryButton}
                      disabled={busy}
                      onClick={() => setConfirming(true)}
                    >
                      <RotateCcw size={16} aria-hidden="true" />
                      Restore this version
                    </button>
                  </div>
                ))}
            </section>
          )}
        </>
      )}
    </div>
  );
}
