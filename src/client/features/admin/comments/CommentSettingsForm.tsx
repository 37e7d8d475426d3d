// The comment settings: when a comment waits for a moderator, the held words (one a line) and the days until a post's
// comments close. Owners change them; editors read them (the fields are shown, disabled).
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { CommentSettings, ModerationMode } from '../../../../contract/comments';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { commentsAdminApi } from '../api/commentsAdminApi';
import { NoticeLine, ReadStatus } from '../components/pageParts';
import type { Notice } from '../components/pageParts';
import { failureText } from '../form/Field';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from '../pages/page.module.scss';
import styles from './CommentsDesk.module.scss';

export const SETTINGS_OWNERS_ONLY_TEXT = 'Only owners change these settings.';

const MODE_LABELS: Record<ModerationMode, string> = {
  first: "Hold a member's comments until one of theirs has been approved",
  all: 'Hold every comment for approval',
  off: 'Publish every comment at once',
};
// Read from the labels, not the contract's list: that module holds the zod schemas, which the admin need not load.
const MODES = Object.keys(MODE_LABELS) as ModerationMode[];

/** The held words as typed, one a line: blank lines dropped, each word trimmed, each once. */
const heldWordsOf = (text: string) => [
  ...new Set(
    text
      .split('\n')
      .map((word) => word.trim())
      .filter(Boolean),
  ),
];

function SettingsFields({ settings, owner }: { settings: CommentSettings; owner: boolean }) {
  const save = useMutationRunner(commentsAdminApi.endpoints.saveCommentSettings);
  const [moderation, setModeration] = useState(settings.moderation);
  const [heldWords, setHeldWords] = useState(settings.heldWords.join('\n'));
  const [days, setDays] = useState(String(settings.closeAfterDays));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const closeAfterDays = Number(days);
    if (days.trim() === '' || !Number.isInteger(closeAfterDays) || closeAfterDays < 0) {
      setNotice({ text: 'Not saved. Days until comments close must be a whole number, 0 or more.', failed: true });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const saved = await save({ moderation, heldWords: heldWordsOf(heldWords), closeAfterDays });
      setHeldWords(saved.heldWords.join('\n'));
      setNotice({ text: 'Comment settings saved.', failed: false });
    } catch (error) {
      setNotice({ text: `Not saved. ${failureText(error)}`, failed: true });
    }
    setBusy(false);
  };

  return (
    <form aria-labelledby="comment-settings" onSubmit={(event) => void submit(event)} noValidate>
      {!owner && <p className={pageStyles.hint}>{SETTINGS_OWNERS_ONLY_TEXT}</p>}
      <fieldset className={styles.radios} disabled={!owner}>
        <legend className={pageStyles.label}>Moderation</legend>
        {MODES.map((mode) => (
          <label key={mode}>
            <input
              type="radio"
              name="moderation"
              value={mode}
              checked={moderation === mode}
              onChange={() => setModeration(mode)}
            />
            {MODE_LABELS[mode]}
          </label>
        ))}
      </fieldset>
      <p className={pageStyles.hint}>Whatever the choice, a comment with a link or a held word waits.</p>
      <div className={pageStyles.field}>
        <label className={pageStyles.label} htmlFor="comment-held-words">
          Held words
        </label>
        <textarea
          id="comment-held-words"
          className={pageStyles.input}
          rows={4}
          value={heldWords}
          readOnly={!owner}
          aria-describedby="comment-held-words-hint"
          onChange={(event) => setHeldWords(event.currentTarget.value)}
        />
        <p id="comment-held-words-hint" className={pageStyles.hint}>
          One a line. A comment holding one of them waits for approval.
        </p>
      </div>
      <div className={pageStyles.field}>
        <label className={pageStyles.label} htmlFor="comment-close-days">
          Days until comments close
        </label>
        <input
          id="comment-close-days"
          className={pageStyles.input}
          type="number"
          inputMode="numeric"
          min={0}
          max={3650}
          step={1}
          value={days}
          readOnly={!owner}
          aria-describedby="comment-close-days-hint"
          onChange={(event) => setDays(event.currentTarget.value)}
        />
        <p id="comment-close-days-hint" className={pageStyles.hint}>
          Counted from publishing. 0: comments never close by themselves.
        </p>
      </div>
      {owner && (
        <div className={pageStyles.formActions}>
          <button type="submit" className={buttons.primaryButton} disabled={busy}>
            Save settings
          </button>
        </div>
      )}
      <NoticeLine notice={notice} />
    </form>
  );
}

export function CommentSettingsForm({ owner }: { owner: boolean }) {
  const settings = useEndpointQuery(commentsAdminApi.endpoints.getCommentSettings, undefined);
  return (
    <section className={pageStyles.formCard} aria-labelledby="comment-settings">
      <h2 id="comment-settings">Settings</h2>
      <ReadStatus
        loading={settings.isLoading}
        loadingText="Loading settings..."
        failure={settings.isError ? failureText(settings.error) : undefined}
      />
      {/* The fields start from the settings as read; a fresh read (after a save) does not undo the typing. */}
      {settings.data && <SettingsFields settings={settings.data} owner={owner} />}
    </section>
  );
}
