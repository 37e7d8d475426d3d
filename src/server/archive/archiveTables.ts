// The one ordered registry of what an archive holds. Export writes these tables in this order; import
// loads them in this order (parents before children, for the foreign keys) and resets the identity columns named
// here. A new table joins the archive by one entry here (accounts, tags and post_tags go before or after posts as
// their keys need) and its column rules in archiveRows.ts, which import checks every row against; sessions never do.
import type { Database } from '../db/database';

export type ArchiveTable = {
  table: keyof Database;
  /** the columns that order the dump (a primary key), so two exports of one snapshot are byte for byte the same */
  orderBy: readonly string[];
  /** an identity / autoincrement column: its sequence is moved past the imported ids (PostgreSQL) */
  identity?: string;
  /** columns holding JSON (jsonb on PostgreSQL, text on SQLite): written as JSON values, stored as JSON text */
  json?: readonly string[];
  /** rows per INSERT when loading (bounded by bind parameters, and by memory for tables of bytes) */
  batch: number;
};

export const ARCHIVE_TABLES: readonly ArchiveTable[] = [
  // Staff first: posts and revisions name accounts. Password hashes travel; sessions and invitations never do.
  { table: 'accounts', orderBy: ['id'], identity: 'id', batch: 500 },
  { table: 'api_keys', orderBy: ['id'], identity: 'id', batch: 500 },
  { table: 'posts', orderBy: ['id'], identity: 'id', batch: 500 },
  { table: 'sections', orderBy: ['id'], identity: 'id', json: ['content'], batch: 500 },
  { table: 'products', orderBy: ['id'], identity: 'id', batch: 500 },
  { table: 'tags', orderBy: ['id'], identity: 'id', batch: 500 },
  { table: 'post_tags', orderBy: ['post_id', 'tag_id'], batch: 500 },
  // Matches after their tags and posts (the teams, the competition and the post about it).
  { table: 'matches', orderBy: ['id'], identity: 'id', batch: 500 },
  { table: 'post_revisions', orderBy: ['id'], identity: 'id', json: ['post'], batch: 200 },
  // Live coverage and its entries travel with their posts (the stream's event log does not: it is delivery only).
  { table: 'live_coverage', orderBy: ['post_id'], batch: 500 },
  { table: 'live_entries', orderBy: ['id'], identity: 'id', batch: 500 },
  // The desk: open submissions, review steps and editorial notes (staff only; notifications and mail stay behind).
  { table: 'post_reviews', orderBy: ['post_id'], batch: 500 },
  { table: 'review_steps', orderBy: ['id'], identity: 'id', batch: 500 },
  { table: 'editorial_notes', orderBy: ['id'], identity: 'id', batch: 500 },
  // Members and the tags they follow (their links and sessions stay behind, as staff sessions do).
  { table: 'members', orderBy: ['id'], identity: 'id', batch: 500 },
  { table: 'member_tags', orderBy: ['member_id', 'tag'], batch: 500 },
  // Which posts were already mailed (or public before newsletters), so an imported site mails none of them again.
  { table: 'newsletter_dispatches', orderBy: ['post_id'], batch: 500 },
  // The cleaned originals. Their variants come along too: re-encoding every width (AVIF above all) on import would
  // take minutes for a few hundred photos, where copying them takes a second.
  { table: 'uploads', orderBy: ['name'], batch: 20 },
  { table: 'image_variants', orderBy: ['hash', 'width', 'format'], batch: 50 },
  // Members' comments and their reports, after their posts and members (a reply after its comment: ids grow). The
  // reply mail's stop tokens stay behind, as links do.
  { table: 'comments', orderBy: ['id'], identity: 'id', batch: 500 },
  { table: 'comment_reports', orderBy: ['comment_id', 'member_id'], batch: 500 },
];
