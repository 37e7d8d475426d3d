// /admin/live/:id, the writer's desk for a live post, in the order a phone's first screen needs it: the score with
// Start, or End (after a question in its row); the Update box (kept as a draft until posted; Ctrl+Enter or Cmd+Enter
// posts); the match and its score (+1 saves at once); and the updates, newest first as readers see them, each
// editable in place and deletable after a question in its row. The entries come from the same stream readers get,
// so the desk shows what they see as it happens.
import { useCallback, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { parsePostId } from '../../../../contract/routes';
import type { LiveCoverage, MatchInfo } from '../../../../contract/live';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { coverageChanged, editEntries, liveApi, placeEntry, useLiveFeed } from '../../../api/liveApi';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { LiveBadge, ScoreLine } from '../../../components/live/LiveBadge';
import { EntryView } from '../../../components/live/LiveParts';
import liveStyles from '../../../components/live/Live.module.scss';
import { useAdminPostQuery } from '../api/adminApi';
import { liveDeskApi } from '../api/liveDeskApi';
import { selectAccessToken } from '../draft/editorSlice';
import { EMPTY_LIVE_DRAFT, loadLiveDraft, saveLiveDraft } from '../draft/liveDraftStorage';
import type { LiveDraft } from '../draft/liveDraftStorage';
import { DeskEntry } from '../live/DeskEntry';
import { deskFailureText } from '../live/deskFailureText';
import { MatchForm } from '../live/MatchForm';
import { UpdateFields } from '../live/UpdateFields';
import buttons from '../../../styles/buttons.module.scss';
import formStyles from '../form/PostForm.module.scss';
import pageStyles from './page.module.scss';
import { AllPostsLink, NoticeLine, ReadStatus, useNotice } from '../components/pageParts';
import { ConfirmInRow } from '../components/ConfirmInRow';

/** The desk's heading for a post: "Live: " before its title, unless the title says so already ("Live: A v B"). */
export const deskHeading = (title: string | undefined) =>
  !title ? 'Live coverage' : /^live\b/i.test(title.trim()) ? title : `Live: ${title}`;

export function LiveDeskPage() {
  const { id = '' } = useParams();
  const validId = parsePostId(id) !== undefined;
  const token = useAppSelector(selectAccessToken);
  const dispatch = useAppDispatch();
  const target = { id, token };
  const post = useAdminPostQuery(validId ? { id, token, load: 0 } : null);
  const heading = deskHeading(post.data?.post.title);
  useDocumentTitle(heading);

  const entries = useEndpointQuery(liveApi.endpoints.getEntries, { id, before: null });
  const atTop = useCallback(() => true, []);
  // The writer sees every update at once: nothing waits on the desk.
  useLiveFeed({ id, atTop, enabled: validId && entries.isSuccess });
  const live: LiveCoverage | null = entries.data?.live ?? post.data?.post.live ?? null;

  const setLive = useMutationRunner(liveDeskApi.endpoints.setLive);
  const postEntry = useMutationRunner(liveDeskApi.endpoints.postEntry);
  const { notice, setNotice } = useNotice();
  // Ending coverage tells every reader the match is over: it asks first, in its row, as Delete does. Start does not.
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const coverageButton = useRef<HTMLButtonElement>(null);
  const focusCoverageButton = () => requestAnimationFrame(() => coverageButton.current?.focus());

  const [draft, setDraft] = useState<LiveDraft>(() => loadLiveDraft(id));
  const updateRef = useRef<HTMLTextAreaElement>(null);
  const changeDraft = (next: LiveDraft) => {
    setDraft(next);
    saveLiveDraft(id, next);
  };

  async function changeLive(state: LiveCoverage['state'], nextMatch?: MatchInfo, done?: string) {
    try {
      const body = nextMatch === undefined ? { state } : { state, match: nextMatch };
      coverageChanged(dispatch, id, await setLive({ ...target, body }));
      setNotice({ failed: false, text: done ?? (state === 'live' ? 'Live coverage started.' : 'Coverage ended.') });
    } catch (error) {
      setNotice({ failed: true, text: `Not saved. ${deskFailureText(error)}` });
    }
  }

  async function send() {
    const body = draft.body.trim();
    if (!body) {
      setNotice({ failed: true, text: 'Write the update first.' });
      return;
    }
    try {
      const entry = await postEntry({ ...target, body: { body, key: draft.key, pinned: draft.pinned } });
      editEntries(dispatch, id, (answer) => placeEntry(answer, entry));
      changeDraft(EMPTY_LIVE_DRAFT);
      setNotice({ failed: false, text: 'Update posted.' });
    } catch (error) {
      setNotice({ failed: true, text: `The update was not posted. ${deskFailureText(error)}` });
    }
    updateRef.current?.focus();
  }

  if (!validId) return <ReadStatus loading={false} loadingText="" failure="Blog not found." />;
  const format = post.data?.post.textFormat;
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>
          {heading}
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
        failure={entries.isError ? deskFailureText(entries.error) : undefined}
      />
      <NoticeLine notice={notice} okClass={pageStyles.published} />

      <section className={formStyles.card} aria-labelledby="coverage-title">
        <h2 id="coverage-title" className={formStyles.cardTitle}>
          Coverage
        </h2>
        <ScoreLine live={live} />
        <div className={formStyles.actions}>
          {confirmingEnd ? (
            <ConfirmInRow
              label="End coverage?"
              question="End coverage? Readers see the match as over."
              answer="End coverage now"
              onConfirm={() => {
                setConfirmingEnd(false);
                void changeLive('ended').then(focusCoverageButton);
              }}
              onCancel={() => {
                setConfirmingEnd(false);
                focusCoverageButton();
              }}
            />
          ) : live?.state === 'live' ? (
            <button
              type="button"
              ref={coverageButton}
              className={buttons.dangerButton}
              onClick={() => setConfirmingEnd(true)}
            >
              End coverage
            </button>
          ) : (
            <button
              type="button"
              ref={coverageButton}
              className={buttons.primaryButton}
              onClick={() => void changeLive('live')}
            >
              Start live coverage
            </button>
          )}
        </div>
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

      {live && (
        <section className={formStyles.card} aria-labelledby="match-title">
          <h2 id="match-title" className={formStyles.cardTitle}>
            Match
          </h2>
          <MatchForm live={live} onSave={(match, done) => void changeLive(live.state, match, done)} />
        </section>
      )}

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
