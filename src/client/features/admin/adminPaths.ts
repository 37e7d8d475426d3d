// Links among the admin pages, built from the route table like app/paths.ts. The rule: app/paths.ts holds the links a
// visitor's page makes (the chrome and the sign-in card link to /admin and /auth); every link that only admin pages
// make lives here, in the admin chunks, since app/paths.ts is in every visitor's first download.
import { pathTo } from '../../../contract/routes';

export const adminPaths = {
  posts: () => pathTo('adminPosts'),
  edit: (id: number | string) => pathTo('adminEdit', { id }),
  staff: () => pathTo('adminStaff'),
  account: () => pathTo('adminAccount'),
  preview: (id: number | string) => pathTo('adminPreview', { id }),
  history: (id: number | string) => pathTo('adminHistory', { id }),
  trash: () => pathTo('adminTrash'),
  live: (id: number | string) => pathTo('adminLive', { id }),
  review: () => pathTo('adminReview'),
  inbox: () => pathTo('adminInbox'),
  members: () => pathTo('adminMembers'),
  matches: () => pathTo('adminMatches'),
  tags: () => pathTo('adminTags'),
  comments: () => pathTo('adminComments'),
} as const;
