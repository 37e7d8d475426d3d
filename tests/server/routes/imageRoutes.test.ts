// Photos, server side: what an uploaded photo becomes (cleaned, upright, measured), its variants, hostile files, the
// facts in post answers, and a database made before image processing existed.
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import sharp from 'sharp';
import type { ImageFacts } from '../../../src/contract/images';
import { variantUrl } from '../../../src/contract/images';
import type { BlogPost, BlogSummary } from '../../../src/contract/types';
import { buildApp } from '../../../src/server/app';
import { openDatabase } from '../../../src/server/db/database';
import type { Db } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { createPosts } from '../../../src/server/db/migrations/20261122_0001_create_posts';
import { ImageService } from '../../../src/server/images/imageService';
import { QueueFull, WorkQueue } from '../../../src/server/images/workQueue';
import { countUploads } from '../../../src/server/repositories/uploadsRepository';
import { validSubmission } from '../fixtures/submissions';
import { hasExif, jpegOrientation6, jpegWithGps, pngDeclaring } from '../helpers/images';
import { multipart, PUBLIC_URL, startTestApp, TOKEN, useTestApp } from '../helpers/testApp';
import { createDatabaseConfig } from '../helpers/testDb';

jest.setTimeout(60_000);

const t = useTestApp({ alsoEmpty: ['image_variants'], sharedApp: true });

type UploadAnswer = { url: string; image: ImageFacts };

