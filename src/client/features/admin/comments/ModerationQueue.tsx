// One list of the comments desk (pending, or reported), oldest first, page by page: each comment with its post, its
// author, its reports and its text (as text, never markup); Approve, Reject and "Ban member" (asked in the row) on
// each, and a select box on each with "Select all" for approving or rejecting several at once.
import { useEffect, useRef, useState } from 'react';
import { Ban, Check, Trash2 } from 'lucide-react';
import type { Decision, ModeratedComment } from '../../../../contract/comments';
import { Link } from '../../../components/Link';
import { paths } from '../../../app/paths';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { commentsAdminApi } from '../api/commentsAdminApi';
import type { DeskStatus } from '../api/commentsAdminApi';
import { ConfirmInRow } from '../components/ConfirmInRow';
import { NoticeLine, ReadStatus, RowButton, revisionTime, useNotice } from '../components/pageParts';
import { failureText } from '../form/Field';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from '../pages/page.module.scss';
import styles from './CommentsDesk.module.scss';
import { CursorPager, useCursorPages } from '../components/CursorPages';

const EMPTY_TEXT: Record<DeskStatus, string> = {
  pending: 'No comments wait for approval.',
  reported: 'No reported comments.',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the row's controls name for screen readers: whose comment on which post. */
const rowName = (comment: ModeratedComment) => `comment by ${comment.author.name} on ${comment.postTitle}`;

/** The "Select all" box: checked when every comment of the page is, mixed when some are. */
function SelectAll({ all, some, onChange }: { all: boolean; some: boolean; onChange: (all: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some && !all;
  }, [all, some]);
  return (
    <label className={styles.select}>
      <input ref={ref} type="checkbox" checked={all} onChange={(event) => onChange(event.currentTarget.checked)} />
      Select all
    </label>
  );
}

type CardProps = {
  comment: ModeratedComment;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  confirmingBan: boolean;
  onDecide: (decision: Decision) => void;
  onAskBan: () => void;
  onBan: () => void;
  onCancelBan: () => void;
};

function CommentCard({ comment, selected, onSelect, confirmingBan, ...on }: CardProps) {
  const { author, reports } = comment;
  const name = rowName(comment);
  return (
    <li className={pageStyles.reviewCard}>
      <label className={styles.select}>
        <input type="checkbox" checked={selected} onChange={(event) => onSelect(event.currentTarget.checked)} />
        Select<span className="visually-hidden"> {name}</span>
      </label>
      <p className={pageStyles.reviewMeta}>
        <span dir="auto">{author.name || 'A member'}</span> ({author.email}) on{' '}
        <Link to={paths.post(comment.postId)}>{comment.postTitle}</Link>, {revisionTime(comment.createdAt)}
      </p>
      <p dir="auto" className={styles.body}>
        {comment.body}
      </p>
      {reports.length > 0 && (
        <>
          <p className={pageStyles.reviewMeta}>{`Reported ${plural(reports.length, 'time', 'times')}:`}</p>
          <ul className={styles.reports}>
            {reports.map((report, index) => (
              <li key={index} dir="auto">
                {report.reason || 'No reason given'}
              </li>
            ))}
          </ul>
        </>
      )}
      {confirmingBan ? (
        <ConfirmInRow
          label={`Ban ${author.email}?`}
          question={`Ban ${author.email}? All their comments are hidden and they can no longer comment.`}
          answer={
            <>
              <Ban size={16} aria-hidden="true" />
              Ban member
            </>
          }
          onConfirm={on.onBan}
          onCancel={on.onCancelBan}
        />
      ) : (
        <div className={pageStyles.rowActions}>
          <button type="button" className={buttons.primaryButton} onClick={() => on.onDecide('approve')}>
            <Check size={16} aria-hidden="true" />
            Approve<span className="visually-hidden"> {name}</span>
          </button>
          <RowButton
            icon={<Trash2 size={16} aria-hidden="true" />}
            label="Reject"
            rowName={name}
            onClick={() => on.onDecide('reject')}
          />
          {author.id !== null && (
            <RowButton
              icon={<Ban size={16} aria-hidden="true" />}
              label="Ban member"
              rowName={author.email}
              onClick={on.onAskBan}
            />
          )}
        </div>
      )}
    </li>
  );
}

const DONE_TEXT: Record<Decision, [string, string]> = {
  approve: ['Approved', 'approved'],
  reject: ['Rejected', 'rejected'],
};

export function ModerationQueue({ status }: { status: DeskStatus }) {
  const pages = useCursorPages();
  const { cursor } = pages;
  const list = useEndpointQuery(commentsAdminApi.endpoints.getModeration, { status, cursor });
  const moderate = useMutationRunner(commentsAdminApi.endpoints.moderateComments);
  const ban = useMutationRunner(commentsAdminApi.endpoints.banMember);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<number | 'bulk-reject' | null>(null);
  const [busy, setBusy] = useState(false);
  const { notice, setNotice, noticeRef } = useNotice();

  const items = list.data?.items ?? [];
  // Only what the page shows stays selected (a comment decided elsewhere leaves the list).
  const shown = items.filter((comment) => selected.has(comment.id)).map((comment) => comment.id);

  const act = async (work: () => Promise<string>) => {
    setConfirming(null);
    setBusy(true);
    try {
      setNotice({ text: await work(), failed: false });
    } catch (error) {
      setNotice({
        text: failureText(error, { 404: 'That comment is gone: someone decided on it already.' }),
        failed: true,
      });
    }
    setBusy(false);
    noticeRef.current?.focus();
  };

  const decide = (ids: number[], decision: Decision) =>
    act(async () => {
      const { ids: done } = await moderate({ ids, decision });
      setSelected((before) => new Set([...before].filter((id) => !done.includes(id))));
      return `${DONE_TEXT[decision][0]} ${plural(done.length, 'comment', 'comments')}.`;
    });

  const banAuthor = (comment: ModeratedComment) =>
    act(async () => {
      await ban(comment.author.id!);
      return `Banned ${comment.author.email}: their comments are hidden.`;
    });

  const select = (id: number, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <ReadStatus
        loading={list.isLoading}
        loadingText="Loading comments..."
        failure={
          list.isError ? failureText(list.error, { 403: 'Only owners and editors moderate comments.' }) : undefined
        }
      />
      {list.data && items.length === 0 && <p className={pageStyles.intro}>{EMPTY_TEXT[status]}</p>}
      {items.length > 0 && (
        <>
          <div className={pageStyles.rowActions} role="group" aria-label="Selected comments">
            <SelectAll
              all={shown.length === items.length}
              some={shown.length > 0}
              onChange={(all) => setSelected(new Set(all ? items.map((comment) => comment.id) : []))}
            />
            {confirming === 'bulk-reject' ? (
              <ConfirmInRow
                label={`Reject ${plural(shown.length, 'comment', 'comments')}?`}
                question={`Reject ${plural(shown.length, 'comment', 'comments')}? They are deleted.`}
                answer={
                  <>
                    <Trash2 size={16} aria-hidden="true" />
                    Reject selected
                  </>
                }
                onConfirm={() => void decide(shown, 'reject')}
                onCancel={() => setConfirming(null)}
              />
            ) : (
              <>
                <button
                  type="button"
                  className={buttons.primaryButton}
                  disabled={shown.length === 0 || busy}
                  onClick={() => void decide(shown, 'approve')}
                >
                  <Check size={16} aria-hidden="true" />
                  {`Approve selected (${shown.length})`}
                </button>
                <button
                  type="button"
                  className={buttons.dangerButton}
                  disabled={shown.length === 0 || busy}
                  onClick={() => setConfirming('bulk-reject')}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  {`Reject selected (${shown.length})`}
                </button>
              </>
            )}
          </div>
          <ul
            className={pageStyles.reviewList}
            aria-label={status === 'pending' ? 'Pending comments' : 'Reported comments'}
          >
            {items.map((comment) => (
              <CommentCard
                key={comment.id}
                comment={comment}
                selected={selected.has(comment.id)}
                onSelect={(on) => select(comment.id, on)}
                confirmingBan={confirming === comment.id}
                onDecide={(decision) => void decide([comment.id], decision)}
                onAskBan={() => setConfirming(comment.id)}
                onBan={() => void banAuthor(comment)}
                onCancelBan={() => setConfirming(null)}
              />
            ))}
          </ul>
        </>
      )}
      <NoticeLine notice={notice} noticeRef={noticeRef} />
      <div className={pageStyles.formActions}>
        <CursorPager {...pages} nextCursor={list.data?.nextCursor} />
      </div>
    </>
  );
}
