// A live post's entries and how an update reaches a page: the reader's page and the writer's desk both keep a post's
// entries in one RTK Query cache entry, and following the post (followEntries) keeps it current: the post's stream
// (GET /api/blogs/:id/live) applied to it, new entries held back while the reader is scrolled into the list, a reload
// on `reset`, and polling ?after= through getEntries when the stream is refused (a 503 or 429 closes an EventSource
// for good).
import { useCallback, useEffect, useLayoutEffect, useReducer } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useStore } from 'react-redux';
import { baseUrl, blogApi } from './blogApi';
import { useEndpointQuery } from './queryHooks';
import { LIVE_EVENTS, LIVE_LIMITS } from '../../contract/live';
import type { EntriesAnswer, LiveCoverage, LiveEntry } from '../../contract/live';

/** The state and dispatch of any store that holds the api slice: this layer knows nothing else of the app's store. */
type ApiState = Parameters<ReturnType<typeof liveApi.endpoints.getEntries.select>>[0];
type ApiDispatch = ThunkDispatch<ApiState, unknown, UnknownAction>;

/**
 * One page of a post's entries: the newest (before null), the one after `before`, or (the polling fallback) those
 * newer than entry `after`.
 */
export type EntriesArg = { id: string; before: number | null; after?: number };

/** What following a post holds: the entries that arrived and wait to be shown, and how many ever arrived so. */
export type LiveFeed = { waiting: LiveEntry[]; arrivals: number };

export const liveApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getEntries: build.query<EntriesAnswer, EntriesArg>({
      query: ({ id, before, after }) =>
        `blogs/${encodeURIComponent(id)}/entries${after !== undefined ? `?after=${after}` : before ? `?before=${before}` : ''}`,
    }),
    // The post's stream, opened while a page follows the post and closed when none does. Its own cache entry, not
    // getEntries': a server-rendered page's entries arrive with the page's api state, which starts no lifecycle.
    followEntries: build.query<LiveFeed, string>({
      queryFn: () => ({ data: { waiting: [], arrivals: 0 } }),
      keepUnusedDataFor: 0,
      onCacheEntryAdded: (id, lifecycle) => follow(id, lifecycle),
    }),
  }),
});

/** Puts an entry, new or edited, in its place (newest first by id; an edit keeps its place) and keeps one pinned. */
export function placeEntry(answer: EntriesAnswer, entry: LiveEntry): void {
  const at = answer.entries.findIndex((shown) => shown.id === entry.id);
  if (at >= 0) answer.entries[at] = entry;
  else {
    const before = answer.entries.findIndex((shown) => shown.id < entry.id);
    answer.entries.splice(before < 0 ? answer.entries.length : before, 0, entry);
  }
  if (entry.pinned) {
    answer.pinned = entry;
    for (const shown of answer.entries) if (shown.id !== entry.id && shown.pinned) shown.pinned = false;
  } else if (answer.pinned?.id === entry.id) answer.pinned = null;
}

/** Removes an entry (and its pin). */
export function dropEntry(answer: EntriesAnswer, id: number): void {
  answer.entries = answer.entries.filter((shown) => shown.id !== id);
  if (answer.pinned?.id === id) answer.pinned = null;
}

/** Edits post `id`'s newest entries as the page shows them. */
export function editEntries(dispatch: ApiDispatch, id: string, change: (answer: EntriesAnswer) => void) {
  return dispatch(liveApi.util.updateQueryData('getEntries', { id, before: null }, change));
}

/** The coverage changed (the stream, a poll or the desk's own write said so): the entries and the post's badge. */
export function coverageChanged(dispatch: ApiDispatch, id: string, live: LiveCoverage | null): void {
  editEntries(dispatch, id, (answer) => {
    answer.live = live;
  });
  // The post's own read carries the badge beside the title.
  dispatch(
    blogApi.util.updateQueryData('getBlog', id, (post) => {
      post.live = live;
    }),
  );
}

/**
 * Where an arriving entry goes: an edit of a shown entry is placed at once; any other waits (replacing a waiting copy
 * of itself) until the page shows it (at once for a reader at the top, else behind the "new updates" button).
 */
export function arrive(
  shownIds: ReadonlySet<number>,
  waiting: readonly LiveEntry[],
  entry: LiveEntry,
): { place: LiveEntry[]; waiting: LiveEntry[] } {
  if (shownIds.has(entry.id)) return { place: [entry], waiting: [...waiting] };
  return { place: [], waiting: [...waiting.filter((held) => held.id !== entry.id), entry] };
}

/** The waiting-count button's text. */
export const waitingText = (count: number) => (count === 1 ? '1 new update' : `${count} new updates`);

/** The tab title while `count` updates wait: "({N}) " before the page's own title. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}

/** The newest entry id a page knows (shown or waiting): polling asks for those after it. */
export function newestId(answer: EntriesAnswer | undefined, waiting: readonly LiveEntry[]): number {
  let newest = 0;
  for (const entry of [...(answer?.entries ?? []), ...waiting]) newest = Math.max(newest, entry.id);
  return newest;
}

/**
 * The newest entries read again, replacing the page's (on `reset`: the server cannot replay what the page missed), or
 * with `after` those newer than it (a poll; not kept beside the page's entries, its answer is applied to them).
 */
export function reloadEntries(dispatch: ApiDispatch, id: string, after?: number) {
  return dispatch(
    liveApi.endpoints.getEntries.initiate({ id, before: null, after }, { subscribe: false, forceRefetch: true }),
  );
}

