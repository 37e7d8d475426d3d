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

/** A query endpoint of the api slice (getBlog, or one a feature injected), as far as useEndpointQuery uses it. */
export type QueryEndpoint<Arg, Result> = {
  initiate: (arg: Arg) => ThunkAction<{ unsubscribe: () => void }, RootState, unknown, UnknownAction>;
  select: (arg: Arg) => (state: RootState) => {
    data?: Result;
    error?: unknown;
    isError: boolean;
    isUninitialized: boolean;
    isLoading: boolean;
  };
};

/** A query's answer for `arg`, fetched while a component shows it and cached by its argument. */
export function useEndpointQuery<Arg, Result>(endpoint: QueryEndpoint<Arg, Result>, arg: Arg, key: string) {
  const dispatch = useAppDispatch();
  // `key` names the argument, so an argument object rebuilt on every render does not resubscribe.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for arg
  useEffect(() => dispatch(endpoint.initiate(arg)).unsubscribe, [dispatch, endpoint, key]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for arg
  const select = useMemo(() => endpoint.select(arg), [endpoint, key]);
  const { data, error, isError, isUninitialized, isLoading: isFetching } = useAppSelector(select);
  return { data, error, isError, isFetching, isLoading: isUninitialized || (isFetching && data === undefined) };
}

/** One post (GET /api/blogs/:id), fetched while a component shows it and cached by id. */
export function useGetBlogQuery(id: string) {
  return useEndpointQuery(getBlog, id, id);
}

type PagesSubscription = ReturnType<ReturnType<typeof getBlogs.initiate>>;

/**
 * The story list (GET /api/blogs, newest first), or one tag's when `tag` is its slug, page by page: fetchNextPage
 * follows the Link rel="next" cursor.
 */
export function useGetBlogsInfiniteQuery(tag?: string) {
  const dispatch = useAppDispatch();
  // The subscription that keeps the list cached; 'Load more' replaces it with the one that fetched the next page.
  const subscription = useRef<PagesSubscription | null>(null);
  useEffect(() => {
    subscription.current = dispatch(getBlogs.initiate(tag));
    return () => {
      subscription.current?.unsubscribe();
      subscription.current = null;
    };
  }, [dispatch, tag]);

  const fetchNextPage = useCallback(() => {
    const previous = subscription.current;
    subscription.current = dispatch(getBlogs.initiate(tag, { direction: 'forward' }));
    previous?.unsubscribe();
  }, [dispatch, tag]);
  const selectPages = useMemo(() => getBlogs.select(tag), [tag]);
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
