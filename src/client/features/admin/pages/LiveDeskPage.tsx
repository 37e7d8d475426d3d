// /admin/live/:id, the writer's desk for a live post: start and end coverage, the match and its score (+1 saves at
// once), and the updates: typed in "Update" (kept as a draft until posted; Ctrl+Enter or Cmd+Enter posts), shown
// below newest first as readers see them, each editable in place and deletable after a question in its row. The
// entries come from the same stream readers get, so the desk shows what they see as it happens.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent, Ref } from 'react';
import { useParams } from 'react-router-dom';
import { PenLine, Trash2 } from 'lucide-react';
import { parsePostId } from '../../../../contract/routes';
import { LIVE_LIMITS } from '../../../../contract/live';
import type { EntriesAnswer, LiveCoverage, LiveEntry, MatchInfo } from '../../../../contract/live';
import type { TextFormat } from '../../../../contract/marks';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { blogApi } from '../../../api/blogApi';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { LiveBadge, ScoreLine } from '../../../components/live/LiveBadge';
import { EntryView } from '../../../components/live/LiveParts';
import { dropEntry, liveApi, placeEntry, setCoverage } from '../../../components/live/liveApi';
import { useLiveFeed } from '../../../components/live/useLiveFeed';
import liveStyles from '../../../components/live/Live.module.scss';
import { apiErrorMessage } from '../api/apiErrors';
import { TOKEN_REJECTED_TEXT, useAdminPostQuery } from '../api/adminApi';
import { liveDeskApi } from '../api/liveDeskApi';
import { selectAccessToken } from '../draft/editorSlice';
import { EMPTY_LIVE_DRAFT, loadLiveDraft, saveLiveDraft } from '../draft/liveDraftStorage';
import type { LiveDraft } from '../draft/liveDraftStorage';
import buttons from '../../../styles/buttons.module.scss';
import fieldStyles from '../form/fields.module.scss';
import formStyles from '../form/PostForm.module.scss';
import pageStyles from './page.module.scss';
import { ConfirmInRow } from '../components/ConfirmInRow';
import { AllPostsLink, Outcome, ReadStatus } from '../components/pageParts';

const failureText = (error: unknown) => apiErrorMessage(error, { 401: TOKEN_REJECTED_TEXT, 404: 'Blog not found.' });
const EMPTY_MATCH: MatchInfo = { home: '', away: '', homeScore: '', awayScore: '', clock: '' };
const MATCH_FIELDS: { name: keyof MatchInfo; label: string; max: number }[] = [
  { name: 'home', label: 'Home', max: LIVE_LIMITS.teamMax },
  { name: 'away', label: 'Away', max: LIVE_LIMITS.teamMax },
  { name: 'homeScore', label: 'Home score', max: LIVE_LIMITS.scoreMax },
  { name: 'awayScore', label: 'Away score', max: LIVE_LIMITS.scoreMax },
  { name: 'clock', label: 'Clock', max: LIVE_LIMITS.scoreMax },
];
/** "2" becomes "3"; a score that is not a plain number ("245/6") gets its leading number raised. */
export const plusOne = (score: string) => {
  const match = /^(\d*)(.*)$/s.exec(score.trim());
  return `${Number(match?.[1] || 0) + 1}${match?.[2] ?? ''}`;
};
/** Ctrl+Enter, or Cmd+Enter on a Mac. */
const isSubmitKey = (event: KeyboardEvent) => event.key === 'Enter' && (event.ctrlKey || event.metaKey);

type Outcome = { ok: boolean; text: string } | null;

