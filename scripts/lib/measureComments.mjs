// A post's approved comments for the measuring scripts (bench:comments, lighthouse), written straight into the
// server's SQLite file: a few members, every tenth comment a reply, bodies of a few sentences with a link now and then.
import Database from 'better-sqlite3';

const SENTENCES = [
  'That second half was the best football we have played all season.',
  'The press in the first twenty minutes won it, whatever the pundits say.',
  'Still think the substitution came far too late.',
  'Highlights here: https://example.com/highlights, worth a watch.',
  'Our full-back had a quiet game, and nobody noticed, which is the point.',
];

/** Writes `count` approved comments on post `postId` into the SQLite database at `file`; answers nothing. */
export function addApprovedComments(file, postId, count) {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  const start = Date.parse('2026-11-01T12:00:00.000Z');
  const write = db.transaction(() => {
    const members = [];
    for (let m = 1; m <= 20; m += 1)
      members.push(
        db
          .prepare(
            `insert into members (email, name, status, all_posts, created_at, confirmed_at) values (?, ?, 'active', 1, ?, ?)`,
          )
          .run(
            `fan${m}-${postId}@example.com`,
            `Fan ${m}`,
            new Date(start).toISOString(),
            new Date(start).toISOString(),
          ).lastInsertRowid,
      );
    const insert = db.prepare(
      `insert into comments (post_id, member_id, parent_id, body, status, created_at, approved_at) values (?, ?, ?, ?, 'approved', ?, ?)`,
    );
    let lastTop = null;
    for (let n = 0; n < count; n += 1) {
      const at = new Date(start + n * 60_000).toISOString();
      const body = `${SENTENCES[n % SENTENCES.length]} ${SENTENCES[(n * 3 + 1) % SENTENCES.length]}`;
      const parent = n % 10 === 9 ? lastTop : null;
      const id = insert.run(postId, members[n % members.length], parent, body, at, at).lastInsertRowid;
      if (parent === null) lastTop = id;
    }
  });
  write();
  db.close();
}
