// Add or change a match: the competition and teams picked from their tags, the kickoff as a day and a time in the
// site's time zone (named beside it), the venue, the status and the score. The server's refusals show beside the
// fields they name; a conflict (409) as the form's alert.
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Match, MatchStatus } from '../../../../contract/matches';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { Field, failureText } from '../form/Field';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from '../pages/page.module.scss';
import { kickoffFields, kickoffInstant } from './kickoff';
import { matchesAdminApi } from './matchesAdminApi';
import type { ListedTag, MatchWrite } from './matchesAdminApi';

export const STATUS_LABELS: Record<MatchStatus, string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  finished: 'Finished',
  postponed: 'Postponed',
};
const STATUSES = Object.keys(STATUS_LABELS) as MatchStatus[];

type Values = {
  competition: string;
  home: string;
  away: string;
  day: string;
  time: string;
  venue: string;
  status: MatchStatus;
  homeScore: string;
  awayScore: string;
};
type FieldName = keyof Values;

const valuesOf = (match: Match | undefined, day: string, timeZone: string): Values =>
  match
    ? {
        competition: match.competition.slug,
        home: match.home.slug,
        away: match.away.slug,
        ...kickoffFields(match.kickoff, timeZone),
        venue: match.venue ?? '',
        status: match.status,
        homeScore: match.homeScore === null ? '' : String(match.homeScore),
        awayScore: match.awayScore === null ? '' : String(match.awayScore),
      }
    : {
        competition: '',
        home: '',
        away: '',
        day,
        time: '15:00',
        venue: '',
        status: 'scheduled',
        homeScore: '',
        awayScore: '',
      };

const score = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

/** The server's 400 details by field (kickoff's go to the day), and the rest as one line. */
function detailsOf(error: unknown): { fields: Partial<Record<FieldName, string>>; rest: string[] } {
  const details = (error as { data?: { details?: unknown } } | null)?.data?.details;
  const fields: Partial<Record<FieldName, string>> = {};
  const rest: string[] = [];
  if (!Array.isArray(details)) return { fields, rest };
  for (const detail of details as { path?: unknown; message?: unknown }[]) {
    if (typeof detail?.message !== 'string') continue;
    const path = detail.path === 'kickoff' ? 'day' : String(detail.path ?? '');
    if (path in valuesOf(undefined, '', 'UTC')) fields[path as FieldName] ??= detail.message;
    else rest.push(`${path || 'body'} ${detail.message}`);
  }
  return { fields, rest };
}

const tagOptions = (tags: ListedTag[] | undefined, placeholder: string) => (
  <>
    <option value="">{placeholder}</option>
    {(tags ?? []).map((tag) => (
      <option key={tag.slug} value={tag.slug}>
        {tag.name}
      </option>
    ))}
  </>
);

type MatchEditorProps = {
  /** the match to change; none adds one */
  match?: Match;
  /** the day the list shows: a new match starts on it */
  day: string;
  timeZone: string;
  onDone: (text: string) => void;
  onCancel: () => void;
};

