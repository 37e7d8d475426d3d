// /admin/matches: one day's matches (today in the site's time zone unless ?date= names another), each with Edit,
// "Cover live" (makes the match's live post and opens its desk, or opens the desk it has) and Delete (asked in the
// row); a match added or changed in the form above the list; a season's fixtures imported from CSV below it.
// Editors and owners see it; the server checks every request again.
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PenLine, Plus, Radio, Trash2 } from 'lucide-react';
import type { Match } from '../../../../contract/matches';
import { mayManageAll } from '../../../../contract/roles';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { Link } from '../../../components/Link';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { adminPaths } from '../adminPaths';
import { ConfirmInRow } from '../components/ConfirmInRow';
import { ActionsCell, AdminTable, NoticeLine, ReadStatus, RowButton, useNotice } from '../components/pageParts';
import { failureText } from '../form/Field';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from '../pages/page.module.scss';
import { ImportFixtures } from './ImportFixtures';
import { dayParam, kickoffTime, shiftDay, todayIn } from './kickoff';
import { MatchEditor, STATUS_LABELS } from './MatchEditor';
import { matchesAdminApi } from './matchesAdminApi';

export const MATCHES_FORBIDDEN_TEXT = 'Only editors and owners manage matches.';

const matchName = (match: Match) => `${match.home.name} v ${match.away.name}`;
const scoreOf = (match: Match) =>
  match.homeScore === null || match.awayScore === null ? '' : `${match.homeScore}–${match.awayScore}`;

/** "Saturday 28 November 2026": Intl's punctuation differs between ICU versions, so it is written out here. */
const dayTitle = (day: string) => {
  const date = new Date(`${day}T00:00Z`);
  const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][date.getUTCDay()];
  const month = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(date);
  return `${weekday} ${date.getUTCDate()} ${month} ${date.getUTCFullYear()}`;
};

type Editing = { match?: Match } | null;

function DayList({ day, timeZone, onEdit }: { day: string; timeZone: string; onEdit: (match: Match) => void }) {
  const list = useEndpointQuery(matchesAdminApi.endpoints.getAdminMatchDay, day);
  const remove = useMutationRunner(matchesAdminApi.endpoints.deleteMatch);
  const coverLive = useMutationRunner(matchesAdminApi.endpoints.coverLive);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [covering, setCovering] = useState<number | null>(null);
  const { notice, setNotice, noticeRef } = useNotice();

  const deleteMatch = async (match: Match) => {
    setConfirming(null);
    try {
      await remove(match.id);
      setNotice({ text: `Deleted ${matchName(match)}.`, failed: false });
    } catch (error) {
      setNotice({ text: failureText(error), failed: true });
    }
    noticeRef.current?.focus();
  };

  const cover = async (match: Match) => {
    setCovering(match.id);
    try {
      navigate(adminPaths.live(await coverLive(match)));
    } catch (error) {
      setNotice({ text: `${matchName(match)} could not be covered: ${failureText(error)}`, failed: true });
      noticeRef.current?.focus();
    } finally {
      setCovering(null);
    }
  };

  const { data } = list;
  return (
    <>
      <ReadStatus
        loading={list.isLoading}
        loadingText="Loading matches..."
        failure={list.isError ? `The matches could not be loaded: ${failureText(list.error)}` : undefined}
      />
      {data && data.length === 0 && <p className={pageStyles.intro}>No matches on this day.</p>}
      {data && data.length > 0 && (
        <div className={pageStyles.tableScroll}>
          <AdminTable
            caption="Matches of the day"
            columns={['Match', `Kickoff (${timeZone})`, 'Competition', 'Status', 'Score']}
            actions
            rows={data}
            rowHeader={matchName}
            cardsOnPhone
          >
            {(match) => (
              <>
                <td data-label={`Kickoff (${timeZone})`}>
                  <time dateTime={match.kickoff}>{kickoffTime(match.kickoff, timeZone)}</time>
                </td>
                <td data-label="Competition">{match.competition.name}</td>
                <td data-label="Status">{STATUS_LABELS[match.status]}</td>
                <td data-label="Score">{scoreOf(match)}</td>
                <ActionsCell
                  confirm={
                    confirming === match.id && (
                      <ConfirmInRow
                        label={`Delete ${matchName(match)}?`}
                        question={`Delete ${matchName(match)}? Its result leaves the table.`}
                        answer={
                          <>
                            <Trash2 size={16} aria-hidden="true" />
                            Delete match
                          </>
                        }
                        onConfirm={() => void deleteMatch(match)}
                        onCancel={() => setConfirming(null)}
                      />
                    )
                  }
                >
                  <RowButton
                    icon={<PenLine size={16} aria-hidden="true" />}
                    label="Edit"
                    rowName={matchName(match)}
                    tone="secondary"
                    onClick={() => onEdit(match)}
                  />
                  {match.postId === null ? (
                    <button
                      type="button"
                      className={buttons.secondaryButton}
                      disabled={covering === match.id}
                      aria-busy={covering === match.id}
                      onClick={() => void cover(match)}
                    >
                      <Radio size={16} aria-hidden="true" />
                      Cover live<span className="visually-hidden"> {matchName(match)}</span>
                    </button>
                  ) : (
                    <Link to={adminPaths.live(match.postId)} className={buttons.secondaryButton}>
                      <Radio size={16} aria-hidden="true" />
                      Cover live<span className="visually-hidden"> {matchName(match)}</span>
                    </Link>
                  )}
                  <RowButton
                    icon={<Trash2 size={16} aria-hidden="true" />}
                    label="Delete"
                    rowName={matchName(match)}
                    onClick={() => setConfirming(match.id)}
                  />
                </ActionsCell>
              </>
            )}
          </AdminTable>
        </div>
      )}
      <NoticeLine notice={notice} noticeRef={noticeRef} />
    </>
  );
}

