// How every answer under /api leaves through Fastify: its strong ETag and 304, and its compression.
import type { FastifyInstance } from 'fastify';
import { acceptEncodingReader, codingFor, compress, notAcceptable, withAcceptEncoding } from './contentCoding';
import { codedEtag, revalidate, strongEtag } from './etag';

/**
 * API reads revalidate: a strong ETag of the exact bytes, 304 when the client already has them. A route that sends a
 * cached answer sets the tag computed when it was cached, so the bytes are not hashed again. An answer made for this
 * request alone (a token holder's read, a search, an account list) is compressed here, as Accept-Encoding asks, when
 * it is worth it (COMPRESS_FROM_BYTES): a few hundred microseconds for the largest, beside the milliseconds the
 * database took. Kept answers are written whole and never pass here.
 */
export function registerApiAnswers(api: FastifyInstance): void {
  const acceptable = acceptEncodingReader();
  api.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || payload === '') return done(null, payload);
    const type = reply.getHeader('content-type');
    const json = typeof type === 'string' && type.startsWith('application/json');
    let coding = json ? codingFor(acceptable(request), payload.length) : 'identity';
    if (json) reply.header('vary', withAcceptEncoding(reply.getHeader('vary') as string | undefined));
    const ok = reply.statusCode === 200;
    // Nothing offered is acceptable: a 406 for an answer, an error as it is (its status says more than a 406).
    if (coding === undefined) {
      if (ok) return done(null, notAcceptable(reply));
      coding = 'identity';
    }
    const preset = reply.getHeader('etag');
    const read = request.method === 'GET' || request.method === 'HEAD';
    if ((read && ok) || typeof preset === 'string') {
      const etag = typeof preset === 'string' ? preset : strongEtag(payload);
      const tag = coding === 'identity' ? etag : codedEtag(etag, coding);
      if (read && ok) {
        if (revalidate(request, reply, tag)) return done(null, '');
        // Answers for a token holder set their own (private, no-store); everything else revalidates.
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
      } else reply.header('etag', tag);
    }
    if (coding === 'identity') return done(null, payload);
    reply.header('content-encoding', coding);
    done(null, compress(payload, coding));
  });
}
