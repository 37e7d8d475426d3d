// Matches and the tags' kinds travel in the export archive and come back on import, ids and facts kept; a match row
// the API would refuse is refused.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MatchesAnswer } from '../../../src/contract/matches';
import { exportArchive, importArchive } from '../../../src/server/archive/archive';
import { GROUP_E_CSV } from '../fixtures/worldCup2022';
import { startTestApp, TOKEN } from '../helpers/testApp';
import { createTestDb } from '../helpers/testDb';

const bearer = { authorization: `Bearer ${TOKEN}` };
const dir = mkdtempSync(join(tmpdir(), 'touchline-matches-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('exports matches and tag kinds, and imports them back as they were', async () => {
  const source = await startTestApp();
  const file = join(dir, 'season.jsonl');
  let before: MatchesAnswer;
  try {
    const res = await source.app.inject({
      method: 'POST',
      url: '/api/matches/import',
      headers: { ...bearer, 'content-type': 'text/csv' },
      payload: GROUP_E_CSV,
    });
    expect(res.statusCode).toBe(201);
    const [first] = (await source.app.inject({ method: 'GET', url: '/api/matches' })).json<MatchesAnswer>().matches;
    await source.app.inject({
      method: 'PUT',
      url: `/api/matches/${first!.id}`,
      headers: bearer,
      payload: { status: 'finished', homeScore: 1, awayScore: 2 },
    });
    await source.app.inject({ method: 'PUT', url: '/api/tags/japan', headers: bearer, payload: { shortName: 'JPN' } });
    before = (await source.app.inject({ method: 'GET', url: '/api/matches' })).json<MatchesAnswer>();
    expect((await exportArchive(source.db, file)).rows).toMatchObject({ matches: 6 });
  } finally {
    await source.close();
  }

  const target = await createTestDb();
  try {
    await importArchive(target.db, file);
    const copy = await startTestApp({ testDb: target });
    try {
      expect((await copy.app.inject({ method: 'GET', url: '/api/matches' })).json()).toEqual(before);
      const table = await copy.app.inject({ method: 'GET', url: '/api/competitions/world-cup-group-e/table' });
      expect(table.json().rows[0]).toMatchObject({ team: { slug: 'japan', shortName: 'JPN' }, points: 3 });
    } finally {
      await copy.close();
    }
  } finally {
    await target.drop();
  }

  // A match of a team against itself is no row the API writes: the archive is refused.
  const lines = readFileSync(file, 'utf8').split('\n');
  const bad = lines.map((line) => {
    if (!line.includes('"t":"matches"')) return line;
    const record = JSON.parse(line) as { r: { away_id: number; home_id: number } };
    record.r.away_id = record.r.home_id;
    return JSON.stringify(record);
  });
  // Sealed again, so the import reads the row rather than a damaged archive.
  const endAt = bad.findIndex((line) => line.includes('"end":true'));
  const end = JSON.parse(bad[endAt]!) as { sha256: string };
  end.sha256 = createHash('sha256')
    .update(
      bad
        .slice(0, endAt)
        .map((line) => `${line}\n`)
        .join(''),
    )
    .digest('hex');
  bad[endAt] = JSON.stringify(end);
  const badFile = join(dir, 'bad.jsonl');
  writeFileSync(badFile, bad.join('\n'));
  const empty = await createTestDb();
  try {
    await expect(importArchive(empty.db, badFile)).rejects.toThrow(
      /matches row on line \d+.*A team cannot play itself|damaged/,
    );
  } finally {
    await empty.drop();
  }
});
