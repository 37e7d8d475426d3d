// A live post's entries and how an update reaches a page: the reader's page and the writer's desk both keep a post's
// entries in one RTK Query cache entry, and useLiveFeed keeps it current: the post's stream (GET /api/blogs/:id/live)
// applied to it, new entries held back while the reader is scrolled into the list, a reload on `reset`, and polling
// ?after= through the same endpoint when the stream is refused (a 503 or 429 closes an EventSource for good).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppStore } from '../app/hooks';
import type { AppDispatch } from '../app/store';
import { baseUrl, blogApi } from './blogApi';
import { LIVE_EVENTS, LIVE_LIMITS } from '../../contract/live';
import type { EntriesAnswer, LiveCoverage, LiveEntry } from '../../contract/live';

/**
 * One page of a post's entries: the newest (before null), the one after `before`, or (the polling fallback) those
 * newer than entry `after`.
 */
export type EntriesArg = { id: string; before: number | null; after?: number };

function entriesQuery({ before, after }: EntriesArg): string {
  if (after !== undefined) return `?after=${after}`;
  return before ? `?before=${before}` : '';
}

export const liveApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getEntries: build.query<EntriesAnswer, EntriesArg>({
      query: (arg) => `blogs/${encodeURIComponent(arg.id)}/entries${entriesQuery(arg)}`,
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
export function editEntries(dispatch: AppDispatch, id: string, change: (answer: EntriesAnswer) => void) {
  return dispatch(liveApi.util.updateQueryData('getEntries', { id, before: null }, change));
}

/** The coverage changed (the stream, a poll or the desk's own write said so): the entries and the post's badge. */
export function coverageChanged(dispatch: AppDispatch, id: string, live: LiveCoverage | null): void {
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
 * Where an arriving entry goes: an edit of a shown entry, or any entry while the reader is at the top with nothing
 * waiting, is placed at once; otherwise it waits (replacing a waiting copy of itself) behind the "new updates" button.
 */
export function arrive(
  shownIds: ReadonlySet<number>,
  waiting: readonly LiveEntry[],
  entry: LiveEntry,
  atTop: boolean,
): { place: LiveEntry[]; waiting: LiveEntry[] } {
  if (shownIds.has(entry.id)) return { place: [entry], waiting: [...waiting] };
  const others = waiting.filter((held) => held.id !== entry.id);
  if (atTop) return { place: [...others, entry], waiting: [] };
  return { place: [], waiting: [...others, entry] };
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

/** On `reset` (the server cannot replay what the page missed): the newest entries read again, replacing the page's. */
export function reloadEntries(dispatch: AppDispatch, id: string) {
  return dispatch(
    liveApi.endpoints.getEntries.initiate({ id, before: null }, { subscribe: false, forceRefetch: true }),
  );
}

type FeedOptions = {
  id: string;
  /** whether the reader is at the top of the entries (a new one may appear without moving them); keep it stable */
  atTop: () => boolean;
  /** false: no stream (an older page of entries) */
  enabled?: boolean;
};

// The stream is opened here, for the page that shows the entries, and not in getEntries' onCacheEntryAdded: a
// server-rendered page's entries arrive with the page's api state, which starts no cache entry lifecycle.
export function useLiveFeed({ id, atTop, enabled = true }: FeedOptions) {
  const store = useAppStore();
  const [waiting, setWaiting] = useState<LiveEntry[]>([]);
  const waitingRef = useRef(waiting);

  const read = useCallback(
    (): EntriesAnswer | undefined => liveApi.endpoints.getEntries.select({ id, before: null })(store.getState()).data,
    [id, store],
  );
  const edit = useCallback(
    (change: (answer: EntriesAnswer) => void) => editEntries(store.dispatch, id, change),
    [id, store],
  );
  const hold = useCallback((next: LiveEntry[]) => {
    waitingRef.current = next;
    setWaiting(next);
  }, []);

  const receive = useCallback(
    (entry: LiveEntry) => {
      const shown = new Set((read()?.entries ?? []).map((item) => item.id));
      const { place, waiting: next } = arrive(shown, waitingRef.current, entry, atTop());
      if (place.length) edit((answer) => place.forEach((item) => placeEntry(answer, item)));
      hold(next);
    },
    [atTop, edit, hold, read],
  );

  /** Shows the waiting entries (the "new updates" button). */
  const showWaiting = useCallback(() => {
    const held = waitingRef.current;
    if (held.length) edit((answer) => held.forEach((item) => placeEntry(answer, item)));
    hold([]);
  }, [edit, hold]);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;

    const poll = async () => {
      const after = newestId(read(), waitingRef.current);
      // Not kept beside the page's entries: its answer is applied to them, like the stream's events.
      const { data: answer } = await store.dispatch(
        liveApi.endpoints.getEntries.initiate({ id, before: null, after }, { subscribe: false, forceRefetch: true }),
      );
      // Offline for now (no answer): the next tick asks again.
      if (answer === undefined || stopped) return;
      // Oldest first, so each waits or shows in the order it was written.
      for (const entry of [...answer.entries].reverse()) receive(entry);
      coverageChanged(store.dispatch, id, answer.live);
    };
    const startPolling = () => {
      if (timer === undefined) timer = setInterval(() => void poll(), LIVE_LIMITS.pollMs);
    };

    const reload = () => {
      hold([]);
      void reloadEntries(store.dispatch, id);
    };

    if (typeof EventSource === 'undefined') startPolling();
    else {
      const lastEventId = read()?.lastEventId ?? 0;
      source = new EventSource(`${baseUrl}/blogs/${encodeURIComponent(id)}/live?lastEventId=${lastEventId}`);
      const parse = (event: Event) => JSON.parse((event as MessageEvent<string>).data) as unknown;
      source.addEventListener(LIVE_EVENTS.entry, (event) => receive(parse(event) as LiveEntry));
      source.addEventListener(LIVE_EVENTS.delete, (event) => {
        const { id: gone } = parse(event) as { id: number };
        edit((answer) => dropEntry(answer, gone));
        if (waitingRef.current.some((item) => item.id === gone))
          hold(waitingRef.current.filter((item) => item.id !== gone));
      });
      source.addEventListener(LIVE_EVENTS.live, (event) =>
        coverageChanged(store.dispatch, id, parse(event) as LiveCoverage),
      );
      source.addEventListener(LIVE_EVENTS.reset, reload);
      // A dropped connection is retried by the browser with Last-Event-ID; a refused one (503, 429) is closed for
      // good, and the page asks every pollMs instead.
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED) startPolling();
      };
    }
    return () => {
      stopped = true;
      source?.close();
      if (timer !== undefined) clearInterval(timer);
    };
  }, [enabled, id, receive, edit, hold, read, store]);

  // While updates wait, the tab's title starts with their count.
  const count = waiting.length;
  useEffect(() => {
    document.title = titleWithCount(document.title, count);
  }, [count]);
  useEffect(() => () => void (document.title = titleWithCount(document.title, 0)), []);

  return { waiting, showWaiting };
}