/** An update's text and its Key event and Pin boxes: the new update's form and an entry's Edit share it. */
function UpdateFields({
  value,
  onChange,
  label,
  onSubmitKey,
  textRef,
}: {
  value: LiveDraft;
  onChange: (value: LiveDraft) => void;
  label: string;
  onSubmitKey: () => void;
  textRef?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  return (
    <>
      <div className={fieldStyles.field}>
        <label htmlFor={id} className={fieldStyles.label}>
          {label}
        </label>
        <textarea
          id={id}
          ref={textRef}
          className={fieldStyles.input}
          rows={4}
          maxLength={LIVE_LIMITS.entryBodyMax}
          value={value.body}
          onChange={(event) => onChange({ ...value, body: event.target.value })}
          onKeyDown={(event) => {
            if (!isSubmitKey(event)) return;
            event.preventDefault();
            onSubmitKey();
          }}
        />
      </div>
      <div className={pageStyles.rowActions}>
        <label>
          <input type="checkbox" checked={value.key} onChange={(e) => onChange({ ...value, key: e.target.checked })} />{' '}
          Key event
        </label>
        <label>
          <input
            type="checkbox"
            checked={value.pinned}
            onChange={(e) => onChange({ ...value, pinned: e.target.checked })}
          />{' '}
          Pin
        </label>
      </div>
    </>
  );
}

function DeskEntry({
  entry,
  format,
  target,
}: {
  entry: LiveEntry;
  format: TextFormat | undefined;
  target: { id: string; token: string };
}) {
  const dispatch = useAppDispatch();
  const editEntry = useMutationRunner(liveDeskApi.endpoints.editEntry);
  const deleteEntry = useMutationRunner(liveDeskApi.endpoints.deleteEntry);
  const [editing, setEditing] = useState<LiveDraft | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState('');
  const editRef = useRef<HTMLButtonElement>(null);
  const apply = (change: (answer: EntriesAnswer) => void) =>
    dispatch(liveApi.util.updateQueryData('getEntries', { id: target.id, before: null }, change));

  async function save() {
    if (!editing) return;
    try {
      const saved = await editEntry({ ...target, entryId: entry.id, body: editing });
      apply((answer) => placeEntry(answer, saved));
      setEditing(null);
      setFailure('');
      requestAnimationFrame(() => editRef.current?.focus());
    } catch (error) {
      setFailure(`The update was not saved. ${failureText(error)}`);
    }
  }
  async function remove() {
    setConfirming(false);
    try {
      await deleteEntry({ ...target, entryId: entry.id });
    } catch (error) {
      if ((error as { status?: unknown }).status !== 404) {
        setFailure(`The update was not deleted. ${failureText(error)}`);
        return;
      }
    }
    apply((answer) => dropEntry(answer, entry.id));
  }

  // Each row's buttons are named by the update's first words: several updates share a minute.
  const name = `“${entry.body.slice(0, 40)}”`;
  return (
    <EntryView
      entry={entry}
      format={format}
      anchor={false}
      actions={
        <>
          {failure && (
            <p className={pageStyles.failed} role="alert">
              {failure}
            </p>
          )}
          {confirming ? (
            <ConfirmInRow
              label={`Delete ${name}?`}
              question={`Delete ${name}? Readers see it go at once.`}
              answer={
                <>
                  <Trash2 size={16} aria-hidden="true" />
                  Delete update
                </>
              }
              onConfirm={() => void remove()}
              onCancel={() => setConfirming(false)}
            />
          ) : (
            !editing && (
              <div className={pageStyles.rowActions}>
                <button
                  type="button"
                  ref={editRef}
                  className={buttons.secondaryButton}
                  onClick={() => setEditing({ body: entry.body, key: entry.key, pinned: entry.pinned })}
                >
                  <PenLine size={16} aria-hidden="true" />
                  Edit<span className="visually-hidden"> {name}</span>
                </button>
                <button type="button" className={buttons.dangerButton} onClick={() => setConfirming(true)}>
                  <Trash2 size={16} aria-hidden="true" />
                  Delete<span className="visually-hidden"> {name}</span>
                </button>
              </div>
            )
          )}
        </>
      }
    >
      {editing && (
        <form
          noValidate
          aria-label={`Edit ${name}`}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <UpdateFields value={editing} onChange={setEditing} label="Edit update" onSubmitKey={() => void save()} />
          <div className={formStyles.actions}>
            <button type="submit" className={buttons.primaryButton}>
              Save update
            </button>
            <button type="button" className={buttons.secondaryButton} onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </EntryView>
  );
}

export function LiveDeskPage() {
  const { id = '' } = useParams();
  const validId = parsePostId(id) !== undefined;
  const token = useAppSelector(selectAccessToken);
  const dispatch = useAppDispatch();
  const target = { id, token };
  const post = useAdminPostQuery(validId ? { id, token, load: 0 } : null);
  const title = post.data?.post.title;
  useDocumentTitle(title ? `Live: ${title}` : 'Live coverage');

  const entries = useEndpointQuery(liveApi.endpoints.getEntries, { id, before: null });
  const atTop = useCallback(() => true, []);
  // The writer sees every update at once: nothing waits on the desk.
  useLiveFeed({ id, atTop, enabled: validId && entries.isSuccess });
  const live: LiveCoverage | null = entries.data?.live ?? post.data?.post.live ?? null;

  const setLive = useMutationRunner(liveDeskApi.endpoints.setLive);
  const postEntry = useMutationRunner(liveDeskApi.endpoints.postEntry);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [match, setMatch] = useState<MatchInfo>(EMPTY_MATCH);
  const matchSeen = useRef<string>('');
  // The fields follow the saved match (another desk's change too) until the writer types.
  useEffect(() => {
    const saved = JSON.stringify(live?.match ?? null);
    if (saved === matchSeen.current) return;
    matchSeen.current = saved;
    setMatch(live?.match ?? EMPTY_MATCH);
  }, [live?.match]);

  const [draft, setDraft] = useState<LiveDraft>(() => loadLiveDraft(id));
  const updateRef = useRef<HTMLTextAreaElement>(null);
  const changeDraft = (next: LiveDraft) => {
    setDraft(next);
    saveLiveDraft(id, next);
  };

  const coverageChanged = (next: LiveCoverage) => {
    dispatch(liveApi.util.updateQueryData('getEntries', { id, before: null }, (answer) => setCoverage(answer, next)));
    dispatch(
      blogApi.util.updateQueryData('getBlog', id, (cached) => {
        cached.live = next;
      }),
    );
  };

  async function changeLive(state: LiveCoverage['state'], nextMatch?: MatchInfo, done?: string) {
    try {
      const body = nextMatch === undefined ? { state } : { state, match: nextMatch };
      coverageChanged(await setLive({ ...target, body }));
      setOutcome({ ok: true, text: done ?? (state === 'live' ? 'Live coverage started.' : 'Coverage ended.') });
    } catch (error) {
      setOutcome({ ok: false, text: `Not saved. ${failureText(error)}` });
    }
  }

  async function send() {
    const body = draft.body.trim();
    if (!body) {
      setOutcome({ ok: false, text: 'Write the update first.' });
      return;
    }
    try {
      const entry = await postEntry({ ...target, body: { body, key: draft.key, pinned: draft.pinned } });
      dispatch(liveApi.util.updateQueryData('getEntries', { id, before: null }, (answer) => placeEntry(answer, entry)));
      changeDraft(EMPTY_LIVE_DRAFT);
      setOutcome({ ok: true, text: 'Update posted.' });
    } catch (error) {
      setOutcome({ ok: false, text: `The update was not posted. ${failureText(error)}` });
    }
    updateRef.current?.focus();
  }

  if (!validId) return <ReadStatus loading={false} loadingText="" failure="Blog not found." />;
  const format = post.data?.post.textFormat;
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>
          {title ? `Live: ${title}` : 'Live coverage'}
          {live && <LiveBadge live={live} />}
        </h1>
        <div className={pageStyles.headerActions}>
          <a href={paths.post(id)} className={buttons.secondaryButton}>
            View page
          </a>
          <AllPostsLink />
        </div>
      </div>
      <ReadStatus
        loading={entries.isLoading}
        loadingText="Loading live coverage..."
        failure={entries.isError ? failureText(entries.error) : undefined}
      />
      <Outcome outcome={outcome} okClass={pageStyles.published} />

      <section className={formStyles.card} aria-labelledby="coverage-title">
        <h2 id="coverage-title" className={formStyles.cardTitle}>
          Coverage
        </h2>
        <ScoreLine live={live} />
        <div className={formStyles.actions}>
          {live?.state === 'live' ? (
            <button type="button" className={buttons.dangerButton} onClick={() => void changeLive('ended')}>
              End coverage
            </button>
          ) : (
            <button type="button" className={buttons.primaryButton} onClick={() => void changeLive('live')}>
              Start live coverage
            </button>
          )}
        </div>
        {live && (
          <form
            noValidate
            aria-label="Match"
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              void changeLive(live.state, match, 'Match saved.');
            }}
          >
            <div className={pageStyles.formGrid}>
              {MATCH_FIELDS.map(({ name, label, max }) => (
                <div key={name} className={fieldStyles.field}>
                  <label htmlFor={`match-${name}`} className={fieldStyles.label}>
                    {label}
                  </label>
                  <input
                    id={`match-${name}`}
                    className={fieldStyles.input}
                    maxLength={max}
                    value={match[name]}
                    onChange={(event) => setMatch({ ...match, [name]: event.target.value })}
                  />
                </div>
              ))}
            </div>
            <div className={formStyles.actions}>
              <button type="submit" className={buttons.primaryButton}>
                Save
              </button>
              {(['homeScore', 'awayScore'] as const).map((side) => (
                <button
                  key={side}
                  type="button"
                  className={buttons.secondaryButton}
                  aria-label={side === 'homeScore' ? 'Home score +1' : 'Away score +1'}
                  onClick={() => {
                    const next = { ...match, [side]: plusOne(match[side]) };
                    setMatch(next);
                    void changeLive(live.state, next, 'Score saved.');
                  }}
                >
                  {side === 'homeScore' ? 'Home +1' : 'Away +1'}
                </button>
              ))}
            </div>
          </form>
        )}
      </section>

      <form
        className={formStyles.card}
        noValidate
        aria-label="New update"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <UpdateFields
          value={draft}
          onChange={changeDraft}
          label="Update"
          onSubmitKey={() => void send()}
          textRef={updateRef}
        />
        <div className={formStyles.actions}>
          <button type="submit" className={buttons.primaryButton}>
            Post update
          </button>
        </div>
      </form>

      <section aria-labelledby="entries-title">
        <h2 id="entries-title" className={pageStyles.sectionTitle}>
          Updates
        </h2>
        {entries.data?.pinned && (
          <div className={liveStyles.more}>
            <EntryView entry={entries.data.pinned} format={format} anchor={false} label="Pinned" />
          </div>
        )}
        <div className={liveStyles.entries}>
          {entries.data?.entries.map((entry) => (
            <DeskEntry key={entry.id} entry={entry} format={format} target={target} />
          ))}
        </div>
      </section>
    </div>
  );
}
