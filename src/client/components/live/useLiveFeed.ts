// Keeps a page's entries current: the post's stream (GET /api/blogs/:id/live) applied to the entries' cache entry,
// new entries held back while the reader is scrolled into the list, a reload of the entries on `reset`, and polling
// `?after=` when the stream is refused (a 503 or 429 closes an EventSource for good).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';
import { blogApi } from '../../api/blogApi';
import { LIVE_EVENTS, LIVE_LIMITS } from '../../../contract/live';
import type { EntriesAnswer, LiveCoverage, LiveEntry } from '../../../contract/live';
import { arrive, dropEntry, entriesPath, liveApi, newestId, placeEntry, setCoverage, titleWithCount } from './liveApi';

type FeedOptions = {
  id: string;
  /** whether the reader is at the top of the entries (a new one may appear without moving them); keep it stable */
  atTop: () => boolean;
  /** false: no stream (an older page of entries) */
  enabled?: boolean;
};

/** On `reset` (the server cannot replay what the page missed): the newest entries read again, replacing the page's. */
export function reloadEntries(dispatch: AppDispatch, id: string) {
  return dispatch(
    liveApi.endpoints.getEntries.initiate({ id, before: null }, { subscribe: false, forceRefetch: true }),
  );
}

const apiUrl = (path: string) => `${globalThis.location?.origin ?? ''}/api/${path}`;

export function useLiveFeed({ id, atTop, enabled = true }: FeedOptions) {
  const store = useAppStore();
  const [waiting, setWaiting] = useState<LiveEntry[]>([]);
  const waitingRef = useRef(waiting);

  const read = useCallback(
    (): EntriesAnswer | undefined => liveApi.endpoints.getEntries.select({ id, before: null })(store.getState()).data,
    [id, store],
  );
  const edit = useCallback(
    (change: (answer: EntriesAnswer) => void) =>
      store.dispatch(liveApi.util.updateQueryData('getEntries', { id, before: null }, change)),
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
  const coverage = useCallback(
    (live: LiveCoverage | null) => {
      edit((answer) => setCoverage(answer, live));
      // The post's own read carries the badge beside the title.
      store.dispatch(
        blogApi.util.updateQueryData('getBlog', id, (post) => {
          post.live = live;
        }),
      );
    },
    [edit, id, store],
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
      try {
        const after = newestId(read(), waitingRef.current);
        const response = await fetch(apiUrl(entriesPath(id, `?after=${after}`)), { credentials: 'same-origin' });
        if (!response.ok || stopped) return;
        const answer = (await response.json()) as EntriesAnswer;
        // Oldest first, so each waits or shows in the order it was written.
        for (const entry of [...answer.entries].reverse()) receive(entry);
        coverage(answer.live);
      } catch {
        // Offline for now: the next tick asks again.
      }
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
      source = new EventSource(apiUrl(`blogs/${encodeURIComponent(id)}/live?lastEventId=${lastEventId}`));
      const parse = (event: Event) => JSON.parse((event as MessageEvent<string>).data) as unknown;
      source.addEventListener(LIVE_EVENTS.entry, (event) => receive(parse(event) as LiveEntry));
      source.addEventListener(LIVE_EVENTS.delete, (event) => {
        const { id: gone } = parse(event) as { id: number };
        edit((answer) => dropEntry(answer, gone));
        if (waitingRef.current.some((item) => item.id === gone))
          hold(waitingRef.current.filter((item) => item.id !== gone));
      });
      source.addEventListener(LIVE_EVENTS.live, (event) => coverage(parse(event) as LiveCoverage));
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
  }, [enabled, id, receive, coverage, edit, hold, read, store]);

  // While updates wait, the tab's title starts with their count.
  const count = waiting.length;
  useEffect(() => {
    document.title = titleWithCount(document.title, count);
  }, [count]);
  useEffect(() => () => void (document.title = titleWithCount(document.title, 0)), []);

  return { waiting, showWaiting };
}
