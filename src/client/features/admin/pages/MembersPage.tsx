// /admin/members: the members by status, the list searched by email and filtered by status and tag, page by page,
// "Remove" on each (asked in the row), the CSV export (a download) and the CSV import with its report of skipped rows.
// Editors and owners see it; the server checks every request again.
import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Download, UserMinus } from 'lucide-react';
import type { MemberImportReport, MemberStatus } from '../../../../contract/members';
import { mayManageAll } from '../../../../contract/roles';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { formValues } from '../../../components/members/SubscribeForm';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { MEMBERS_EXPORT_URL, membersAdminApi } from '../api/membersAdminApi';
import type { MembersQuery } from '../api/membersAdminApi';
import { AdminTable, NoticeLine, ReadStatus, useNotice } from '../components/pageParts';
import { failureText } from '../form/Field';
import { RemoveCell } from '../staff/RemoveCell';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from './page.module.scss';
import { CursorPager, useCursorPages } from '../components/CursorPages';

export const MEMBERS_FORBIDDEN_TEXT = 'Only owners and editors manage members.';

const STATUS_LABELS: Record<MemberStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};
// Read from the labels, not the contract's list: that module holds the zod schemas, which the admin need not load.
const MEMBER_STATUSES = Object.keys(STATUS_LABELS) as MemberStatus[];

/** What a member follows, in words. */
const follows = ({ all, tags }: { all: boolean; tags: string[] }) =>
  all || !tags.length ? 'All stories' : tags.join(', ');

/** The search and filter form: applied when submitted, so each keystroke does not ask the server. */
function Filters({ onApply }: { onApply: (query: MembersQuery) => void }) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const [status = ''] = values('status');
    onApply({
      q: (values('q')[0] ?? '').trim(),
      status: (MEMBER_STATUSES as readonly string[]).includes(status) ? (status as MemberStatus) : undefined,
      tag: (values('tag')[0] ?? '').trim(),
    });
  };
  return (
    <form className={pageStyles.formCard} role="search" aria-label="Find members" onSubmit={apply}>
      <div className={pageStyles.formGrid}>
        <div className={pageStyles.field}>
          <label className={pageStyles.label} htmlFor="members-q">
            Email
          </label>
          <input id="members-q" name="q" type="search" className={pageStyles.input} maxLength={254} />
        </div>
        <div className={pageStyles.field}>
          <label className={pageStyles.label} htmlFor="members-status">
            Status
          </label>
          <select id="members-status" name="status" className={pageStyles.input}>
            <option value="">Any</option>
            {MEMBER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className={pageStyles.field}>
          <label className={pageStyles.label} htmlFor="members-tag">
            Tag
          </label>
          <input id="members-tag" name="tag" className={pageStyles.input} placeholder="football" />
        </div>
      </div>
      <div className={pageStyles.formActions}>
        <button type="submit" className={buttons.primaryButton}>
          Find members
        </button>
      </div>
    </form>
  );
}

