// The pieces several admin pages share: the "All posts" header link, the Access form that asks for a list again,
// a read's loading and failure lines, the table of rows with a row header and an actions column, a row's buttons, the
// outcome line of a form and of a page's actions (useNotice, NoticeLine), and a revision's time.
import { useRef, useState } from 'react';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { Link } from '../../../components/Link';
import { List } from 'lucide-react';
import { adminPaths } from '../adminPaths';
import { AccessTokenField } from '../form/AccessTokenField';
import buttons from '../../../styles/buttons.module.scss';
import formStyles from '../form/PostForm.module.scss';
import pageStyles from '../pages/page.module.scss';

/** The page header's way back to the list of every post. */
export function AllPostsLink() {
  return (
    <Link to={adminPaths.posts()} className={buttons.secondaryButton}>
      <List size={16} aria-hidden="true" />
      All posts
    </Link>
  );
}

/** The optional access token and the button that reads the page's list again with it (Show posts, Show trash...). */
export function AccessForm({ submitLabel, onSubmit }: { submitLabel: string; onSubmit: (event: FormEvent) => void }) {
  return (
    <form className={formStyles.card} noValidate aria-label="Access" onSubmit={onSubmit}>
      <AccessTokenField />
      <div className={formStyles.actions}>
        <button type="submit" className={buttons.primaryButton}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** A read's state while it has no rows to show: loading, or why it failed (undefined: it did not). */
export function ReadStatus({
  loading,
  loadingText,
  failure,
}: {
  loading: boolean;
  loadingText: string;
  failure?: string;
}) {
  return (
    <>
      {loading && (
        <p className="status" role="status">
          {loadingText}
        </p>
      )}
      {failure !== undefined && (
        <p className={pageStyles.failed} role="alert">
          {failure}
        </p>
      )}
    </>
  );
}

type RowButtonProps = {
  icon: ReactNode;
  /** the visible word ("Delete", "Restore") */
  label: string;
  /** what the row is, for screen readers: the button reads "Delete “Title”" */
  rowName: string;
  tone?: 'danger' | 'secondary';
  onClick: () => void;
};

/** A button in a table row, named by its word and the row it acts on. */
export function RowButton({ icon, label, rowName, tone = 'danger', onClick }: RowButtonProps) {
  return (
    <button
      type="button"
      className={tone === 'danger' ? buttons.dangerButton : buttons.secondaryButton}
      onClick={onClick}
    >
      {icon}
      {label}
      <span className="visually-hidden"> {rowName}</span>
    </button>
  );
}

type AdminTableProps<Row extends { id: number }> = {
  /** what the table lists, for screen readers */
  caption: string;
  /** the column headings; the first heads the row header (each row's name) */
  columns: string[];
  /** adds the last column, headed "Actions" for screen readers only */
  actions?: boolean;
  rows: Row[];
  /** each row's name, its row header */
  rowHeader: (row: Row) => ReactNode;
  /** the row's other cells, each a <td> */
  children: (row: Row) => ReactNode;
  /** under the phone breakpoint each row becomes a card (its cells stacked, each named by its data-label) */
  cardsOnPhone?: boolean;
};

/** A table of rows (posts, accounts, keys), each named by its row header, with an optional actions column. */
export function AdminTable<Row extends { id: number }>({
  caption,
  columns,
  actions = false,
  rows,
  rowHeader,
  children,
  cardsOnPhone = false,
}: AdminTableProps<Row>) {
  return (
    <table className={cardsOnPhone ? `${pageStyles.postsTable} ${pageStyles.cardsOnPhone}` : pageStyles.postsTable}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          {actions && (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row" className={pageStyles.postTitle}>
              {rowHeader(row)}
            </th>
            {children(row)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A row's actions cell: its buttons, or the question one of them asked in their place (see ConfirmInRow). */
export function ActionsCell({ confirm, children }: { confirm?: ReactNode; children: ReactNode }) {
  return <td>{confirm || <div className={pageStyles.rowActions}>{children}</div>}</td>;
}

/** A revision's time to the second, in the admin's locale and zone: two saves a minute apart stay apart. */
export function revisionTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** What an action on the page did, or why it failed (then shown as an error). */
export type Notice = { text: string; failed: boolean };

/**
 * A page's outcome line: its notice, and the element focus moves to when the control that acted is gone (its row left
 * the list) or the action failed, so the reader continues from the message that says what happened.
 */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  return { notice, setNotice, noticeRef };
}

type NoticeLineProps = {
  notice: Notice | null;
  /**
   * A page's actions, whose control may leave (its row) or fail: the line is one status region that takes focus.
   * Without it (a form, whose control stays): a success in a status region, a failure as an alert.
   */
  noticeRef?: RefObject<HTMLParagraphElement | null>;
  /** the style of a success line */
  okClass?: string;
};

/** The outcome line (useNotice): what an action did, styled as an error when it failed. */
export function NoticeLine({ notice, noticeRef, okClass = pageStyles.notice }: NoticeLineProps) {
  if (noticeRef !== undefined)
    return (
      <p ref={noticeRef} tabIndex={-1} role="status" className={notice?.failed ? pageStyles.failed : okClass}>
        {notice?.text}
      </p>
    );
  return (
    <>
      <div role="status">{notice && !notice.failed && <p className={okClass}>{notice.text}</p>}</div>
      {notice?.failed && (
        <p className={pageStyles.failed} role="alert">
          {notice.text}
        </p>
      )}
    </>
  );
}