type FollowLifecycle = {
  dispatch: unknown;
  getState: () => unknown;
  updateCachedData: (change: (feed: LiveFeed) => void) => unknown;
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
};

const entriesOf = (state: unknown, id: string) =>
  liveApi.endpoints.getEntries.select({ id, before: null })(state as ApiState).data;
const waitingOf = (state: unknown, id: string) =>
  liveApi.endpoints.followEntries.select(id)(state as ApiState).data?.waiting ?? [];

/** Applies post `id`'s stream (or, refused, a poll every pollMs) to its entries until no page follows it. */
async function follow(id: string, lifecycle: FollowLifecycle): Promise<void> {
  const { getState, updateCachedData, cacheDataLoaded, cacheEntryRemoved } = lifecycle;
  const dispatch = lifecycle.dispatch as ApiDispatch;
  // Unfollowed before it began, this rejects and RTK Query ends the lifecycle.
  await cacheDataLoaded;
  let stopped = false;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;

  /** An entry, new or edited: an edit of a shown entry is placed; any other waits for the page to show it. */
  const receive = (entry: LiveEntry) => {
    const shown = new Set((entriesOf(getState(), id)?.entries ?? []).map((item) => item.id));
    const { place, waiting } = arrive(shown, waitingOf(getState(), id), entry);
    if (place.length) editEntries(dispatch, id, (answer) => place.forEach((item) => placeEntry(answer, item)));
    else
      updateCachedData((feed) => {
        feed.waiting = waiting;
        feed.arrivals += 1;
      });
  };
  const poll = async () => {
    const after = newestId(entriesOf(getState(), id), waitingOf(getState(), id));
    const { data: answer } = await reloadEntries(dispatch, id, after);
    // Offline for now (no answer): the next tick asks again.
    if (answer === undefined || stopped) return;
    // Oldest first, so each waits or shows in the order it was written.
    for (const entry of [...answer.entries].reverse()) receive(entry);
    coverageChanged(dispatch, id, answer.live);
  };
  const startPolling = () => {
    if (timer === undefined) timer = setInterval(() => void poll(), LIVE_LIMITS.pollMs);
  };

  if (typeof EventSource === 'undefined') startPolling();
  else {
    const lastEventId = entriesOf(getState(), id)?.lastEventId ?? 0;
    source = new EventSource(`${baseUrl}/blogs/${encodeURIComponent(id)}/live?lastEventId=${lastEventId}`);
    const parse = (event: Event) => JSON.parse((event as MessageEvent<string>).data) as unknown;
    source.addEventListener(LIVE_EVENTS.entry, (event) => receive(parse(event) as LiveEntry));
    source.addEventListener(LIVE_EVENTS.delete, (event) => {
      const { id: gone } = parse(event) as { id: number };
      editEntries(dispatch, id, (answer) => dropEntry(answer, gone));
      updateCachedData((feed) => {
        feed.waiting = feed.waiting.filter((item) => item.id !== gone);
      });
    });
    source.addEventListener(LIVE_EVENTS.live, (event) => coverageChanged(dispatch, id, parse(event) as LiveCoverage));
    source.addEventListener(LIVE_EVENTS.reset, () => {
      updateCachedData((feed) => {
        feed.waiting = [];
      });
      void reloadEntries(dispatch, id);
    });
    // A dropped connection is retried by the browser with Last-Event-ID; a refused one (503, 429) is closed for
    // good, and the page asks every pollMs instead.
    source.onerror = () => {
      if (source?.readyState === EventSource.CLOSED) startPolling();
    };
  }
  await cacheEntryRemoved;
  stopped = true;
  source?.close();
  if (timer !== undefined) clearInterval(timer);
}

type FeedOptions = {
  id: string;
  /** whether the reader is at the top of the entries (a new one may appear without moving them); keep it stable */
  atTop: () => boolean;
  /** false: no stream (an older page of entries) */
  enabled?: boolean;
};

/** Follows post `id` while the page shows its newest entries: what waits, and the "new updates" button's action. */
export function useLiveFeed({ id, atTop, enabled = true }: FeedOptions) {
  const store = useStore<unknown>();
  const dispatch = store.dispatch as ApiDispatch;
  const { data } = useEndpointQuery(liveApi.endpoints.followEntries, enabled ? id : skipToken);
  const waiting = data?.waiting ?? [];
  const arrivals = data?.arrivals ?? 0;
  const [, draw] = useReducer((drawn: number) => drawn + 1, 0);

  /** Shows the waiting entries (the "new updates" button). */
  const showWaiting = useCallback(() => {
    const held = waitingOf(store.getState(), id);
    if (!held.length) return;
    editEntries(dispatch, id, (answer) => held.forEach((item) => placeEntry(answer, item)));
    dispatch(
      liveApi.util.updateQueryData('followEntries', id, (feed) => {
        feed.waiting = [];
      }),
    );
    // RTK Query tells subscribers of a cache edit a frame later: draw the shown entries now, before anything scrolls.
    draw();
  }, [dispatch, id, store]);

  // A reader at the top (the desk's writer always) is shown what arrives at once, before it is drawn.
  useLayoutEffect(() => {
    if (arrivals > 0 && atTop()) showWaiting();
  }, [arrivals, atTop, showWaiting]);

  // While updates wait, the tab's title starts with their count.
  const count = waiting.length;
  useEffect(() => {
    document.title = titleWithCount(document.title, count);
  }, [count]);
  useEffect(() => () => void (document.title = titleWithCount(document.title, 0)), []);

  return { waiting, showWaiting };
}
