// Links to the admin-only pages of issue 22, built from the route table like app/paths.ts, but kept in the admin
// chunks: app/paths.ts is in every visitor's first download, where these would only add bytes.
import { pathTo } from '../../../contract/routes';

export const adminPaths = {
  history: (id: number | string) => pathTo('adminHistory', { id }),
  trash: () => pathTo('adminTrash'),
} as const;
