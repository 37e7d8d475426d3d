// Staff second factors: passkeys (WebAuthn credentials and their single-use challenges), an authenticator app's
// secret (encrypted), recovery codes (hashed), the code step between a right password and a session, the sessions
// made with two factors, and the site's policy. Frozen once landed: add a new file to change the schema.
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function secondFactors(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      const key = (c: ColumnDefinitionBuilder) =>
        dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
      const account = (c: ColumnDefinitionBuilder) => c.notNull().references('accounts.id').onDelete('cascade');

      // One row per passkey. The credential id and the COSE public key are base64url text; the counter and the
      // backup flags are kept to refuse a cloned authenticator's counter going backwards.
      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'integer', key)
        .addColumn('account_id', 'integer', account)
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('device_type', 'text', (c) => c.notNull())
        .addColumn('backed_up', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('last_used_at', timestamp)
        .execute();
      await db.schema.createIndex('passkeys_account').on('passkeys').column('account_id').execute();

      // WebAuthn challenges, single-use, shared by every process on the database. Epoch ms.
      await db.schema
        .createTable('webauthn_challenges')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webauthn_challenges_expiry')
        .on('webauthn_challenges')
        .column('expires_at')
        .execute();

      // The authenticator app: the secret sealed with the server's key (never in the clear), enabled once a code
      // was right, and the last time step accepted (a code is taken once).
      await db.schema
        .createTable('totp_secrets')
        .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
        .addColumn('sealed_secret', 'text', (c) => c.notNull())
        .addColumn('enabled_at', timestamp)
        .addColumn('last_step', 'bigint')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();

      // Recovery codes: sha256 of each, single use.
      await db.schema
        .createTable('recovery_codes')
        .addColumn('id', 'integer', key)
        .addColumn('account_id', 'integer', account)
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema.createIndex('recovery_codes_account').on('recovery_codes').column('account_id').execute();

      // A sign-in whose password was right and that waits for a code: sha256 of its ticket, its wrong codes.
      await db.schema
        .createTable('code_steps')
        .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', account)
        .addColumn('wrong_codes', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();

      // Sessions made with two factors (a passkey, or a password and a code): the policy lets only these through.
      await db.schema
        .createTable('strong_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey().references('sessions.id_hash').onDelete('cascade'))
        .addColumn('account_id', 'integer', account)
        .execute();

      // Site-wide settings set by owners: 'second_factor' is 'none', 'editors' (owners and editors) or 'all'.
      await db.schema
        .createTable('site_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      for (const table of [
        'site_settings',
        'strong_sessions',
        'code_steps',
        'recovery_codes',
        'totp_secrets',
        'webauthn_challenges',
        'passkeys',
      ])
        await db.schema.dropTable(table).execute();
    },
  };
}
