// /admin/comments: the comments desk for editors and owners. The pending and the reported comments (each its own
// list, oldest first, with its count), and the comment settings (owners change them). The server checks every request
// again.
import { useState } from 'react';
import { mayManageAll } from '../../../../contract/roles';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useEndpointQuery } from '../../../api/queryHooks';
import { commentsAdminApi } from '../api/commentsAdminApi';
import type { DeskStatus } from '../api/commentsAdminApi';
import { ModerationQueue } from '../comments/ModerationQueue';
import { CommentSettingsForm } from '../comments/CommentSettingsForm';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from './page.module.scss';
import styles from '../comments/CommentsDesk.module.scss';

export const COMMENTS_FORBIDDEN_TEXT = 'Only owners and editors moderate comments.';

const LIST_LABELS: Record<DeskStatus, string> = { pending: 'Pending', reported: 'Reported' };

export function CommentsPage() {
  useDocumentTitle('Comments');
  const user = useAppSelector(selectUser);
  const allowed = mayManageAll(user?.role);
  const [status, setStatus] = useState<DeskStatus>('pending');
  // The counts ride on the pending list's first page, the read the navigation's count makes too.
  const counts = useEndpointQuery(commentsAdminApi.endpoints.getModeration, { status: 'pending' }).data;

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>Comments</h1>
      </div>
      {!allowed ? (
        <p className={pageStyles.failed} role="alert">
          {COMMENTS_FORBIDDEN_TEXT}
        </p>
      ) : (
        <>
          <p className={pageStyles.intro}>Members&apos; comments that wait for approval, and those readers reported.</p>
          <div className={styles.switch} role="group" aria-label="Comments to show">
            {(Object.keys(LIST_LABELS) as DeskStatus[]).map((list) => (
              <button
                key={list}
                type="button"
                aria-pressed={status === list}
                className={status === list ? buttons.primaryButton : buttons.secondaryButton}
                onClick={() => setStatus(list)}
              >
                {counts ? `${LIST_LABELS[list]} (${counts[list]})` : LIST_LABELS[list]}
              </button>
            ))}
          </div>
          {/* Each list keeps its own pages and selection. */}
          <ModerationQueue key={status} status={status} />
          <CommentSettingsForm owner={user?.role === 'owner'} />
        </>
      )}
    </div>
  );
}
