// A write that finds SQLite's write lock held by another connection (here another thread, as the mail sender's is)
// waits for it and goes through once it is free, with SQLite's own busy handler off; one held past the wait is
// refused with SQLITE_BUSY and changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { patiently, patientPrepare } from '../../../src/server/db/sqliteBusy';

/** Another thread takes the write lock, says so, and keeps it `holdMs` before it commits its own row. */
function holdLock(file: string, holdMs: number): Promise<{ released: Promise<void> }> {
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
    const db = new (require(workerData.module))(workerData.file);
    db.prepare('begin immediate').run();
    db.prepare("insert into notes (text) values ('holder')").run();
    parentPort.postMessage('held');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
    db.prepare('commit').run();
    db.close();`,
    { eval: true, workerData: { module: require.resolve('better-sqlite3'), file, holdMs } },
  );
  const released = new Promise<void>((resolve, reject) => {
    worker.once('exit', () => resolve());
    worker.once('error', reject);
  });
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve({ released }));
    worker.once('error', reject);
  });
}

let dir: string;
let sqlite: SQLite.Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'touchline-busy-'));
  sqlite = new SQLite(join(dir, 'busy.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec('create table notes (id integer primary key, text text not null)');
});
afterEach(() => {
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});
const texts = () =>
  (sqlite.prepare('select text from notes order by id').all() as { text: string }[]).map((r) => r.text);

it('waits for the lock another thread holds, then writes', async () => {
  const prepare = patientPrepare(sqlite);
  const { released } = await holdLock(join(dir, 'busy.db'), 200);
  // SQLite's own handler is off: unwrapped, the same write is refused at once.
  expect(() => sqlite.prepare("insert into notes (text) values ('impatient')").run()).toThrow(
    expect.objectContaining({ code: 'SQLITE_BUSY' }),
  );
  prepare('begin immediate').run();
  prepare("insert into notes (text) values ('patient')").run();
  prepare('commit').run();
  await released;
  expect(texts()).toEqual(['holder', 'patient']);
});

it('gives up with SQLITE_BUSY once its wait is over, and writes nothing', async () => {
  patientPrepare(sqlite);
  const { released } = await holdLock(join(dir, 'busy.db'), 400);
  const insert = sqlite.prepare("insert into notes (text) values ('too late')");
  expect(() => patiently(() => insert.run(), 50)).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
  await released;
  expect(texts()).toEqual(['holder']);
});