async function upload(bytes: Buffer, name = 'photo.jpg') {
  const form = await multipart({ file: { bytes, name } });
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${TOKEN}` },
  });
}

async function uploaded(bytes: Buffer, name?: string): Promise<UploadAnswer> {
  const res = await upload(bytes, name);
  expect(res.statusCode).toBe(201);
  return res.json<UploadAnswer>();
}

/** Every URL the site serves an upload from: the original and each variant its facts list. */
function servedUrls({ url, image }: UploadAnswer): string[] {
  const variants = image.widths.flatMap((width) =>
    [...image.formats, image.fallback].map((format) => variantUrl(url, width, format) as string),
  );
  return [url, ...variants];
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('an uploaded photo', () => {
  it('carries no EXIF (no GPS, no camera) at its original URL or any variant', async () => {
    const photo = await jpegWithGps(1200, 800);
    expect(await hasExif(photo)).toBe(true);
    const answer = await uploaded(photo);
    const urls = servedUrls(answer);
    // The original, then 64, 128, 320, 640, 800, 960 and 1200 px in AVIF and JPEG.
    expect(urls.length).toBe(1 + 7 * 2);
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(await hasExif(res.rawPayload)).toBe(false);
      const text = res.rawPayload.toString('latin1');
      for (const secret of ['PhoneCo', 'secret-owner', 'Exif']) expect(text).not.toContain(secret);
    }
  });

  it('is turned upright: EXIF orientation 6 on a landscape gives a portrait, and the facts say so', async () => {
    const answer = await uploaded(await jpegOrientation6(600, 400));
    expect(answer.image).toEqual({
      width: 400,
      height: 600,
      widths: [64, 128, 320, 400],
      formats: ['avif'],
      fallback: 'jpg',
    });
    for (const url of [answer.url, variantUrl(answer.url, 320, 'avif') as string]) {
      const res = await get(url);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.orientation).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width);
      // Stored with its red half on the left; rotated clockwise, red is on top.
      const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(150);
      expect(data[2]).toBeLessThan(100);
    }
  });

  it('has variants at the ladder widths below its own, plus its own up to 1920, never upscaled', async () => {
    const small = await uploaded(
      await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#333' } })
        .jpeg()
        .toBuffer(),
    );
    expect(small.image.widths).toEqual([64, 128, 320, 640, 800, 960, 1000]);
    const big = await uploaded(
      await sharp({ create: { width: 2500, height: 400, channels: 3, background: '#333' } })
        .jpeg()
        .toBuffer(),
    );
    expect(big.image.widths).toEqual([64, 128, 320, 640, 800, 960, 1280, 1920]);
    for (const answer of [small, big]) {
      for (const width of answer.image.widths) {
        for (const format of ['avif', 'jpg'] as const) {
          const res = await get(variantUrl(answer.url, width, format) as string);
          expect(res.statusCode).toBe(200);
          const meta = await sharp(res.rawPayload).metadata();
          expect([meta.format, meta.width]).toEqual([format === 'jpg' ? 'jpeg' : 'heif', width]);
        }
      }
    }
    // Nothing wider than the image itself, nor off the ladder.
    for (const url of [
      variantUrl(small.url, 1280, 'avif'),
      variantUrl(small.url, 500, 'avif'),
      variantUrl(big.url, 2500, 'jpg'),
    ]) {
      const res = await get(url as string);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'File not found' });
    }
  });

  it('keeps transparency: a PNG with alpha gets PNG and AVIF variants with alpha', async () => {
    const png = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.3 } },
    })
      .png()
      .toBuffer();
    const answer = await uploaded(png, 'logo.png');
    expect(answer.image.fallback).toBe('png');
    for (const format of ['png', 'avif'] as const) {
      const res = await get(variantUrl(answer.url, 128, format) as string);
      expect(res.headers['content-type']).toBe(`image/${format}`);
      expect((await sharp(res.rawPayload).metadata()).hasAlpha).toBe(true);
    }
  });

  it('serves each variant immutable, with its type, an ETag, nosniff and 304 revalidation', async () => {
    const answer = await uploaded(await jpegWithGps(400, 300));
    const url = variantUrl(answer.url, 320, 'avif') as string;
    const res = await get(url);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}-320\.avif"$/);
    expect((await get(url, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
    expect((await get(variantUrl(answer.url, 320, 'jpg') as string)).headers['content-type']).toBe('image/jpeg');
  });

  it('keeps WebP when it was processed while WebP was the modern format: its facts and its variant URLs', async () => {
    const answer = await uploaded(await jpegWithGps(400, 300));
    const name = answer.url.slice('/uploads/'.length);
    // As a database from before AVIF holds it: facts that name WebP, and no AVIF variant stored.
    await t.testDb.db.kysely.updateTable('uploads').set({ formats: 'webp' }).where('name', '=', name).execute();
    await t.testDb.db.kysely.deleteFrom('image_variants').where('format', '=', 'avif').execute();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      payload: validSubmission({ image: answer.url }),
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<BlogPost>().images?.[answer.url]?.formats).toEqual(['webp']);
    // Its WebP variants, never stored, are made on request; AVIF ones it never offered stay missing.
    const webp = await get(variantUrl(answer.url, 320, 'webp') as string);
    expect([webp.statusCode, webp.headers['content-type']]).toEqual([200, 'image/webp']);
    const meta = await sharp(webp.rawPayload).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 320, undefined]);
    expect((await get(variantUrl(answer.url, 320, 'avif') as string)).statusCode).toBe(404);
  });

  it('keeps its URL when the same bytes come again, even at the same moment, and keeps one copy', async () => {
    const photo = await jpegWithGps(300, 200);
    const first = await uploaded(photo);
    const [again, parallel] = await Promise.all([uploaded(photo), uploaded(photo)]);
    expect(again).toEqual(first);
    expect(parallel).toEqual(first);
    expect(first.url).toBe(`/uploads/${createHash('sha256').update(photo).digest('hex')}.jpg`);
    expect(await countUploads(t.db)).toBe(1);
  });
});

describe('readers during a burst of uploads', () => {
  it('get stored variants at once while the uploads wait for the encoding queue', async () => {
    const stored = await uploaded(await jpegWithGps(300, 200));
    const photos = await Promise.all(
      [1, 2, 3].map((n) =>
        sharp({
          create: {
            // Big enough that encoding one takes longer than a read of a stored variant, small enough to be cheap.
            width: 480,
            height: 360,
            channels: 3,
            background: '#000',
            noise: { type: 'gaussian', mean: 100 + n, sigma: 40 },
          },
        })
          .jpeg()
          .toBuffer(),
      ),
    );
    // The queue's own signal that every upload of the burst reached it (one encoding, the others waiting): as many
    // calls of its run() as there are uploads. The calls go through unchanged.
    const run = WorkQueue.prototype.run;
    let queued = 0;
    let allQueued: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (allQueued = resolve));
    const spy = jest.spyOn(WorkQueue.prototype, 'run').mockImplementation(function (this: WorkQueue, job) {
      queued += 1;
      if (queued === photos.length) allQueued();
      return run.call(this, job);
    });
    try {
      let finished = 0;
      const burst = photos.map((photo) => upload(photo).then((res) => ((finished += 1), res)));
      await reached;
      const read = await get(variantUrl(stored.url, 128, 'avif') as string);
      expect(read.statusCode).toBe(200);
      expect(finished).toBeLessThan(photos.length);
      for (const res of await Promise.all(burst)) expect(res.statusCode).toBe(201);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('hostile files', () => {
  it('refuses a tiny PNG declaring 100000×100000 pixels with a 422, without decoding it', async () => {
    const bomb = pngDeclaring();
    expect(bomb.length).toBeLessThan(1_000);
    const res = await upload(bomb, 'bomb.png');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'Image has too many pixels (100000×100000; at most 50 megapixels)' });
    expect(await countUploads(t.db)).toBe(0);
  });

  it('refuses a truncated JPEG and a text file named .jpg with a 415 and an error', async () => {
    const photo = await sharp(
      Buffer.alloc(300 * 200 * 3).map((_, i) => (i * 7919) % 251),
      {
        raw: { width: 300, height: 200, channels: 3 },
      },
    )
      .jpeg()
      .toBuffer();
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));
    const text = Buffer.from('just some notes, not a photo\n');
    for (const [bytes, error] of [
      [truncated, 'The image could not be decoded: it is damaged or not an image'],
      [text, 'Unsupported image type: upload a PNG, JPEG, WebP, GIF or AVIF image'],
    ] as const) {
      const res = await upload(bytes, 'photo.jpg');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error });
    }
    expect(await countUploads(t.db)).toBe(0);
  });
});

describe('image facts in post answers', () => {
  it('lists every uploaded image the post shows, and no external one', async () => {
    const header = await uploaded(await jpegOrientation6(600, 400));
    const author = await uploaded(
      await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer(),
      'me.png',
    );
    const product = await uploaded(await jpegWithGps(500, 500));
    const base = validSubmission({ image: header.url });
    const ball = { title: 'Match Ball', description: '', price: '$34.50', imageUrl: product.url, amazonUrl: '' };
    const submission = {
      ...base,
      products: [ball, { ...ball, imageUrl: 'https://images.example.com/ball.jpg' }],
      footer: { authorName: 'Sam', authorTitle: 'Writer', imageUrl: author.url },
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      payload: submission,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(created.statusCode).toBe(201);
    const expected = { [header.url]: header.image, [author.url]: author.image, [product.url]: product.image };
    const post = created.json<BlogPost>();
    expect(post.images).toEqual(expected);
    // The URL fields stay plain strings.
    expect([post.imageUrl, post.authorImage, post.products[0]?.imageUrl]).toEqual([
      header.url,
      author.url,
      product.url,
    ]);

    const read = await get(`/api/blogs/${post.id}`);
    expect(read.json<BlogPost>().images).toEqual(expected);
    const list = await get('/api/blogs');
    expect(list.json<BlogSummary[]>()[0]?.images).toEqual({ [header.url]: header.image });
  });
});

describe('a database made before image processing existed', () => {
  let old: { db: Db; remove: () => Promise<void> } | undefined;
  afterEach(async () => {
    await old?.db.kysely.destroy().catch(() => undefined);
    await old?.remove();
    old = undefined;
  });

  it('upgrades with no manual step and serves old uploads cleaned, lazily and by the backfill', async () => {
    const { config, remove } = await createDatabaseConfig();
    const db = openDatabase(config);
    old = { db, remove };
    // The schema exactly as migration 0001 left it, with rows as the previous release wrote them.
    const migrator = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => ({ '20261122_0001_create_posts': createPosts(db.dialect) }) },
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rotated = await jpegOrientation6(600, 400);
    const gps = await jpegWithGps(800, 600);
    const garbage = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('rest of a png'),
    ]);
    const nameOf = (bytes: Buffer, ext: string) => `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
    const rows = [
      [rotated, 'jpg', 'image/jpeg'],
      [gps, 'jpg', 'image/jpeg'],
      [garbage, 'png', 'image/png'],
    ] as const;
    for (const [bytes, ext, type] of rows) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the old schema, not today's Database type
      await (db.kysely as any)
        .insertInto('uploads')
        .values({
          name: nameOf(bytes, ext),
          content_type: type,
          byte_size: bytes.length,
          data: bytes,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    const headerUrl = `/uploads/${nameOf(rotated, 'jpg')}`;
    const gpsUrl = `/uploads/${nameOf(gps, 'jpg')}`;
    const garbageUrl = `/uploads/${nameOf(garbage, 'png')}`;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the old schema, not today's Database type
    const { id } = await (db.kysely as any)
      .insertInto('posts')
      .values({
        title: 'Old post',
        icon: 'Trophy',
        author_name: 'A',
        author_title: 'B',
        author_image: garbageUrl,
        publish_date: 'May 1, 2024',
        read_time: '1 min read',
        image_url: headerUrl,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await migrateToLatest(db);
    const app = await startTestApp({ testDb: { db, config, drop: async () => undefined } });
    try {
      // Before anything is processed the post reads fine, with no facts yet.
      const before = await app.app.inject({ method: 'GET', url: `/api/blogs/${id}` });
      expect(before.statusCode).toBe(200);
      expect(before.json<BlogPost>().images).toEqual({});

      // First request: cleaned on the spot, upright, no EXIF; its variants exist.
      const original = await app.app.inject({ method: 'GET', url: headerUrl });
      expect(original.statusCode).toBe(200);
      expect(await hasExif(original.rawPayload)).toBe(false);
      const meta = await sharp(original.rawPayload).metadata();
      expect([meta.width, meta.height, meta.orientation]).toEqual([400, 600, undefined]);
      const variant = await app.app.inject({ method: 'GET', url: variantUrl(headerUrl, 128, 'avif') as string });
      expect(variant.statusCode).toBe(200);

      // The cached post answer learns the facts.
      const after = await app.app.inject({ method: 'GET', url: `/api/blogs/${id}` });
      expect(after.json<BlogPost>().images).toEqual({
        [headerUrl]: { width: 400, height: 600, widths: [64, 128, 320, 400], formats: ['avif'], fallback: 'jpg' },
      });

      // A variant of an old upload nobody asked for yet is made on request too.
      const gpsVariant = await app.app.inject({ method: 'GET', url: variantUrl(gpsUrl, 320, 'jpg') as string });
      expect(gpsVariant.statusCode).toBe(200);
      expect(await hasExif(gpsVariant.rawPayload)).toBe(false);

      // Bytes that never were an image: a 404, never a 500, never the raw bytes.
      for (const url of [garbageUrl, variantUrl(garbageUrl, 64, 'png') as string]) {
        const res = await app.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'File not found' });
      }
    } finally {
      await app.close();
    }
  });

  it('processes an old upload when the same bytes are uploaded again, and its post learns the facts', async () => {
    const { config, remove } = await createDatabaseConfig();
    const db = openDatabase(config);
    old = { db, remove };
    await migrateToLatest(db);
    const photo = await jpegWithGps(640, 480);
    const url = `/uploads/${createHash('sha256').update(photo).digest('hex')}.jpg`;
    await db.kysely
      .insertInto('uploads')
      .values({
        name: url.slice('/uploads/'.length),
        content_type: 'image/jpeg',
        byte_size: photo.length,
        data: photo,
        created_at: new Date().toISOString(),
      })
      .execute();
    const app = await startTestApp({ testDb: { db, config, drop: async () => undefined } });
    try {
      const created = await app.app.inject({
        method: 'POST',
        url: '/api/blogs',
        payload: validSubmission({ image: url }),
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const { id, images } = created.json<BlogPost>();
      expect(images).toEqual({});
      expect((await app.app.inject({ method: 'GET', url: `/api/blogs/${id}` })).json<BlogPost>().images).toEqual({});

      const form = await multipart({ file: { bytes: photo, name: 'again.jpg' } });
      const again = await app.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${TOKEN}` },
      });
      expect(again.statusCode).toBe(201);
      const answer = again.json<UploadAnswer>();
      expect(answer.url).toBe(url);
      const read = await app.app.inject({ method: 'GET', url: `/api/blogs/${id}` });
      expect(read.json<BlogPost>().images).toEqual({ [url]: answer.image });
    } finally {
      await app.close();
    }
  });

  it('backfills pending uploads in the background, one at a time', async () => {
    const { config, remove } = await createDatabaseConfig();
    const db = openDatabase(config);
    old = { db, remove };
    await migrateToLatest(db);
    const photos = [await jpegWithGps(320, 240), await jpegOrientation6(200, 100)];
    for (const bytes of photos) {
      await db.kysely
        .insertInto('uploads')
        .values({
          name: `${createHash('sha256').update(bytes).digest('hex')}.jpg`,
          content_type: 'image/jpeg',
          byte_size: bytes.length,
          data: bytes,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    const images = new ImageService(db);
    await images.startBackfill({ pauseMs: 0 });
    const rows = await db.kysely
      .selectFrom('uploads')
      .select(['state', 'width', 'height', 'data'])
      .orderBy('width')
      .execute();
    expect(rows.map((r) => [r.state, r.width, r.height])).toEqual([
      ['ready', 100, 200],
      ['ready', 320, 240],
    ]);
    for (const row of rows) expect(await hasExif(row.data)).toBe(false);
    const variants = await db.kysely
      .selectFrom('image_variants')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(variants.n)).toBe(2 * 2 + 3 * 2);
  });
});

describe('a busy image queue', () => {
  it('answers an upload with 503, Retry-After and an error instead of queueing without bound', async () => {
    const busy = new (class extends ImageService {
      override async accept(): Promise<ImageFacts> {
        throw new QueueFull();
      }
    })(t.testDb.db);
    const app = await buildApp({
      db: t.testDb.db,
      images: busy,
      config: {
        adminToken: TOKEN,
        trustProxy: false,
        clientDir: join(tmpdir(), 'touchline-no-client-here'),
        publicUrl: PUBLIC_URL,
      },
    });
    try {
      const form = await multipart({ file: { bytes: await jpegWithGps(64, 64), name: 'a.jpg' } });
      const res = await app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ error: 'The server is busy processing images: try again in a few seconds' });
    } finally {
      await app.close();
    }
  });
});
