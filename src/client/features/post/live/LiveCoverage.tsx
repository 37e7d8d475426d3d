// The entries of a live post on its page (a lazy chunk: only a live post's page loads it). The server renders them as
// of the render; in the browser the stream keeps them current, and a reader scrolled into them is never moved: new
// entries wait behind the "new updates" button, whose count is announced; pressed, it focuses the newest entry, whose
// name (its time, author and text) is read out. While live the coverage leads the page (score and newest updates above
// the report); once ended it follows the report as "How it happened". The score bar stays in view through the entries.
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useEndpointQuery } from '../../../api/queryHooks';
import { parsePostId } from '../../../../contract/routes';
import type { LiveCoverage as Coverage } from '../../../../contract/live';
import type { TextFormat } from '../../../../contract/marks';
import { ScoreLine } from '../../../components/live/LiveBadge';
import { EntryView, KeyEvents, LocalTimesAfterHydration } from '../../../components/live/LiveParts';
import { liveApi, useLiveFeed, waitingText } from '../../../api/liveApi';
import styles from '../../../components/live/Live.module.scss';

type LiveCoverageProps = { id: string; live: Coverage; format: TextFormat | undefined };

export function LiveCoverage({ id, live: own, format }: LiveCoverageProps) {
  const { search } = useLocation();
  const before = parsePostId(new URLSearchParams(search).get('before') ?? undefined) ?? null;
  const { data } = useEndpointQuery(liveApi.endpoints.getEntries, { id, before });
  const listRef = useRef<HTMLDivElement>(null);
  // At the top: the list's start is in view or below it (the reader has not scrolled into the entries).
  const atTop = useCallback(() => (listRef.current?.getBoundingClientRect().top ?? 0) >= 0, []);
  const { waiting, showWaiting } = useLiveFeed({ id, atTop, enabled: before === null });

  const entries = data?.entries ?? [];
  const last = entries[entries.length - 1];
  const read = data?.live ?? own;
  // The stream's coverage events carry no fixture (the covered match): the page keeps the one its reads gave.
  const [fixture, setFixture] = useState(read.fixture);
  if (read.fixture && read.fixture !== fixture) setFixture(read.fixture);
  const live = read.fixture || !fixture ? read : { ...read, fixture };
  const ended = live.state === 'ended';
  return (
    <LocalTimesAfterHydration>
      <section aria-labelledby="live-updates" className={`reading-column ${styles.coverage ?? ''}`}>
        <h2 id="live-updates" className={ended ? undefined : 'visually-hidden'}>
          {ended ? 'How it happened' : 'Updates'}
        </h2>
        <ScoreLine live={live} />
        <KeyEvents entries={entries} format={format} />
        {data?.pinned && (
          <div className={styles.more}>
            <EntryView entry={data.pinned} format={format} anchor={false} label="Pinned" />
          </div>
        )}
        <div aria-live="polite" className={styles.waiting}>
          {waiting.length > 0 && (
            <button
              type="button"
              className="button"
              onClick={() => {
                showWaiting();
                // After React has drawn them: the newest is the list's first, focused so it is read out.
                requestAnimationFrame(() => listRef.current?.querySelector('article')?.focus());
              }}
            >
              {waitingText(waiting.length)}
            </button>
          )}
        </div>
        <div ref={listRef} className={styles.entries}>
          {entries.map((entry) => (
            <EntryView key={entry.id} entry={entry} format={format} />
          ))}
        </div>
        {data?.hasOlder && last && (
          <p className={styles.more}>
            <a className="button button-secondary" href={`?before=${last.id}`}>
              Older updates
            </a>
          </p>
        )}
      </section>
    </LocalTimesAfterHydration>
  );
}
