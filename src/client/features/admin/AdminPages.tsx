// The back office behind one lazy module. The visitors' entry (shell/router.tsx) then carries one import for every
// admin page instead of one each, with their preload lists: about 0.7 KB gzip of every visitor's first load. Each page
// is still its own chunk, fetched when it is opened, and every one is behind the session guard.
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { AdminRouteName } from '../../../contract/routes';
import { RequireSession } from './session/RequireSession';

const PAGES: Record<AdminRouteName, LazyExoticComponent<ComponentType>> = {
  // The editor is a chunk of its own: nobody else downloads it.
  admin: lazy(() => import('./pages/NewPostPage').then((m) => ({ default: m.NewPostPage }))),
  adminPosts: lazy(() => import('./pages/PostsPage').then((m) => ({ default: m.PostsPage }))),
  adminEdit: lazy(() => import('./pages/EditPage').then((m) => ({ default: m.EditPage }))),
  adminStaff: lazy(() => import('./pages/StaffPage').then((m) => ({ default: m.StaffPage }))),
  adminAccount: lazy(() => import('./pages/AccountPage').then((m) => ({ default: m.AccountPage }))),
  adminLive: lazy(() => import('./pages/LiveDeskPage').then((m) => ({ default: m.LiveDeskPage }))),
  adminPreview: lazy(() => import('./pages/PreviewPage').then((m) => ({ default: m.PreviewPage }))),
  adminHistory: lazy(() => import('./pages/HistoryPage').then((m) => ({ default: m.HistoryPage }))),
  adminTrash: lazy(() => import('./pages/TrashPage').then((m) => ({ default: m.TrashPage }))),
  adminReview: lazy(() => import('./pages/ReviewPage').then((m) => ({ default: m.ReviewPage }))),
  adminInbox: lazy(() => import('./pages/InboxPage').then((m) => ({ default: m.InboxPage }))),
  adminMembers: lazy(() => import('./pages/MembersPage').then((m) => ({ default: m.MembersPage }))),
  adminMatches: lazy(() => import('./matches/MatchesAdminPage').then((m) => ({ default: m.MatchesAdminPage }))),
  adminTags: lazy(() => import('./tags/TagsAdminPage').then((m) => ({ default: m.TagsAdminPage }))),
  adminComments: lazy(() => import('./pages/CommentsPage').then((m) => ({ default: m.CommentsPage }))),
};

/** The admin page a route names, for a signed-in member of staff (RequireSession sends anyone else to /auth). */
export function AdminPage({ name }: { name: AdminRouteName }) {
  const Page = PAGES[name];
  return (
    <RequireSession>
      <Page />
    </RequireSession>
  );
}