export function MatchEditor({ match, day, timeZone, onDone, onCancel }: MatchEditorProps) {
  const competitions = useEndpointQuery(matchesAdminApi.endpoints.getTagsOfKind, 'competition');
  const teams = useEndpointQuery(matchesAdminApi.endpoints.getTagsOfKind, 'team');
  const create = useMutationRunner(matchesAdminApi.endpoints.createMatch);
  const update = useMutationRunner(matchesAdminApi.endpoints.updateMatch);
  const [values, setValues] = useState<Values>(() => valuesOf(match, day, timeZone));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (name: FieldName) => (value: string) => setValues((old) => ({ ...old, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const kickoff = kickoffInstant(values.day, values.time, timeZone);
    const [homeScore, awayScore] = [score(values.homeScore), score(values.awayScore)];
    const local: Partial<Record<FieldName, string>> = {};
    if (!values.competition) local.competition = 'Choose a competition';
    if (!values.home) local.home = 'Choose the home team';
    if (!values.away) local.away = 'Choose the away team';
    if (kickoff === undefined) local.day = 'Enter a day and a time (HH:MM) that exist';
    if (Number.isNaN(homeScore)) local.homeScore = 'must be a whole number';
    if (Number.isNaN(awayScore)) local.awayScore = 'must be a whole number';
    setErrors(local);
    setFailure(undefined);
    if (Object.keys(local).length > 0) return;
    const body: MatchWrite = {
      competition: values.competition,
      home: values.home,
      away: values.away,
      kickoff: kickoff!,
      venue: values.venue.trim() === '' ? null : values.venue,
      status: values.status,
      homeScore,
      awayScore,
    };
    setBusy(true);
    try {
      if (match) {
        // Only what changed: a covered match refuses a status or score it did not get from its desk (409).
        const before = match as unknown as Record<string, unknown>;
        const slugs: Record<string, unknown> = {
          competition: match.competition.slug,
          home: match.home.slug,
          away: match.away.slug,
          kickoff: new Date(match.kickoff).toISOString(),
        };
        const changed = Object.fromEntries(
          Object.entries(body).filter(([key, value]) => value !== (key in slugs ? slugs[key] : before[key])),
        );
        const saved = await update({ id: match.id, body: changed });
        onDone(`Saved ${saved.home.name} v ${saved.away.name}.`);
      } else {
        const created = await create(body);
        onDone(`Added ${created.home.name} v ${created.away.name}.`);
      }
    } catch (error) {
      const { fields, rest } = detailsOf(error);
      setErrors(fields);
      const status = (error as { status?: unknown }).status;
      setFailure(
        status === 400 && rest.length === 0
          ? 'The match was not saved: see the fields marked above.'
          : status === 400
            ? `The match was not saved: ${rest.join('; ')}.`
            : failureText(error),
      );
    } finally {
      setBusy(false);
    }
  };

  const heading = match ? `Edit ${match.home.name} v ${match.away.name}` : 'Add a match';
  const pickerFailure = competitions.isError || teams.isError;
  return (
    <form className={pageStyles.formCard} noValidate aria-label={heading} onSubmit={(event) => void submit(event)}>
      <h2>{heading}</h2>
      {pickerFailure && (
        <p className={pageStyles.failed} role="alert">
          The teams and competitions could not be loaded: {failureText(competitions.error ?? teams.error)}
        </p>
      )}
      <div className={pageStyles.formGrid}>
        <Field
          label="Competition"
          value={values.competition}
          onChange={set('competition')}
          error={errors.competition}
          options={tagOptions(competitions.data, competitions.isLoading ? 'Loading...' : 'Choose a competition')}
        />
        <Field
          label="Home team"
          value={values.home}
          onChange={set('home')}
          error={errors.home}
          options={tagOptions(teams.data, teams.isLoading ? 'Loading...' : 'Choose a team')}
        />
        <Field
          label="Away team"
          value={values.away}
          onChange={set('away')}
          error={errors.away}
          options={tagOptions(teams.data, teams.isLoading ? 'Loading...' : 'Choose a team')}
        />
        <Field
          label="Kickoff day"
          type="date"
          value={values.day}
          onChange={set('day')}
          error={errors.day}
          hint={`In the site's time zone, ${timeZone}.`}
        />
        <Field
          label={`Kickoff time (${timeZone})`}
          type="time"
          value={values.time}
          onChange={set('time')}
          error={errors.time}
        />
        <Field label="Venue" value={values.venue} onChange={set('venue')} error={errors.venue} maxLength={100} />
        <Field
          label="Status"
          value={values.status}
          onChange={set('status')}
          error={errors.status}
          options={STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        />
        <Field
          label="Home score"
          inputMode="numeric"
          value={values.homeScore}
          onChange={set('homeScore')}
          error={errors.homeScore}
        />
        <Field
          label="Away score"
          inputMode="numeric"
          value={values.awayScore}
          onChange={set('awayScore')}
          error={errors.awayScore}
        />
      </div>
      {match?.postId != null && (
        <p className={pageStyles.hint}>
          Once its live post has coverage, its status and score come from the live desk.
        </p>
      )}
      {failure && (
        <p className={pageStyles.failed} role="alert">
          {failure}
        </p>
      )}
      <div className={pageStyles.formActions}>
        <button type="submit" className={buttons.primaryButton} disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : match ? 'Save match' : 'Add match'}
        </button>
        <button type="button" className={buttons.secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
