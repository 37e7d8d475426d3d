import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { LIMITS } from '../../../src/contract/limits';
import { countUploads } from '../../../src/server/repositories/uploadsRepository';
import { multipart, TOKEN, useTestApp } from '../helpers/testApp';
import { emptyDatabase } from '../helpers/testDb';
import { staffSession } from '../helpers/accounts';
import { jpegOfSize, sampleImages } from '../helpers/images';

// A new app per test, so the failed-token counter starts at zero.
const t = useTestApp({ sharedApp: true });
let IMAGES: Awaited<ReturnType<typeof sampleImages>>;
beforeAll(async () => {
  IMAGES = await sampleImages();
});

const FORMATS = { png: 'png', jpg: 'jpeg', gif: 'gif', webp: 'webp', avif: 'heif' };
const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif' };

async function upload(fields: Parameters<typeof multipart>[0], headers: Record<string, string> = {}) {
  const form = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
}

const BEARER = { authorization: `Bearer ${TOKEN}` };
/** A cookie that names no session: it proves nothing, and is refused before the body. */
const JUNK_COOKIE = { cookie: '__Host-touchline_session=not-a-session' };
/** A live session's cookie, sent without Origin: the session alone may not write, but its form may carry a token. */
const liveSession = async () => ({ cookie: (await staffSession(t.app, t.db, 'author')).cookie });

// Several tests send 25 MB bodies through the real image pipeline: seconds each on a busy 2-core machine.
jest.setTimeout(60_000);