function Matchday({ timeZone }: { timeZone: string }) {
  const asked = dayParam(new URLSearchParams(useLocation().search).get('date'));
  const day = asked ?? todayIn(timeZone);
  const [editing, setEditing] = useState<Editing>(null);
  const { notice, setNotice, noticeRef } = useNotice();
  const addButton = useRef<HTMLButtonElement>(null);
  const here = adminPaths.matches();
  // The form leaves the page: the keyboard continues from what it said, or from Add a match after Cancel.
  const done = (text: string) => {
    setEditing(null);
    setNotice({ text, failed: false });
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const cancel = () => {
    setEditing(null);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <>
      <p className={pageStyles.intro}>
        Fixtures and results. Kickoffs are in the site&apos;s time zone, {timeZone}. A covered match takes its status
        and score from its live desk.
      </p>
      <nav aria-label="Days" className={pageStyles.headerActions}>
        <Link to={`${here}?date=${shiftDay(day, -1)}`} className={buttons.secondaryButton}>
          Previous day
        </Link>
        {asked !== undefined && (
          <Link to={here} className={buttons.secondaryButton}>
            Today
          </Link>
        )}
        <Link to={`${here}?date=${shiftDay(day, 1)}`} className={buttons.secondaryButton}>
          Next day
        </Link>
      </nav>
      <h2 className={pageStyles.sectionTitle}>{asked === undefined ? `Today, ${dayTitle(day)}` : dayTitle(day)}</h2>
      {editing === null ? (
        <div className={pageStyles.formActions}>
          <button ref={addButton} type="button" className={buttons.primaryButton} onClick={() => setEditing({})}>
            <Plus size={16} aria-hidden="true" />
            Add a match
          </button>
        </div>
      ) : (
        <MatchEditor
          key={editing.match?.id ?? 'new'}
          match={editing.match}
          day={day}
          timeZone={timeZone}
          onDone={done}
          onCancel={cancel}
        />
      )}
      <NoticeLine notice={notice} noticeRef={noticeRef} />
      <DayList day={day} timeZone={timeZone} onEdit={(match) => setEditing({ match })} />
      <ImportFixtures timeZone={timeZone} />
    </>
  );
}

export function MatchesAdminPage() {
  useDocumentTitle('Matches');
  const user = useAppSelector(selectUser);
  const allowed = mayManageAll(user?.role);
  const zone = useEndpointQuery(matchesAdminApi.endpoints.getSiteTimeZone, undefined);

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>Matches</h1>
        {allowed && (
          <div className={pageStyles.headerActions}>
            <Link to={adminPaths.tags()} className={buttons.secondaryButton}>
              Teams and competitions
            </Link>
          </div>
        )}
      </div>
      {!allowed ? (
        <p className={pageStyles.failed} role="alert">
          {MATCHES_FORBIDDEN_TEXT}
        </p>
      ) : (
        <>
          <ReadStatus
            loading={zone.isLoading}
            loadingText="Loading matches..."
            failure={zone.isError ? `The matches could not be loaded: ${failureText(zone.error)}` : undefined}
          />
          {zone.data && <Matchday timeZone={zone.data} />}
        </>
      )}
    </div>
  );
}
