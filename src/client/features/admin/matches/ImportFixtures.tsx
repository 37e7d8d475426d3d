// A season's fixtures from CSV (competition,home,away,kickoff,venue), pasted or read from a file: the report says how
// many matches were created, or lists each bad row by its line, and then nothing was imported.
import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { ImportAnswer } from '../../../../contract/matches';
import { useMutationRunner } from '../../../api/queryHooks';
import { Field, failureText } from '../form/Field';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from '../pages/page.module.scss';
import { matchesAdminApi } from './matchesAdminApi';

type Detail = { path: string; message: string };

/** A chosen file's text (FileReader: every browser, and the test DOM, which has no Blob.text). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsText(file);
  });

const badRowsOf = (error: unknown): Detail[] => {
  const details = (error as { data?: { details?: unknown } } | null)?.data?.details;
  return Array.isArray(details)
    ? (details as Detail[]).filter((d) => typeof d?.path === 'string' && typeof d.message === 'string')
    : [];
};

/** "line 4" as the report's "Line 4". */
const lineName = (path: string) => path.replace(/^line /, 'Line ');

export function ImportFixtures({ timeZone }: { timeZone: string }) {
  const importMatches = useMutationRunner(matchesAdminApi.endpoints.importMatches);
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<ImportAnswer>();
  const [badRows, setBadRows] = useState<Detail[]>([]);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    try {
      setCsv(await readText(file));
    } catch (error) {
      setFailure((error as Error).message);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setReport(undefined);
    setBadRows([]);
    setFailure(undefined);
    if (csv.trim() === '') {
      setFailure('Paste the fixtures or choose a CSV file first.');
      return;
    }
    setBusy(true);
    try {
      setReport(await importMatches(csv));
    } catch (error) {
      const rows = badRowsOf(error);
      setBadRows(rows);
      setFailure(
        rows.length > 0
          ? `Nothing was imported: ${rows.length} ${rows.length === 1 ? 'row needs' : 'rows need'} fixing.`
          : failureText(error),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={pageStyles.formCard} aria-labelledby="matches-import">
      <h2 id="matches-import">Import fixtures from CSV</h2>
      <form noValidate aria-label="Import fixtures" onSubmit={(event) => void submit(event)}>
        <div className={pageStyles.field}>
          <label className={pageStyles.label} htmlFor="matches-file">
            CSV file
          </label>
          <input
            id="matches-file"
            type="file"
            accept=".csv,text/csv"
            className={pageStyles.input}
            onChange={(event) => void choose(event)}
            disabled={busy}
          />
        </div>
        <Field
          label="Fixtures"
          rows={6}
          value={csv}
          onChange={setCsv}
          hint={`One match a line: competition,home,away,kickoff,venue (a header line of those names is skipped; venue may be empty). A kickoff without an offset, such as 2026-11-28 15:00, is in ${timeZone}. Missing teams and competitions are created.`}
        />
        <div className={pageStyles.formActions}>
          <button type="submit" className={buttons.primaryButton} disabled={busy} aria-busy={busy}>
            {busy ? 'Importing...' : 'Import fixtures'}
          </button>
        </div>
      </form>
      <div role="status">
        {report && (
          <p>
            {`Imported ${report.created} ${report.created === 1 ? 'match' : 'matches'}`}
            {report.tagsCreated.length > 0
              ? `; new teams and competitions: ${report.tagsCreated.map((tag) => tag.name).join(', ')}.`
              : '.'}
          </p>
        )}
      </div>
      {failure && (
        <p className={pageStyles.failed} role="alert">
          {failure}
        </p>
      )}
      {badRows.length > 0 && (
        <ul aria-label="Rows to fix">
          {badRows.map(({ path, message }) => (
            <li key={`${path} ${message}`}>{`${lineName(path)}: ${message}`}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
