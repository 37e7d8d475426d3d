// Which posts are live now (GET /api/live), asked every 1.5 s while the tab is visible by every public page that shows
// a post's coverage or a "Live" mark: a post page learns its coverage started and loads the live chunk only then.
// One cached answer revalidated by its ETag (a 304 most times) scales to thousands of readers; a stream per reader of
// every post would hold a connection each for the few posts ever covered.
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { blogApi } from './blogApi';
import type { LiveCoverage, LiveNowAnswer } from '../../contract/live';

/** How often (ms) a visible page asks: a reader learns of a Start within 2 s. Here, not in contract/live.ts, whose
 * constants every page would then carry. */
const POLL_MS = 1_500;

export const liveNowApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getLiveNow: build.query<LiveNowAnswer, void>({ query: () => 'live' }),
  }),
});

const selectLiveNow = liveNowApi.endpoints.getLiveNow.select();
/** The state and dispatch of any store that holds the api slice. */
type ApiState = Parameters<typeof selectLiveNow>[0];
const useApiDispatch = useDispatch.withTypes<ThunkDispatch<ApiState, unknown, UnknownAction>>();

/** The posts live now, asked while `ask` holds (never on the server, and not while the tab is hidden); undefined until
 * the first answer. */
export function useLiveNow(ask = true): LiveNowAnswer | undefined {
  const dispatch = useApiDispatch();
  useEffect(() => {
    if (!ask) return;
    const { initiate } = liveNowApi.endpoints.getLiveNow;
    const subscription = dispatch(initiate());
    const timer = setInterval(
      () => document.hidden || dispatch(initiate(undefined, { subscribe: false, forceRefetch: true })),
      POLL_MS,
    );
    return () => {
      clearInterval(timer);
      subscription.unsubscribe();
    };
  }, [ask, dispatch]);
  return useSelector((state: ApiState) => selectLiveNow(state).data);
}

/** Whether post `id` is live now: by the answer once known, else by the page's own data. */
export const isLiveNow = (id: number, own: LiveCoverage | null | undefined, now: LiveNowAnswer | undefined) =>
  now ? now.posts.some((post) => post.id === id) : own?.state === 'live';

/** Post `id`'s page, not live: once the answer names it, its read turns live (and the page loads the live chunk). */
export function useCoverageStart(id: string, live: LiveCoverage | null | undefined) {
  const dispatch = useApiDispatch();
  const now = useLiveNow(live?.state !== 'live');
  const started = now?.posts.find((post) => post.id === Number(id))?.live;
  useEffect(() => {
    if (started)
      dispatch(
        blogApi.util.updateQueryData('getBlog', id, (post) => {
          post.live = started;
        }),
      );
  }, [dispatch, id, started]);
}