/** A chosen file's text (FileReader: every browser, and the test DOM, which has no Blob.text). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsText(file);
  });

/** The CSV import: a file chosen is sent at once; the report names every row left out by its line. */
function ImportCsv() {
  const importMembers = useMutationRunner(membersAdminApi.endpoints.importMembers);
  const [report, setReport] = useState<MemberImportReport>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setBusy(true);
    setReport(undefined);
    setFailure(undefined);
    try {
      setReport(await importMembers(await readText(file)));
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={pageStyles.formCard} aria-labelledby="members-import">
      <h2 id="members-import">Import from CSV</h2>
      <div className={pageStyles.field}>
        <label className={pageStyles.label} htmlFor="members-file">
          CSV file
        </label>
        <input
          id="members-file"
          type="file"
          accept=".csv,text/csv"
          className={pageStyles.input}
          aria-describedby="members-file-hint"
          onChange={(event) => void choose(event)}
          disabled={busy}
        />
        <p id="members-file-hint" className={pageStyles.hint}>
          A Ghost members export, or one address a line (email, then an optional name). Imported members are active.
        </p>
      </div>
      <div role="status">
        {busy && <p>Importing...</p>}
        {report && (
          <p>{`Imported ${report.imported} ${report.imported === 1 ? 'member' : 'members'}; skipped ${report.skipped.length} ${report.skipped.length === 1 ? 'row' : 'rows'}.`}</p>
        )}
      </div>
      {report && report.skipped.length > 0 && (
        <ul aria-label="Skipped rows">
          {report.skipped.map(({ line, error }) => (
            <li key={line}>{`Line ${line}: ${error}`}</li>
          ))}
        </ul>
      )}
      {failure && (
        <p className={pageStyles.failed} role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}

function MemberList({ query }: { query: MembersQuery }) {
  const pages = useCursorPages();
  const { cursor } = pages;
  const list = useEndpointQuery(membersAdminApi.endpoints.getMembers, { ...query, cursor });
  const remove = useMutationRunner(membersAdminApi.endpoints.removeMember);
  const [confirming, setConfirming] = useState<number | null>(null);
  const { notice, setNotice, noticeRef } = useNotice();

  const removeMember = async (id: number, email: string) => {
    setConfirming(null);
    try {
      await remove(id);
      setNotice({ text: `Removed ${email}.`, failed: false });
    } catch (error) {
      setNotice({ text: failureText(error), failed: true });
    }
    noticeRef.current?.focus();
  };

  const { data } = list;
  return (
    <>
      {data && (
        <dl className={pageStyles.memberCounts} aria-label="Members by status">
          {MEMBER_STATUSES.map((status) => (
            <div key={status}>
              <dt>{STATUS_LABELS[status]}</dt>
              <dd>{data.counts[status]}</dd>
            </div>
          ))}
        </dl>
      )}
      <ReadStatus
        loading={list.isLoading}
        loadingText="Loading members..."
        failure={list.isError ? failureText(list.error) : undefined}
      />
      {data && data.items.length === 0 && <p className={pageStyles.intro}>No members match.</p>}
      {data && data.items.length > 0 && (
        <div className={pageStyles.tableScroll}>
          <AdminTable
            caption="Members"
            columns={['Email', 'Name', 'Status', 'Follows', 'Since']}
            actions
            rows={data.items}
            rowHeader={(member) => member.email}
            cardsOnPhone
          >
            {(member) => (
              <>
                <td data-label="Name">{member.name}</td>
                <td data-label="Status">{STATUS_LABELS[member.status]}</td>
                <td data-label="Follows">{follows(member)}</td>
                <td data-label="Since">{new Date(member.createdAt).toLocaleDateString()}</td>
                <RemoveCell
                  allowed
                  Icon={UserMinus}
                  label="Remove"
                  rowName={member.email}
                  ask={`Remove ${member.email}?`}
                  question={`Remove ${member.email}? Everything about them is erased.`}
                  answer="Remove member"
                  confirming={confirming === member.id}
                  onAsk={() => setConfirming(member.id)}
                  onConfirm={() => void removeMember(member.id, member.email)}
                  onCancel={() => setConfirming(null)}
                />
              </>
            )}
          </AdminTable>
        </div>
      )}
      <NoticeLine notice={notice} noticeRef={noticeRef} />
      <div className={pageStyles.formActions}>
        <CursorPager {...pages} nextCursor={data?.nextCursor} />
      </div>
    </>
  );
}

export function MembersPage() {
  useDocumentTitle('Members');
  const user = useAppSelector(selectUser);
  const allowed = mayManageAll(user?.role);
  const [query, setQuery] = useState<MembersQuery>({});

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>Members</h1>
        {allowed && (
          <div className={pageStyles.headerActions}>
            <a href={MEMBERS_EXPORT_URL} download className={buttons.secondaryButton}>
              <Download size={16} aria-hidden="true" />
              Export CSV
            </a>
          </div>
        )}
      </div>
      {!allowed ? (
        <p className={pageStyles.failed} role="alert">
          {MEMBERS_FORBIDDEN_TEXT}
        </p>
      ) : (
        <>
          <p className={pageStyles.intro}>The readers who get stories by email, and what each follows.</p>
          <Filters onApply={setQuery} />
          {/* A new search starts again from the first page. */}
          <MemberList key={JSON.stringify(query)} query={query} />
          <ImportCsv />
        </>
      )}
    </div>
  );
}
