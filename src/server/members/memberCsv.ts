// Members as CSV: the export, and the import's reading of Ghost's member export (email, name, note,
// subscribed_to_emails, labels, created_at) or a plain `email[,name]` list, row by row with line numbers.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { emailSchema } from '../../contract/accountSchemas';
import type { Member, MemberStatus } from '../../contract/members';
import { MEMBER_STATUSES, MEMBER_TAGS_MAX, memberNameSchema } from '../../contract/members';
import { isSlug, slugOf, TAG_NAME_MAX } from '../../contract/tags';
import type { ImportedMember } from '../repositories/membersRepository';
import { normalizeMemberEmail } from '../repositories/membersRepository';

/** The export's columns: Ghost's, so Ghost and this import read it, then what only Touchline keeps. */
export const EXPORT_COLUMNS = [
  'email',
  'name',
  'note',
  'subscribed_to_emails',
  'labels',
  'created_at',
  'status',
  'all_stories',
] as const;

/** The header line of an export. */
export const exportHeader = () => stringify([[...EXPORT_COLUMNS]]);

/** Export lines for these members; tags are written as labels (slugs read back as themselves). */
export function exportRows(members: readonly Member[]): string {
  return stringify(
    members.map((member) => [
      member.email,
      member.name,
      '',
      member.status === 'active' ? 'true' : 'false',
      member.tags.join(','),
      member.createdAt,
      member.status,
      member.all ? 'true' : 'false',
    ]),
  );
}

export type CsvRow = { line: number; member: ImportedMember };
export type CsvProblem = { line: number; error: string };

/** The file could not be read as CSV at all (an unclosed quote, say): nothing is imported. */
export class UnreadableCsv extends Error {}

const FALSE = new Set(['false', 'no', '0', 'n']);
const TRUE = new Set(['true', 'yes', '1', 'y']);

type Columns = Partial<Record<(typeof EXPORT_COLUMNS)[number], number>>;

/** The column of each known header, when the first row is a header (it names an `email` column). */
function headerOf(first: readonly string[]): Columns | undefined {
  const names = first.map((cell) => cell.trim().toLowerCase());
  if (!names.includes('email')) return undefined;
  const columns: Columns = {};
  for (const column of EXPORT_COLUMNS) {
    const index = names.indexOf(column);
    if (index >= 0) columns[column] = index;
  }
  return columns;
}

/**
 * Reads the rows of an import, each checked on its own: a good one becomes a member to insert (`active`, since they
 * subscribed elsewhere, unless the file says they unsubscribed), a bad one a problem with its line number.
 */
export function readMemberCsv(text: string, now: Date): { rows: CsvRow[]; problems: CsvProblem[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as never;
  } catch (error) {
    throw new UnreadableCsv(error instanceof Error ? error.message : String(error));
  }
  const first = records[0];
  const header = first === undefined ? undefined : headerOf(first.record);
  const columns: Columns = header ?? { email: 0, name: 1 };
  const rows: CsvRow[] = [];
  const problems: CsvProblem[] = [];
  for (const { record, info } of header === undefined ? records : records.slice(1)) {
    const line = info.lines;
    const cell = (column: keyof Columns) => {
      const index = columns[column];
      return index === undefined ? undefined : record[index]?.trim();
    };
    const result = readRow(cell, now);
    if (typeof result === 'string') problems.push({ line, error: result });
    else rows.push({ line, member: result });
  }
  return { rows, problems };
}

function readRow(cell: (column: keyof Columns) => string | undefined, now: Date): ImportedMember | string {
  const email = emailSchema.safeParse(cell('email') ?? '');
  if (!email.success) return `email: ${email.error.issues[0]?.message ?? 'must be an email address'}`;
  const name = memberNameSchema.safeParse(cell('name') ?? '');
  if (!name.success) return `name: ${name.error.issues[0]?.message ?? 'is not valid'}`;
  const tags = [
    ...new Set(
      (cell('labels') ?? '')
        .split(',')
        .map(slugOf)
        .filter((slug) => slug !== ''),
    ),
  ];
  if (tags.length > MEMBER_TAGS_MAX) return `labels: must have at most ${MEMBER_TAGS_MAX} labels`;
  if (!tags.every(isSlug)) return `labels: each must be at most ${TAG_NAME_MAX} characters`;
  const statusCell = cell('status')?.toLowerCase();
  const subscribed = cell('subscribed_to_emails')?.toLowerCase();
  let status: MemberStatus = 'active';
  if (statusCell !== undefined && statusCell !== '') {
    if (!(MEMBER_STATUSES as readonly string[]).includes(statusCell))
      return `status: must be one of ${MEMBER_STATUSES.join(', ')}`;
    status = statusCell as MemberStatus;
  } else if (subscribed !== undefined && FALSE.has(subscribed)) status = 'unsubscribed';
  const allCell = cell('all_stories')?.toLowerCase();
  const createdCell = cell('created_at');
  const created = createdCell === undefined || createdCell === '' ? now : new Date(createdCell);
  // Years 1000 to 9999: a date every database and the archive's ISO times hold.
  if (Number.isNaN(created.getTime()) || !/^[1-9]\d{3}-/.test(created.toISOString()))
    return 'created_at: must be a date';
  return {
    email: normalizeMemberEmail(email.data),
    name: name.data,
    status,
    // Ghost's members get its one newsletter, every story: so do they here, unless the file says otherwise.
    all: allCell === undefined || allCell === '' ? true : TRUE.has(allCell),
    tags,
    createdAt: created,
  };
}
