// React bindings for the api slice, on RTK Query's documented non-React API (endpoint.initiate and endpoint.select).
// RTK Query's generated hooks ('@reduxjs/toolkit/query/react') add 2.4 KB gzip to every visitor page, which has to
// fit in 115 KB, and the pages need only these: one query hook, one infinite-list hook and one mutation runner serve
// every page, the admin's included. Caching, de-duplication, tags and paging stay RTK Query's; the returned flags
// mean what they mean on RTK Query's hooks (isLoading: a first load, no data yet; never while skipped).
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query';
import type { SkipToken } from '@reduxjs/toolkit/query';
import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { blogApi } from './blogApi';

/** RTK Query's endpoint thunks run on any store that holds the api slice; this layer needs nothing more of it. */
type ApiThunk<Result> = ThunkAction<Result, unknown, unknown, UnknownAction>;
const useApiDispatch = useDispatch.withTypes<ThunkDispatch<unknown, unknown, UnknownAction>>();

/** The flags a query's selected state carries (RTK Query's isLoading there means "a request is in flight"). */
type SelectedState<Data> = {
  data?: Data;
  error?: unknown;
  isError: boolean;
  isUninitialized: boolean;
  isLoading: boolean;
};

/**
 * A selector of the api slice's state. Its state type is left open (never): an endpoint injected with extra tag types
 * names a slice state of its own, though the store holds the same slice.
 */
type ApiSelector<State> = (state: never) => State;

/** A query endpoint of the api slice (getBlog, or one a feature injected), as far as useEndpointQuery uses it. */
export type QueryEndpoint<Arg, Result> = {
  initiate: (arg: Arg) => ApiThunk<{ unsubscribe: () => void }>;
  select: (arg: Arg | SkipToken) => ApiSelector<SelectedState<Result> & { isSuccess: boolean }>;
};

/** One meaning of isLoading for every read: asked for, and no answer yet. */
const readFlags = <Data>(state: SelectedState<Data>, skipped: boolean) => ({
  isFetching: state.isLoading,
  isLoading: !skipped && (state.isUninitialized || (state.isLoading && state.data === undefined)),
});

/**
 * A query's answer for `arg`, fetched while a component shows it and cached by its argument; skipToken asks nothing.
 * An argument object rebuilt on every render does not resubscribe: the hook keys on its JSON.
 */
export function useEndpointQuery<Arg, Result>(endpoint: QueryEndpoint<Arg, Result>, arg: Arg | SkipToken) {
  const dispatch = useApiDispatch();
  const skipped = arg === skipToken;
  const key = skipped ? null : JSON.stringify(arg);
  useEffect(() => {
    if (arg === skipToken) return;
    return dispatch(endpoint.initiate(arg)).unsubscribe;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for arg
  }, [dispatch, endpoint, key]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for arg
  const select = useMemo(() => endpoint.select(arg), [endpoint, key]);
  const state = useSelector((root: unknown) => select(root as never));
  const { data, error, isError, isSuccess } = state;
  return { data, error, isError, isSuccess, ...readFlags(state, skipped) };
}

/** One post (GET /api/blogs/:id), fetched while a component shows it and cached by id. */
export function useGetBlogQuery(id: string) {
  return useEndpointQuery(blogApi.endpoints.getBlog, id);
}

/** What dispatching an infinite query's initiate gives back, as far as useInfiniteEndpointQuery uses it. */
type PagesSubscription = { unsubscribe: () => void; refetch: () => unknown };
type PagesState<Data> = SelectedState<Data> & {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
};

/** An infinite query endpoint of the api slice (getBlogs, or one a feature injected). */
export type InfiniteQueryEndpoint<Arg, Result> = {
  initiate: (arg: Arg, options?: { direction?: 'forward' }) => ApiThunk<PagesSubscription>;
  select: (arg: Arg | SkipToken) => ApiSelector<PagesState<Result>>;
};

/**
 * A list read page by page while a component shows it (skipToken asks nothing): fetchNextPage follows the endpoint's
 * next page parameter (the Link rel="next" cursor).
 */
export function useInfiniteEndpointQuery<Arg, Result>(
  endpoint: InfiniteQueryEndpoint<Arg, Result>,
  arg: Arg | SkipToken,
) {
  const dispatch = useApiDispatch();
  const skipped = arg === skipToken;
  const key = skipped ? null : JSON.stringify(arg ?? null);
  // The subscription that keeps the list cached; 'Load more' replaces it with the one that fetched the next page.
  const subscription = useRef<PagesSubscription | null>(null);
  useEffect(() => {
    if (arg === skipToken) return;
    subscription.current = dispatch(endpoint.initiate(arg));
    return () => {
      subscription.current?.unsubscribe();
      subscription.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for arg
  }, [dispatch, endpoint, key]);
  const fetchNextPage = useCallback(() => {
    if (arg === skipToken) return;
    const previous = subscription.current;
    subscription.current = dispatch(endpoint.initiate(arg, { direction: 'forward' }));
    previous?.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for arg
  }, [dispatch, endpoint, key]);
  const refetch = useCallback(() => {
    subscription.current?.refetch();
  }, []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for arg
  const select = useMemo(() => endpoint.select(arg), [endpoint, key]);
  const state = useSelector((root: unknown) => select(root as never));
  const { data, error, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError } = state;
  return {
    data,
    error,
    isError,
    ...readFlags(state, skipped),
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
    refetch,
  };
}

/**
 * The story list (GET /api/blogs, newest first), or one tag's when `tag` is its slug, page by page: fetchNextPage
 * follows the Link rel="next" cursor.
 */
export function useGetBlogsInfiniteQuery(tag?: string) {
  return useInfiniteEndpointQuery(blogApi.endpoints.getBlogs, tag);
}

/** What dispatching a mutation's initiate gives back (RTK Query's MutationActionCreatorResult, as far as used here). */
type StartedMutation<Result> = { unwrap: () => Promise<Result>; reset: () => void };

/** A mutation endpoint (blogApi.endpoints.createBlog, or one a feature injected). */
export type MutationEndpoint<Arg, Result> = {
  initiate: (arg: Arg) => ApiThunk<StartedMutation<Result>>;
};

/**
 * The app's one mutation runner: runs the endpoint's request, resolving with its answer and rejecting with
 * { status, data } (see apiBaseQuery). Nothing reads a finished request from the store, so it is dropped at once
 * instead of being kept for the session (neither a token nor a draft's text stays there).
 */
export function useMutationRunner<Arg, Result>(endpoint: MutationEndpoint<Arg, Result>) {
  const dispatch = useApiDispatch();
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
