// A first visit to a post or the story list starts its API request while the page's lazy chunk is still loading,
// instead of after it has run: the page then subscribes to the request already in flight (RTK Query de-duplicates).
import { matchPath } from 'react-router-dom';
import { blogApi } from '../api/blogApi';
import type { AppDispatch } from './store';

export function prefetchRouteData(pathname: string, dispatch: AppDispatch): void {
  const post = matchPath('/page/:id', pathname);
  const request = post?.params.id
    ? dispatch(blogApi.endpoints.getBlog.initiate(post.params.id))
    : matchPath('/blog', pathname)
      ? dispatch(blogApi.endpoints.getBlogs.initiate(undefined))
      : undefined;
  // Held by nobody: the answer stays cached for the page (RTK Query keeps unused data for 60 s).
  request?.unsubscribe();
}
