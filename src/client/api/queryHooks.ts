// React bindings for the api slice, on RTK Query's documented non-React API (endpoint.initiate and endpoint.select).
// RTK Query's generated hooks ('@reduxjs/toolkit/query/react') add 2.4 KB gzip to every visitor page, which has to
// fit in 115 KB, and the pages need only these. Caching, de-duplication, tags and paging stay RTK Query's; the
// returned flags mean what they mean on RTK Query's hooks (isLoading: first load, no data yet).
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { blogApi } from './blogApi';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../app/store';

const { getBlog, getBlogs } = blogApi.endpoints;

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

/** What dispatching a mutation's initiate gives back (RTK Query's MutationActionCreatorResult, as far as used here). */
type StartedMutation<Result> = { unwrap: () => Promise<Result>; reset: () => void };

/** A mutation endpoint (blogApi.endpoints.createBlog, or one a feature injected). */
export type MutationEndpoint<Arg, Result> = {
  initiate: (arg: Arg) => ThunkAction<StartedMutation<Result>, RootState, unknown, UnknownAction>;
};

/**
 * The app's one mutation runner: runs the endpoint's request, resolving with its answer and rejecting with
 * { status, data } (see apiBaseQuery). Nothing reads a finished request from the store, so it is dropped at once
 * instead of being kept for the session (neither a token nor a draft's text stays there).
 */
export function useMutationRunner<Arg, Result>(endpoint: MutationEndpoint<Arg, Result>) {
  const dispatch = useAppDispatch();
  return useCallback(
    async (arg: Arg): Promise<Result> => {
      const request = dispatch(endpoint.initiate(arg));
      try {
        return await request.unwrap();
      } finally {
        request.reset();
      }
    },
    [dispatch, endpoint],
  );
}
