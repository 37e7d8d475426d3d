// Who sent each invitation, and when one was revoked: an invitation dies with the account that sent it, or when that
// account may no longer invite its role, and a revoked code says so instead of "not valid". Frozen once landed.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function invitationOwners(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      // No foreign key: removing the sender revokes its invitations in the same transaction and keeps the row, so the
      // code still answers "revoked". Null: a setup link, or an invitation sent before senders were recorded (it
      // keeps working until it expires).
      await db.schema.alterTable('invitations').addColumn('invited_by', 'integer').execute();
      await db.schema.alterTable('invitations').addColumn('revoked_at', timestamp).execute();
      await db.schema.createIndex('invitations_invited_by').on('invitations').column('invited_by').execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('invitations_invited_by').execute();
      await db.schema.alterTable('invitations').dropColumn('revoked_at').execute();
      await db.schema.alterTable('invitations').dropColumn('invited_by').execute();
    },
  };
}
