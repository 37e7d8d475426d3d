// Export and import of a whole blog as one archive, between databases of either kind. The format is
// documented in docs/operations.md ("Export and import"): JSON lines, a header naming format and version, one line per row of
// the tables in ARCHIVE_TABLES (in that order), and an end record with the row counts and a SHA-256 of every line
// before it, so a damaged or truncated archive is refused before anything is kept.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { isRecord } from '../../contract/records';
import type { Database, Db } from '../db/database';
import { ensurePrivateDir, ensurePrivateFile } from '../db/privateFiles';
import { ARCHIVE_TABLES } from './archiveTables';
import { RowChecker } from './archiveRows';
import { rebuildSearchIndex } from '../search/searchIndex';
import type { ArchiveTable } from './archiveTables';

export const ARCHIVE_FORMAT = 'touchline-archive';
export const ARCHIVE_VERSION = 1;

/** A refusal with its one-line reason (the CLI prints it as it is). */
export class ArchiveError extends Error {}

type Row = Record<string, unknown>;
type Header = { format: string; version: number; createdAt: string };
type End = { end: true; rows: Record<string, number>; sha256: string };

/** A column value as the archive writes it: bytes as {$bytes: base64}, times as ISO text, JSON as JSON. */
function toArchive(row: Row, spec: ArchiveTable): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (Buffer.isBuffer(value) || value instanceof Uint8Array)
      out[column] = { $bytes: Buffer.from(value).toString('base64') };
    else if (value instanceof Date) out[column] = value.toISOString();
    else if (spec.json?.includes(column) && typeof value === 'string') out[column] = JSON.parse(value);
    else out[column] = value;
  }
  return out;
}

function fromArchive(row: Row, spec: ArchiveTable): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (spec.json?.includes(column)) out[column] = JSON.stringify(value);
    else if (typeof value === 'object' && value !== null && '$bytes' in value)
      out[column] = Buffer.from(String((value as { $bytes: unknown }).$bytes), 'base64');
    else out[column] = value;
  }
  return out;
}

export type ExportResult = { rows: Record<string, number>; bytes: number };

/**
 * Writes the whole blog to `file` from one consistent snapshot (a transaction: REPEATABLE READ on PostgreSQL, one
 * read transaction on SQLite), so it can run beside a live server. Written to `file.partial` and renamed at the end:
 * a failed export leaves no archive behind. The archive is readable by this user only (0600).
 */
