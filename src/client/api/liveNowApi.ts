// Which posts are live now (GET /api/live), asked every 1.5 s while the tab is visible by every public page that shows
// a post's coverage or a "Live" mark: a post page learns its coverage started and loads the live chunk only then.
// One cached answer revalidated by its ETag (a 304 most times) scales to thousands of readers; a stream per reader of
// every post would hold a connection each for the few posts ever covered.
import { useEffect, useSyncExternalStore } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { blogApi } from './blogApi';
import { LIVE_LIMITS } from '../../contract/live';
import type { LiveCoverage, LiveNowAnswer } from '../../contract/live';

export const liveNowApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getLiveNow: build.query<LiveNowAnswer, void>({ query: () => 'live' }),
  }),
});

const selectLiveNow = liveNowApi.endpoints.getLiveNow.select();
/** The state and dispatch of any store that holds the api slice. */
type ApiState = Parameters<typeof selectLiveNow>[0];
const useApiDispatch = useDispatch.withTypes<ThunkDispatch<ApiState, unknown, UnknownAction>>();

const onVisibility = (changed: () => void) => {
  document.addEventListener('visibilitychange', changed);
  return () => document.removeEventListener('visibilitychange', changed);
};

/** The posts live now, asked while `ask` holds and the tab is visible (never on the server); undefined until known. */
export function useLiveNow(ask = true): LiveNowAnswer | undefined {
  const dispatch = useApiDispatch();
  const visible = useSyncExternalStore(
    onVisibility,
    () => document.visibilityState === 'visible',
    () => false,
  );
  useEffect(() => {
    if (!ask || !visible) return;
    const subscription = dispatch(
      liveNowApi.endpoints.getLiveNow.initiate(undefined, {
        forceRefetch: true,
        subscriptionOptions: { pollingInterval: LIVE_LIMITS.liveNowPollMs },
      }),
    );
    return subscription.unsubscribe;
  }, [ask, dispatch, visible]);
  return useSelector((state: ApiState) => selectLiveNow(state).data);
}

/** A post's coverage as the page should show it: live now by the answer, else as the page's own data had it. */
export function coverageNow(id: number, own: LiveCoverage | null | undefined, now: LiveNowAnswer | undefined) {
  const live = now?.posts.find((post) => post.id === id)?.live;
  if (live) return live;
  // Gone from the answer: no longer live (ended, or withdrawn).
  return now && own?.state === 'live' ? { ...own, state: 'ended' as const } : (own ?? null);
}

/** Post `id`'s page, not live: once the answer names it, its read turns live (and the page loads the live chunk). */
export function useCoverageStart(id: string, live: LiveCoverage | null | undefined, shown: boolean) {
  const dispatch = useApiDispatch();
  const now = useLiveNow(shown && live?.state !== 'live');
  const started = now?.posts.find((post) => String(post.id) === id)?.live;
  useEffect(() => {
    if (started)
      dispatch(
        blogApi.util.updateQueryData('getBlog', id, (post) => {
          post.live = started;
        }),
      );
  }, [dispatch, id, started]);
}
