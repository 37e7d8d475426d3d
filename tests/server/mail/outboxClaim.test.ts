// The sender's claim stays cheap however many messages wait: with a newsletter's rows queued (most already sent, the
// oldest unsent ones held by other senders) it reads the next due rows in id order from an index, never sorting or
// scanning every unsent row, so a claim does not block the event loop that a publish also needs. It still takes the
// oldest due rows and skips the ones another sender holds.
import { CompiledQuery } from 'kysely';
import { claimDueMails, dueMails } from '../../../src/server/mail/mailRepository';
import { createTestDb, onPostgres } from '../helpers/testDb';
import type { TestDb } from '../helpers/testDb';

jest.setTimeout(60_000);

const NOW = Date.parse('2026-11-28T09:00:00.000Z');
const ROWS = 20_000;
let test: TestDb;

beforeAll(async () => {
  test = await createTestDb();
  const { db } = test;
  // A newsletter mid-send: the first three quarters sent, then 100 rows other senders hold, then the rest due.
  await db.kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < ROWS; start += 1_000)
      await trx
        .insertInto('mail_outbox')
        .values(
          Array.from({ length: 1_000 }, (_, i) => {
            const n = start + i;
            return {
              to_address: `reader${n}@claim.test`,
              subject: 'A story',
              body: '',
              created_at: NOW,
              next_attempt_at: NOW,
              post_id: 1,
              member_id: n + 1,
              sent_at: n < (ROWS * 3) / 4 ? NOW : null,
              claimed_until: n >= (ROWS * 3) / 4 && n < (ROWS * 3) / 4 + 100 ? NOW + 60_000 : null,
            };
          }),
        )
        .execute();
  });
  // PostgreSQL plans from statistics (autovacuum gathers them in production); SQLite's planner has none here.
  if (onPostgres) await db.kysely.executeQuery(CompiledQuery.raw('analyze mail_outbox'));
});
afterAll(async () => test.drop());

async function planOf(): Promise<string> {
  const query = dueMails(test.db, NOW, 20).compile();
  const explain = onPostgres ? 'explain' : 'explain query plan';
  const result = await test.db.kysely.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
  );
  return result.rows.map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n');
}

describe("the outbox's claim", () => {
  it('reads the due rows in id order from an index: no sort, no scan of the table', async () => {
    const plan = await planOf();
    expect(plan).not.toMatch(/TEMP B-TREE|Sort|Seq Scan|SCAN mail_outbox/i);
    expect(plan).toMatch(onPostgres ? /Index (Only )?Scan using mail_outbox_unsent/ : /INDEX mail_outbox_claim/);
  });

  it('takes the oldest due rows and skips those another sender holds', async () => {
    const claimed = await claimDueMails(test.db, NOW, 60_000, 20);
    expect(claimed.map((row) => row.to_address)).toEqual(
      Array.from({ length: 20 }, (_, i) => `reader${(ROWS * 3) / 4 + 100 + i}@claim.test`),
    );
    const again = await claimDueMails(test.db, NOW, 60_000, 20);
    expect(again[0]!.to_address).toBe(`reader${(ROWS * 3) / 4 + 120}@claim.test`);
  });
});