export async function exportArchive(db: Db, file: string, now = new Date()): Promise<ExportResult> {
  const partial = `${file}.partial`;
  // An archive holds what the database does, password hashes included: 0600 from its first byte, in a folder made
  // 0700 when the export makes it. The rename keeps the mode.
  ensurePrivateDir(dirname(file));
  ensurePrivateFile(partial);
  const out = createWriteStream(partial);
  const hash = createHash('sha256');
  let bytes = 0;
  const write = async (record: unknown, hashed = true) => {
    const line = `${JSON.stringify(record)}\n`;
    if (hashed) hash.update(line);
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  };
  const rows: Record<string, number> = {};
  try {
    const header: Header = { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, createdAt: now.toISOString() };
    await write(header);
    const transaction =
      db.dialect === 'postgres'
        ? db.kysely.transaction().setIsolationLevel('repeatable read')
        : db.kysely.transaction();
    await transaction.execute(async (trx) => {
      for (const spec of ARCHIVE_TABLES) {
        rows[spec.table] = 0;
        let query = trx.selectFrom(spec.table).selectAll();
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the column names come from the registry
        for (const column of spec.orderBy) query = query.orderBy(column as any);
        for await (const row of query.stream(100)) {
          await write({ t: spec.table, r: toArchive(row as Row, spec) });
          rows[spec.table] += 1;
        }
      }
    });
    const end: End = { end: true, rows, sha256: hash.digest('hex') };
    await write(end, false);
    out.end();
    await once(out, 'finish');
    renameSync(partial, file);
    return { rows, bytes };
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Rows of every archived table: import loads only into a database where all are zero. */
async function rowCounts(executor: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const spec of ARCHIVE_TABLES) {
    const row = await executor
      .selectFrom(spec.table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    counts[spec.table] = Number(row.count);
  }
  return counts;
}

function parseLine(line: string, number: number): Row {
  try {
    const value: unknown = JSON.parse(line);
    if (isRecord(value)) return value as Row;
  } catch {
    // reported below
  }
  throw new ArchiveError(`the archive is damaged: line ${number} is not a record`);
}

/** How a refusal names a row: its key columns. */
const rowName = (row: Row) =>
  ['id', 'name', 'hash', 'post_id', 'tag_id', 'width', 'format']
    .filter((column) => typeof row[column] === 'number' || typeof row[column] === 'string')
    .slice(0, 2)
    .map((column) => `${column} ${String(row[column])}`)
    .join(', ');

/**
 * The refusal of a row no write through the API could have made (checked as archiveRows.ts says), with one line naming its
 * table, row and field. JSON columns are checked as the archive holds them (values), bytes once decoded.
 */
function unwritableRow(
  checker: RowChecker,
  spec: ArchiveTable,
  raw: Row,
  row: Row,
  line: number,
): ArchiveError | undefined {
  const view = spec.json === undefined ? row : { ...row, ...Object.fromEntries(spec.json.map((c) => [c, raw[c]])) };
  const problem = checker.problem(spec.table, view);
  if (problem === undefined) return undefined;
  const name = rowName(raw);
  return new ArchiveError(
    `the API would refuse the ${spec.table} row on line ${line}${name === '' ? '' : ` (${name})`}: ${problem}`,
  );
}

/**
 * Reads the archive's records in order, checking all of it (header, order, end record, counts, checksum), and hands
 * each row to `onRow`: an ArchiveError for the first thing wrong, thrown after every row of a sound archive was handed.
 */
async function readArchive(
  file: string,
  onRow: (spec: ArchiveTable, row: Row) => Promise<void>,
): Promise<Record<string, number>> {
  const specs = new Map(ARCHIVE_TABLES.map((spec, index) => [spec.table as string, { spec, index }]));
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  const hash = createHash('sha256');
  const checker = new RowChecker();
  let unwritable: ArchiveError | undefined;
  const rows: Record<string, number> = {};
  let number = 0;
  let end: End | undefined;
  let current = -1;
  try {
    for await (const line of lines) {
      number += 1;
      if (end !== undefined) {
        if (line.trim() === '') continue;
        throw new ArchiveError(`the archive is damaged: line ${number} follows its end record`);
      }
      const record = parseLine(line, number);
      if (number === 1) {
        if (record.format !== ARCHIVE_FORMAT) throw new ArchiveError('this is not a Touchline archive');
        if (record.version !== ARCHIVE_VERSION)
          throw new ArchiveError(
            `archive version ${String(record.version)} is not one this release reads (it reads version ${ARCHIVE_VERSION})`,
          );
        hash.update(`${line}\n`);
        continue;
      }
      if (record.end === true) {
        end = record as End;
        continue;
      }
      hash.update(`${line}\n`);
      const entry = specs.get(String(record.t));
      if (entry === undefined || typeof record.r !== 'object' || record.r === null)
        throw new ArchiveError(`the archive is damaged: line ${number} names no table this release knows`);
      if (entry.index < current) throw new ArchiveError(`the archive is damaged: line ${number} is out of order`);
      current = entry.index;
      rows[entry.spec.table] = (rows[entry.spec.table] ?? 0) + 1;
      const row = fromArchive(record.r as Row, entry.spec);
      // A damaged archive is reported as damaged: a row's own problem is the answer only once the rest holds.
      unwritable ??= unwritableRow(checker, entry.spec, record.r as Row, row, number);
      if (unwritable === undefined) await onRow(entry.spec, row);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ArchiveError(`no archive at ${file}`);
    throw error;
  } finally {
    lines.close();
  }
  if (number === 0) throw new ArchiveError('the archive is empty');
  if (end === undefined) throw new ArchiveError('the archive is truncated: it has no end record');
  if (end.sha256 !== hash.digest('hex')) throw new ArchiveError('the archive is damaged: its checksum does not match');
  for (const spec of ARCHIVE_TABLES) {
    if ((end.rows?.[spec.table] ?? 0) !== (rows[spec.table] ?? 0))
      throw new ArchiveError(`the archive is damaged: the ${spec.table} rows do not add up`);
  }
  if (unwritable !== undefined) throw unwritable;
  return rows;
}

/**
 * Reads an archive as an import would, with every row checked (archiveRows.ts), and loads nothing: an ArchiveError
 * names the first thing an import would refuse.
 */
export async function checkArchive(file: string): Promise<{ rows: Record<string, number> }> {
  return { rows: await readArchive(file, async () => undefined) };
}

/**
 * Loads an archive into an empty database (migrated, with no posts, uploads or any other archived row), keeping ids,
 * upload names and dates. The whole archive is checked first, then loaded in one transaction: a damaged, truncated or
 * unknown archive, a row the API would have refused (archiveRows.ts), or a database that is not empty, is refused
 * with an ArchiveError and changes nothing.
 */
export async function importArchive(db: Db, file: string): Promise<{ rows: Record<string, number> }> {
  await checkArchive(file);
  let rows: Record<string, number> = {};
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const counts = await rowCounts(trx);
      const filled = Object.entries(counts).filter(([, count]) => count > 0);
      if (filled.length > 0) {
        const what = filled.map(([table, count]) => `${count} ${table}`).join(', ');
        throw new ArchiveError(`the database is not empty (${what}): import only into a new, empty database`);
      }
      let batch: { spec: ArchiveTable; rows: Row[] } | undefined;
      const flush = async () => {
        if (batch !== undefined && batch.rows.length > 0) await insertRows(trx, batch.spec, batch.rows);
        batch = undefined;
      };
      rows = await readArchive(file, async (spec, row) => {
        if (batch?.spec !== spec) await flush();
        batch ??= { spec, rows: [] };
        batch.rows.push(row);
        if (batch.rows.length >= spec.batch) await flush();
      });
      await flush();
      if (db.dialect === 'postgres') await resetIdentities(trx);
      // Running servers on this database drop their caches (see http/contentCaches.ts).
      await trx
        .updateTable('content_revision')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('id', '=', 1)
        .execute();
    });
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    // A row the database refuses (a constraint, a missing column): the archive does not fit this schema.
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new ArchiveError(`the archive could not be loaded: ${reason}`);
  }
  await rebuildDerived(db);
  return { rows };
}

