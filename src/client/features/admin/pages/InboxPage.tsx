// /admin/inbox ("Inbox"): the signed-in person's notifications, newest first (GET /api/notifications), each with its
// text, the post's title and when, read or unread, and a link to the post's admin page; a notice about their own
// sign-in settings has no post and links to their account page instead. Opening one marks it read; "Mark all as
// read" marks every one (POST /api/notifications/read).
import { Link } from '../../../components/Link';
import { CheckCheck } from 'lucide-react';
import type { StaffNotification } from '../../../../contract/desk';
import { adminPaths } from '../adminPaths';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { apiErrorMessage } from '../api/apiErrors';
import { deskApi } from '../api/deskApi';
import { formatLocalTime } from '../draft/localTime';
import buttons from '../../../styles/buttons.module.scss';
import fieldStyles from '../form/fields.module.scss';
import pageStyles from './page.module.scss';
import { NoticeLine, ReadStatus, useNotice } from '../components/pageParts';

export const INBOX_EMPTY_TEXT = 'Nothing here yet: you hear here when a post of yours moves or gets a note.';

export function InboxPage() {
  useDocumentTitle('Inbox');
  const answer = useEndpointQuery(deskApi.endpoints.getNotifications, undefined);
  const markRead = useMutationRunner(deskApi.endpoints.markNotificationsRead);
  const { notice, setNotice, noticeRef } = useNotice();

  async function markAll() {
    setNotice(null);
    try {
      await markRead({});
      setNotice({ text: 'Every notification is marked as read.', failed: false });
    } catch (error) {
      setNotice({ text: `Not marked as read. ${apiErrorMessage(error)}`, failed: true });
      noticeRef.current?.focus();
    }
  }

  /** Opening an unread one marks it read; the link is followed at once, the mark is sent beside it. */
  function opened(item: StaffNotification) {
    if (!item.read) void markRead({ ids: [item.id] }).catch(() => undefined);
  }

  const loading = answer.isLoading;
  const failed = !loading && answer.isError;
  const items = !loading && !failed ? answer.data?.items : undefined;
  const unread = answer.data?.unread ?? 0;
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>Inbox</h1>
        {items !== undefined && unread > 0 && (
          <div className={pageStyles.headerActions}>
            <button type="button" className={buttons.secondaryButton} onClick={() => void markAll()}>
              <CheckCheck size={16} aria-hidden="true" />
              Mark all as read
            </button>
          </div>
        )}
      </div>
      <p className={pageStyles.intro}>
        What happened to your posts, the posts you review and your sign-in settings, newest first.
      </p>
      <NoticeLine notice={notice} noticeRef={noticeRef} />
      <ReadStatus
        loading={loading}
        loadingText="Loading your inbox..."
        failure={failed ? apiErrorMessage(answer.error) : undefined}
      />
      {items !== undefined &&
        (items.length === 0 ? (
          <p className={fieldStyles.hint}>{INBOX_EMPTY_TEXT}</p>
        ) : (
          <ul className={pageStyles.inbox} aria-label="Notifications">
            {items.map((item) => (
              <li key={item.id} className={item.read ? pageStyles.inboxRead : pageStyles.inboxUnread}>
                <Link
                  to={item.postId === null ? adminPaths.account() : adminPaths.edit(item.postId)}
                  onClick={() => opened(item)}
                >
                  {!item.read && <span className={pageStyles.unreadMark}>Unread: </span>}
                  {item.text}
                </Link>
                <span className={pageStyles.inboxMeta}>
                  {item.postTitle === null ? 'Your account' : `“${item.postTitle}”`},{' '}
                  {formatLocalTime(item.createdAt) || item.createdAt}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