describe('POST /api/uploads', () => {
  it.each(['png', 'jpg', 'gif', 'webp', 'avif'] as const)(
    'stores a %s found by its bytes (whatever its name says) under the sha256 of the uploaded bytes',
    async (ext) => {
      const data = IMAGES[ext];
      const res = await upload({ file: { bytes: data, name: 'photo.txt', type: 'text/plain' } }, BEARER);
      expect(res.statusCode).toBe(201);
      const hash = createHash('sha256').update(data).digest('hex');
      expect(res.json()).toEqual({
        url: `/uploads/${hash}.${ext}`,
        image: { width: 40, height: 30, widths: [40], formats: ['avif'], fallback: ext === 'png' ? 'png' : 'jpg' },
      });

      // The cleaned image, still in the uploaded format and size.
      const served = await t.app.inject({ method: 'GET', url: `/uploads/${hash}.${ext}` });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([FORMATS[ext], 40, 30]);
      expect(served.headers['content-type']).toBe(CONTENT_TYPES[ext]);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('gives the same bytes the same URL and keeps one copy', async () => {
    const first = await upload({ file: { bytes: IMAGES.png, name: 'a.png' } }, BEARER);
    const second = await upload({ file: { bytes: IMAGES.png, name: 'b.png' } }, { authorization: `Bearer ${TOKEN}` });
    expect(second.json()).toEqual(first.json());
    expect(await countUploads(t.db)).toBe(1);
  });

  it('answers 401 without a token or with a wrong one, and stores nothing', async () => {
    const none = await upload({ file: { bytes: IMAGES.png, name: 'a.png' } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Access token required' });
    const junk = await upload({ accessToken: TOKEN, file: { bytes: IMAGES.png, name: 'a.png' } }, JUNK_COOKIE);
    expect(junk.statusCode).toBe(401);
    expect(junk.json()).toEqual({ error: 'Your session has ended: sign in again' });
    const wrongField = await upload(
      { accessToken: 'nope', file: { bytes: IMAGES.png, name: 'a.png' } },
      await liveSession(),
    );
    expect(wrongField.statusCode).toBe(401);
    const wrongBearer = await upload({ file: { bytes: IMAGES.png, name: 'a.png' } }, { authorization: 'Bearer nope' });
    expect(wrongBearer.statusCode).toBe(401);
    expect(await countUploads(t.db)).toBe(0);
  });

  it('refuses an Authorization header that is not a Bearer token before the body, whatever the form carries', async () => {
    const res = await upload(
      { accessToken: TOKEN, file: { bytes: IMAGES.png, name: 'a.png' } },
      { authorization: 'Basic dXNlcjpwYXNz', ...(await liveSession()) },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Send the access token as Authorization: Bearer <token>' });
    expect(res.headers.connection).toBe('close');
    expect(await countUploads(t.db)).toBe(0);
  });

  it('checks the token before the content: a wrong token with an SVG is a 401', async () => {
    const res = await upload({ accessToken: 'nope', file: { bytes: Buffer.from('<svg/>'), name: 'x.svg' } });
    expect(res.statusCode).toBe(401);
  });

  it('rejects SVG and other non-images with 415, storing nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [data, name] of [
      [svg, 'x.svg'],
      [Buffer.from('%PDF-1.7 not an image'), 'x.png'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'x.jpg'],
    ] as const) {
      const res = await upload({ file: { bytes: data, name, type: 'image/png' } }, BEARER);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: 'Unsupported image type: upload a PNG, JPEG, WebP, GIF or AVIF image' });
    }
    expect(await countUploads(t.db)).toBe(0);
  });

  it('answers 400 when the file field is missing or empty', async () => {
    const missing = await upload({ other: 'x' }, BEARER);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'No image: send it in a multipart field named file' });
    const empty = await upload({ file: { bytes: Buffer.alloc(0), name: 'a.png' } }, BEARER);
    expect(empty.statusCode).toBe(400);
  });

  it('answers 413 for an image over 25 MB, storing nothing', async () => {
    const big = await jpegOfSize(LIMITS.uploadMaxBytes + 1);
    const res = await upload({ file: { bytes: big, name: 'big.jpg' } }, BEARER);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Image is too large (max 25 MB)' });
    expect(await countUploads(t.db)).toBe(0);
  });

  it('accepts an image of exactly 25 MB (a 48 MP phone photo fits)', async () => {
    const exact = await jpegOfSize(LIMITS.uploadMaxBytes);
    expect(exact.length).toBe(25 * 1_048_576);
    const res = await upload({ file: { bytes: exact, name: 'exact.jpg' } }, BEARER);
    expect(res.statusCode).toBe(201);
    // What is served is the cleaned image: the padding comments are gone.
    const served = await t.app.inject({ method: 'GET', url: res.json<{ url: string }>().url });
    expect(served.rawPayload.length).toBeLessThan(10_000);
  });

  it('takes a form field token only before the file: a file part with no valid credential before it is refused', async () => {
    const session = await liveSession();
    const before = await upload({ accessToken: TOKEN, file: { bytes: IMAGES.png, name: 'a.png' } }, session);
    expect(before.statusCode).toBe(201);
    await emptyDatabase(t.testDb);
    const after = await upload({ file: { bytes: IMAGES.jpg, name: 'a.jpg' }, accessToken: TOKEN }, session);
    // The token came too late to count, and the session alone writes only from the site's own pages.
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ error: 'This request did not come from this site' });
    // The rest of the body is not read: the connection closes after the answer.
    expect(after.headers.connection).toBe('close');
    expect(await countUploads(t.db)).toBe(0);
  });

  it('refuses an upload with no credential in its headers before reading its body, and closes the connection', async () => {
    const res = await upload({ accessToken: TOKEN, file: { bytes: IMAGES.png, name: 'a.png' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Access token required' });
    expect(res.headers.connection).toBe('close');
    expect(await countUploads(t.db)).toBe(0);
  });

  it('answers 401, not the form or size error, when a broken or oversized form comes without a valid token', async () => {
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(LIMITS.uploadMaxBytes)]);
    const cases = [
      await upload({ file: { bytes: big, name: 'big.png' } }),
      await upload({ file: { bytes: IMAGES.png, name: 'a.png' }, second: { bytes: IMAGES.jpg, name: 'b.jpg' } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: 'garbage',
        headers: { 'content-type': 'multipart/form-data' },
      }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Access token required' });
    }
    // A wrong form token that comes first is refused before the file is read.
    const wrongFirst = await upload(
      { accessToken: 'nope', file: { bytes: big, name: 'big.png' } },
      await liveSession(),
    );
    expect(wrongFirst.statusCode).toBe(401);
    expect(wrongFirst.json()).toEqual({ error: 'Invalid access token' });
    expect(await countUploads(t.db)).toBe(0);
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'garbage'],
    ['a body that is not the form its boundary says', 'multipart/form-data; boundary=zz', 'garbage'],
    [
      'a part cut short',
      'multipart/form-data; boundary=zz',
      '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    ],
  ])('answers a malformed form (%s) with 400, not a server error', async (_name, contentType, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed multipart/form-data body' });
    expect(await countUploads(t.db)).toBe(0);
  });

  it('answers 415 for a body that is not multipart, once the Authorization header holds the token', async () => {
    for (const payload of [{ file: 'x' }, 'file=x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: 'Send the image as multipart/form-data in a field named file' });
    }
  });

  it('answers 401 before looking at the type of a body that cannot carry the token in a form field', async () => {
    for (const payload of [{ file: 'x', accessToken: TOKEN }, 'not a form']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/uploads', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Access token required' });
    }
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: { file: 'x' },
      headers: { authorization: 'Bearer wrong-token-123' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid access token' });
  });
});

describe('GET /uploads/:file', () => {
  it('answers 304 to a matching If-None-Match', async () => {
    const { url } = (await upload({ file: { bytes: IMAGES.gif, name: 'a.gif' } }, BEARER)).json<{
      url: string;
    }>();
    const first = await t.app.inject({ method: 'GET', url });
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    for (const header of [`W/${first.headers.etag as string}`, `"x", ${first.headers.etag as string}`, '*']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': header } });
      expect(res.statusCode).toBe(304);
    }
    const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
  });

  it.each([
    `/uploads/${'a'.repeat(64)}.png`,
    '/uploads/not-a-hash.png',
    `/uploads/${'a'.repeat(64)}.svg`,
    '/uploads/..%2f..%2fetc%2fpasswd',
  ])('answers a JSON 404 for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });
});
