// The admin navigation every admin page shows above its own content: the posts, the review queue with its length
// ("Review (N)", for editors and owners, who decide on it), the comments waiting for them ("Comments (N)"), the inbox
// with the unread count, and the account. The counts are read afresh on each admin page (the queries are dropped when
// no page shows them).
import { NavLink } from '../../../components/Link';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { useEndpointQuery } from '../../../api/queryHooks';
import { mayManageAll } from '../../../../contract/roles';
import { adminPaths } from '../adminPaths';
import { deskApi } from '../api/deskApi';
import { commentsAdminApi } from '../api/commentsAdminApi';
import pageStyles from '../pages/page.module.scss';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${pageStyles.adminNavLink} ${pageStyles.adminNavActive}` : pageStyles.adminNavLink;

/** "Review (2)", or the word alone until the count is known (never a wrong number). */
const counted = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);

function ReviewLink() {
  const queue = useEndpointQuery(deskApi.endpoints.getReviewQueue, undefined);
  return (
    <li>
      <NavLink to={adminPaths.review()} className={linkClass}>
        {counted('Review', queue.data?.length)}
      </NavLink>
    </li>
  );
}

/** "Comments (N)": the comments waiting for a moderator, pending and reported (the desk's first read, shared). */
function CommentsLink() {
  const { data } = useEndpointQuery(commentsAdminApi.endpoints.getModeration, { status: 'pending' });
  return (
    <li>
      <NavLink to={adminPaths.comments()} className={linkClass}>
        {counted('Comments', data && data.pending + data.reported)}
      </NavLink>
    </li>
  );
}

export function AdminNav() {
  const user = useAppSelector(selectUser);
  const notifications = useEndpointQuery(deskApi.endpoints.getNotifications, undefined);
  return (
    <nav aria-label="Admin" className={pageStyles.adminNav}>
      <ul>
        <li>
          <NavLink to={adminPaths.posts()} className={linkClass}>
            Posts
          </NavLink>
        </li>
        {mayManageAll(user?.role) && <ReviewLink />}
        {mayManageAll(user?.role) && <CommentsLink />}
        {mayManageAll(user?.role) && (
          <li>
            <NavLink to={adminPaths.members()} className={linkClass}>
              Members
            </NavLink>
          </li>
        )}
        {mayManageAll(user?.role) && (
          <li>
            <NavLink to={adminPaths.matches()} className={linkClass}>
              Matches
            </NavLink>
          </li>
        )}
        <li>
          <NavLink to={adminPaths.inbox()} className={linkClass}>
            {counted('Inbox', notifications.data?.unread)}
          </NavLink>
        </li>
        <li>
          <NavLink to={adminPaths.account()} className={linkClass}>
            Account
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
