// The desk's match line: teams, score and clock, saved with Save; "+1" raises a score and saves it at once.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { LIVE_LIMITS } from '../../../../contract/live';
import type { LiveCoverage, MatchInfo } from '../../../../contract/live';
import buttons from '../../../styles/buttons.module.scss';
import { Field } from '../form/Field';
import formStyles from '../form/PostForm.module.scss';
import pageStyles from '../pages/page.module.scss';

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

type MatchFormProps = {
  live: LiveCoverage;
  /** saves the match; `done` is what the desk says once it is saved */
  onSave: (match: MatchInfo, done: string) => void;
};

export function MatchForm({ live, onSave }: MatchFormProps) {
  const [match, setMatch] = useState<MatchInfo>(() => live.match ?? EMPTY_MATCH);
  const matchSeen = useRef<string>(JSON.stringify(live.match ?? null));
  // The fields follow the saved match (another desk's change too) until the writer types.
  useEffect(() => {
    const saved = JSON.stringify(live.match ?? null);
    if (saved === matchSeen.current) return;
    matchSeen.current = saved;
    setMatch(live.match ?? EMPTY_MATCH);
  }, [live.match]);

  return (
    <form
      noValidate
      aria-label="Match"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSave(match, 'Match saved.');
      }}
    >
      <div className={pageStyles.formGrid}>
        {MATCH_FIELDS.map(({ name, label, max }) => (
          <Field
            key={name}
            label={label}
            maxLength={max}
            value={match[name]}
            onChange={(value) => setMatch({ ...match, [name]: value })}
          />
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
              onSave(next, 'Score saved.');
            }}
          >
            {side === 'homeScore' ? 'Home +1' : 'Away +1'}
          </button>
        ))}
      </div>
    </form>
  );
}