async function insertRows(trx: Transaction<Database>, spec: ArchiveTable, rows: Row[]): Promise<void> {
  await trx
    .insertInto(spec.table)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of any registered table, checked by the database
    .values(rows as any)
    .execute();
}

/** Moves each identity past the ids just loaded, so the next post gets a new id instead of a conflict. */
async function resetIdentities(trx: Transaction<Database>): Promise<void> {
  for (const spec of ARCHIVE_TABLES) {
    if (spec.identity === undefined) continue;
    const table = sql.raw(spec.table);
    const column = sql.raw(spec.identity);
    await sql`select setval(pg_get_serial_sequence(${spec.table}, ${spec.identity}),
      coalesce((select max(${column}) from ${table}), 0) + 1, false)`.execute(trx);
  }
}

/**
 * What an import makes from the loaded rows rather than copying them, after the load committed. Image variants travel
 * in the archive (see archiveTables.ts), and an upload stored before image processing existed is cleaned by the
 * server's backfill as on any start; a derived index (search) adds its rebuild here.
 */
export async function rebuildDerived(db: Db): Promise<void> {
  for (const step of DERIVED_STEPS) await step(db);
}

const DERIVED_STEPS: readonly ((db: Db) => Promise<void>)[] = [
  // The full-text index is built from the posts, never carried (each database has its own engine).
  (db) => rebuildSearchIndex(db),
];
