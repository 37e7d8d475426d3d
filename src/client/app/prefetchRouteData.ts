// A first visit to a post or the story list that the server did not render starts its API request while the page's
// lazy chunk is still loading, instead of after it has run: the page then subscribes to the request already in flight
// (RTK Query de-duplicates). What a page reads first is in the route table.
import { blogApi } from '../api/blogApi';
import { matchRoute } from '../../contract/routes';
import type { AppDispatch } from './store';

export function prefetchRouteData(pathname: string, dispatch: AppDispatch): void {
  const match = matchRoute(pathname);
  const data = match?.route.data;
  const request =
    data === 'post'
      ? dispatch(blogApi.endpoints.getBlog.initiate(match!.params.id!))
      : data === 'list'
        ? dispatch(blogApi.endpoints.getBlogs.initiate(undefined))
        : undefined;
  // Held by nobody: the answer stays cached for the page (RTK Query keeps unused data for 60 s).
  request?.unsubscribe();
}
