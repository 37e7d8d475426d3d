// POST /api/uploads (multipart image, token first) and GET /uploads/:file (content-addressed, cached forever).
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../contract/limits';
import { sessionCookie } from '../accounts/sessions';
import { SESSION_ENDED } from '../accounts/guard';
import type { WriteGuard } from '../accounts/guard';
import { revalidate } from '../http/etag';
import { ImageRejected } from '../images/imageProcessing';
import type { VariantFormat } from '../images/imageProcessing';
import type { ImageService, StoredImage } from '../images/imageService';
import { QueueFull } from '../images/workQueue';
import { BODY_LIMITS, capBody, DEFAULT_TIMEOUTS, idleBodyCut, refuseAndClose } from '../http/requestLimits';

export type UploadRoutesOptions = {
  guard: WriteGuard;
  images: ImageService;
  /** how long an upload's body may send nothing before its connection is closed (default: requestLimits.ts) */
  idleMs?: number;
};

const hasSessionCookie = (request: FastifyRequest) => sessionCookie(request) !== undefined;

type ImageType = { ext: string; contentType: string };

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The image type from the file's first bytes; the name and declared type are not trusted. SVG is never accepted. */
export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { ext: 'png', contentType: 'image/png' };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { ext: 'jpg', contentType: 'image/jpeg' };
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return { ext: 'gif', contentType: 'image/gif' };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { ext: 'webp', contentType: 'image/webp' };
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
    const brands = [ascii(bytes, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(bytes, i, i + 4));
    if (brands.includes('avif') || brands.includes('avis')) return { ext: 'avif', contentType: 'image/avif' };
  }
  return undefined;
}

const originalName = /^([0-9a-f]{64})\.(png|jpg|gif|webp|avif)$/;
const variantName = /^([0-9a-f]{64})-([1-9]\d{0,4})\.(webp|avif|jpg|png)$/;

const BEARER = /^Bearer\s/i;
const NOT_BEARER = 'Send the access token as Authorization: Bearer <token>';
const UPLOAD_TOO_LARGE = `Image is too large (max ${LIMITS.uploadMaxBytes / 1_048_576} MB)`;
const BUSY = 'The server is busy processing images: try again in a few seconds';

