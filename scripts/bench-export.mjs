// `npm run bench:export`: how long export and import take for a blog of 1,000 posts (200 of them edited, so with
// revisions) and 200 uploaded photos with their variants. Source: a temp SQLite database filled through the compiled
// repositories. Import goes into a new SQLite file and, when TEST_DATABASE_URL names a PostgreSQL server (e.g. under
// scripts/with-postgres.sh), into a new PostgreSQL database too. Photos are generated (scripts/lib/photo.mjs); each
// upload's variants reuse one set of encoded widths (their bytes cost the same to move, and encoding 200 AVIF ladders
// would take minutes before the measurement starts).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import pg from 'pg';
import { photoJpeg } from './lib/photo.mjs';
import { runScript, stale } from './lib/staleBuild.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 200);
const EDITED = Number(process.env.BENCH_EDITED ?? 200);
const WIDTHS = [64, 128, 320, 640, 800, 960];

if (stale('dist/server/archive/archive.js', 'src/server', 'src/contract')) runScript('build:server', 'bench');
const dist = (path) => require(join(root, 'dist/server', path));
const { openDatabase } = dist('db/database.js');
const { migrateToLatest } = dist('db/migrate.js');
const { createPost, findPost, updatePost } = dist('repositories/postsRepository.js');
const { exportArchive, importArchive } = dist('archive/archive.js');

const dir = mkdtempSync(join(tmpdir(), 'touchline-bench-export-'));
const seconds = (start) => ((performance.now() - start) / 1000).toFixed(2);

async function fill(db) {
  const started = performance.now();
  const variants = [];
  const base = await photoJpeg(1200, 800, { seed: 1 });
  for (const width of WIDTHS) {
    variants.push({
      width,
      format: 'jpg',
      type: 'image/jpeg',
      data: await sharp(base).resize(width).jpeg().toBuffer(),
    });
    variants.push({
      width,
      format: 'avif',
      type: 'image/avif',
      data: await sharp(base).resize(width).avif().toBuffer(),
    });
  }
  const urls = [];
  for (let i = 0; i < IMAGES; i += 1) {
    const data = await photoJpeg(1200, 800, { seed: i + 2 });
    const hash = createHash('sha256').update(data).digest('hex');
    const name = `${hash}.jpg`;
    const now = new Date().toISOString();
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('uploads')
        .values({
          name,
          content_type: 'image/jpeg',
          byte_size: data.length,
          data,
          created_at: now,
          state: 'ready',
          width: 1200,
          height: 800,
          widths: WIDTHS.join(','),
          formats: 'avif',
          fallback: 'jpg',
        })
        .execute();
      for (const v of variants)
        await trx
          .insertInto('image_variants')
          .values({
            hash,
            width: v.width,
            format: v.format,
            content_type: v.type,
            byte_size: v.data.length,
            data: v.data,
            created_at: now,
          })
          .execute();
    });
    urls.push(`/uploads/${name}`);
  }
  const submission = (i) => ({
    header: {
      icon: 'Trophy',
      title: `Match report ${i}: what the numbers said`,
      image: urls[i % urls.length],
      publishDate: 'November 25, 2026',
      readTime: '6 min read',
      sections: [
        {
          type: 'single-paragraph',
          icon: 'Camera',
          title: 'The first half',
          paragraph: 'A patient build-up, then two chances in three minutes. '.repeat(12),
          list: ['Possession 58%', 'Shots 7', 'Corners 4'],
        },
        {
          type: 'two-column',
          icon: 'Users',
          title: 'Line-ups',
          paragraph: 'Both managers rotated after the midweek cup tie. '.repeat(6),
          columns: [
            { heading: 'Home', list: ['4-3-3', 'Captain back', 'New keeper'] },
            { heading: 'Away', list: ['5-3-2', 'Two debuts'] },
          ],
        },
      ],
    },
    products: [
      {
        title: 'Match ball',
        description: 'Size 5',
        price: '$34.50',
        imageUrl: urls[(i + 1) % urls.length],
        amazonUrl: '',
      },
      { title: 'Scarf', description: 'Club colours', price: '$12', imageUrl: '', amazonUrl: '' },
    ],
    footer: {
      authorName: 'Maya Okafor',
      authorTitle: 'Chief Football Writer',
      imageUrl: '/images/seed/author-maya.svg',
    },
    status: i % 10 === 0 ? 'draft' : 'published',
    publishAt: null,
  });
  for (let i = 1; i <= POSTS; i += 1) await createPost(db, submission(i));
  for (let id = 1; id <= EDITED; id += 1) {
    const current = await findPost(db, id, { includeHidden: true });
    const edit = submission(id);
    edit.header.title = `${edit.header.title} (corrected)`;
    await updatePost(db, id, edit, { replaced: current, by: { accountId: null, name: 'Bench' } });
  }
  return seconds(started);
}

async function newPostgres(adminUrl) {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function timedImport(config, archive) {
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const started = performance.now();
    await importArchive(db, archive);
    return seconds(started);
  } finally {
    await db.kysely.destroy();
  }
}

try {
  const source = openDatabase({ kind: 'sqlite', file: join(dir, 'source.db') });
  await migrateToLatest(source);
  console.log(
    `bench:export: filling SQLite with ${POSTS} posts (${EDITED} edited), ${IMAGES} photos and their variants...`,
  );
  const filled = await fill(source);
  console.log(`bench:export: filled in ${filled} s`);

  const archive = join(dir, 'blog.touchline');
  let started = performance.now();
  const { rows } = await exportArchive(source, archive);
  const exportSeconds = seconds(started);
  await source.kysely.destroy();
  const size = (statSync(archive).size / 1_048_576).toFixed(1);

  const results = [
    {
      step: 'export (SQLite)',
      seconds: exportSeconds,
      note: `${size} MB, ${rows.posts} posts, ${rows.post_revisions} revisions, ${rows.uploads} uploads, ${rows.image_variants} variants`,
    },
    {
      step: 'import (SQLite)',
      seconds: await timedImport({ kind: 'sqlite', file: join(dir, 'target.db') }, archive),
      note: 'into a new file',
    },
  ];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const target = await newPostgres(adminUrl);
    try {
      results.push({
        step: 'import (PostgreSQL)',
        seconds: await timedImport({ kind: 'postgres', url: target.url }, archive),
        note: 'into a new database',
      });
      const db = openDatabase({ kind: 'postgres', url: target.url });
      started = performance.now();
      await exportArchive(db, join(dir, 'from-pg.touchline'));
      results.push({ step: 'export (PostgreSQL)', seconds: seconds(started), note: 'the imported blog again' });
      await db.kysely.destroy();
    } finally {
      await target.drop();
    }
  } else {
    console.log('bench:export: TEST_DATABASE_URL not set, PostgreSQL skipped (run under scripts/with-postgres.sh)');
  }
  console.table(results);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
