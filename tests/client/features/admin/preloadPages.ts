// The admin pages are lazy chunks; under jest their first import compiles them, which on a busy machine takes longer
// than a findBy waits. Importing them up front makes the route's lazy import resolve at once.
import '../../../../src/client/features/admin/pages/NewPostPage';
import '../../../../src/client/features/admin/pages/PostsPage';
import '../../../../src/client/features/admin/pages/EditPage';
import '../../../../src/client/features/admin/pages/PreviewPage';
import '../../../../src/client/features/admin/pages/HistoryPage';
import '../../../../src/client/features/admin/pages/TrashPage';
import '../../../../src/client/features/admin/pages/StaffPage';
import '../../../../src/client/features/admin/pages/AccountPage';
import '../../../../src/client/features/admin/session/RequireSession';
import '../../../../src/client/features/admin/AdminPages';
