// React bindings for the api slice, on RTK Query's documented non-React API (endpoint.initiate and endpoint.select).
// RTK Query's generated hooks ('@reduxjs/toolkit/query/react') add 2.4 KB gzip to every visitor page, which has to
// fit in 115 KB, and the pages need only these. Caching, de-duplication, tags and paging stay RTK Query's; the
// returned flags mean what they mean on RTK Query's hooks (isLoading: first load, no data yet).
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { blogApi } from './blogApi';
import type { BlogSubmission } from '../../contract/schemas';

const { getBlog, getBlogs, createBlog } = blogApi.endpoints;

/** One post (GET /api/blogs/:id), fetched while a component shows it and cached by id. */
export function useGetBlogQuery(id: string) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const subscription = dispatch(getBlog.initiate(id));
    return () => subscription.unsubscribe();
  }, [dispatch, id]);
  const selectPost = useMemo(() => getBlog.select(id), [id]);
  const { data, error, isError, isUninitialized, isLoading: isFetching } = useAppSelector(selectPost);
  return { data, error, isError, isFetching, isLoading: isUninitialized || (isFetching && data === undefined) };
}

type PagesSubscription = ReturnType<ReturnType<typeof getBlogs.initiate>>;

const selectPages = getBlogs.select(undefined);

/** The story list (GET /api/blogs, newest first) page by page: fetchNextPage follows the Link rel="next" cursor. */
export function useGetBlogsInfiniteQuery() {
  const dispatch = useAppDispatch();
  // The subscription that keeps the list cached; 'Load more' replaces it with the one that fetched the next page.
  const subscription = useRef<PagesSubscription | null>(null);
  useEffect(() => {
    subscription.current = dispatch(getBlogs.initiate(undefined));
    return () => {
      subscription.current?.unsubscribe();
      subscription.current = null;
    };
  }, [dispatch]);

  const fetchNextPage = useCallback(() => {
    const previous = subscription.current;
    subscription.current = dispatch(getBlogs.initiate(undefined, { direction: 'forward' }));
    previous?.unsubscribe();
  }, [dispatch]);
  const refetch = useCallback(() => {
    subscription.current?.refetch();
  }, []);

  const state = useAppSelector(selectPages);
  const { data, error, isError, isUninitialized, hasNextPage, isFetchingNextPage, isLoading: isFetching } = state;
  return {
    data,
    error,
    isError,
    isFetching,
    isLoading: isUninitialized || (isFetching && data === undefined),
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    refetch,
  };
}

/** POST /api/blogs; resolves with the created post on 201 and rejects otherwise (see createBlog in blogApi.ts). */
export function useCreateBlog() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (submission: BlogSubmission) => {
      const request = dispatch(createBlog.initiate(submission));
      try {
        return await request.unwrap();
      } finally {
        // Nothing reads the finished request from the store; drop it instead of keeping it for the session.
        request.reset();
      }
    },
    [dispatch],
  );
}