export const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (
  app,
  { guard, images, idleMs = DEFAULT_TIMEOUTS.uploadIdleMs },
) => {
  // Multipart only, and only in this plugin: JSON or text to /api/uploads is a 415.
  app.removeAllContentTypeParsers();
  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 4, fieldSize: LIMITS.accessTokenMax * 4, parts: 5 },
  });

  /**
   * Who is asking is settled from the headers, before a byte of the body is read. An Authorization header must be a
   * valid Bearer token; a session cookie must name a live session, whose form may then carry a token field before
   * the file (the editor's Access Token); with neither the answer is a 401. A refused request's connection closes, so
   * the rest of its body is never read.
   */
  const credentialFirst = async (request: FastifyRequest, reply: FastifyReply) => {
    const { authorization } = request.headers;
    const form = /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
    if (authorization !== undefined && !BEARER.test(authorization)) {
      refuseAndClose(reply, 401, NOT_BEARER);
      return reply;
    }
    void reply.header('connection', 'close');
    if (authorization === undefined && form && hasSessionCookie(request)) {
      // The session is looked up now; which credential the upload acts with is settled when the parts arrive.
      const who = await guard.identify(request, reply);
      if (reply.sent) return reply;
      if (who === 'anonymous') {
        void reply.code(401).send({ error: SESSION_ENDED });
        return reply;
      }
    } else if (!(await guard.authorize(request, reply))) return reply;
    reply.removeHeader('connection');
    // Then the size, from Content-Length (a chunked body is counted as it arrives: capBody in the handler).
    if (Number(request.headers['content-length']) > BODY_LIMITS.upload) {
      refuseAndClose(reply, 413, UPLOAD_TOO_LARGE);
      return reply;
    }
  };

  app.post(
    '/api/uploads',
    { bodyLimit: BODY_LIMITS.upload, onRequest: [guard.refuseBlocked, credentialFirst, idleBodyCut(idleMs)] },
    async (request, reply) => {
      if (!request.isMultipart()) {
        return reply.code(415).send({ error: 'Send the image as multipart/form-data in a field named file' });
      }
      // The Authorization header was checked before the body (credentialFirst). Without it, the form's accessToken
      // field (or else the session cookie) is checked when the file part arrives, before that part is read: a token
      // field must come before the file.
      let authorized = BEARER.test(request.headers.authorization ?? '');
      // A refused form is answered mid-body: its connection closes so the rest is not read.
      const refuse = async (fieldToken: string | undefined) => {
        void reply.header('connection', 'close');
        const ok = await guard.authorize(request, reply, fieldToken);
        if (ok) reply.removeHeader('connection');
        return ok;
      };

      let file: Buffer | undefined;
      let fieldToken: string | undefined;
      // Counted from the first byte the form reader takes, in this same tick: framing and all, chunked or not.
      const uncap = capBody(request, reply, BODY_LIMITS.upload, UPLOAD_TOO_LARGE);
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (!authorized) {
              if (!(await refuse(fieldToken))) return reply;
              authorized = true;
            }
            const bytes = await part.toBuffer();
            if (part.fieldname === 'file') file = bytes;
          } else if (part.fieldname === 'accessToken' && typeof part.value === 'string') fieldToken = part.value;
        }
      } catch (error) {
        // Answered already: the body passed its cap (capBody).
        if (reply.sent) return reply;
        if (!authorized && !(await refuse(fieldToken))) return reply;
        // The body may go on past a limit: close the connection rather than read the rest of it.
        void reply.header('connection', 'close');
        // @fastify/multipart's limit errors carry their 4xx status; anything else is the form's own framing
        // (no boundary, a part cut short): the client's mistake, not a server fault.
        const status = (error as { statusCode?: unknown }).statusCode;
        if (typeof status === 'number' && status >= 400 && status < 500) throw error;
        request.log.info({ err: error }, 'malformed multipart body');
        return reply.code(400).send({ error: 'Malformed multipart/form-data body' });
      }
      uncap();
      // Whatever still follows the form (an epilogue) is not read: the answer closes the connection instead.
      if (!request.raw.complete) void reply.header('connection', 'close');
      if (!authorized && !(await refuse(fieldToken))) return reply;

      if (file === undefined || file.length === 0) {
        return reply.code(400).send({ error: 'No image: send it in a multipart field named file' });
      }
      const type = sniffImage(file);
      if (type === undefined) {
        return reply.code(415).send({ error: 'Unsupported image type: upload a PNG, JPEG, WebP, GIF or AVIF image' });
      }
      // Named by the bytes as uploaded, so the same photo always gets the same URL, though what is stored and served
      // under it is the cleaned image.
      const name = `${createHash('sha256').update(file).digest('hex')}.${type.ext}`;
      try {
        const image = await images.accept(name, type.ext, file);
        return await reply
          .code(201)
          .header('location', `/uploads/${name}`)
          .send({ url: `/uploads/${name}`, image });
      } catch (error) {
        if (error instanceof ImageRejected) {
          // 415: not an image we can read; 422: a well-formed image we refuse to decode (a decompression bomb).
          return reply.code(error.reason === 'undecodable' ? 415 : 422).send({ error: error.message });
        }
        if (error instanceof QueueFull) return reply.code(503).header('retry-after', '5').send({ error: BUSY });
        throw error;
      }
    },
  );

  app.get<{ Params: { file: string } }>('/uploads/:file', async (request, reply) => {
    const { file } = request.params;
    const original = originalName.exec(file);
    const variant = original === null ? variantName.exec(file) : null;
    let image: StoredImage | undefined;
    try {
      if (original?.[1] !== undefined) image = await images.original(file);
      else if (variant?.[1] !== undefined) {
        image = await images.variant(variant[1], Number(variant[2]), variant[3] as VariantFormat);
      }
    } catch (error) {
      // Only an upload stored before image processing existed waits for the queue; under load it is refused for now.
      if (error instanceof QueueFull) return reply.code(503).header('retry-after', '5').send({ error: BUSY });
      throw error;
    }
    if (image === undefined) return reply.code(404).send({ error: 'File not found' });
    // The name is the content hash (plus width and format), so it is a perfect validator and the bytes never change.
    // The original's tag is not the bare hash: that one named the uncleaned bytes served before processing existed.
    const etag = original === null ? `"${file}"` : `"${file.slice(0, 64)}-clean"`;
    void reply.header('cache-control', 'public, max-age=31536000, immutable');
    const held = revalidate(request, reply, etag);
    void reply.header('x-content-type-options', 'nosniff');
    if (held) return reply.send();
    return reply.type(image.contentType).send(image.data);
  });
};
