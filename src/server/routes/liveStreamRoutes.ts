// GET /api/blogs/:id/live: a public post's live stream (live/liveStream.ts). The writes that feed it record their
// events in their own transactions (repositories/liveEventsRepository.ts).
import type { FastifyPluginAsync, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type * as z from 'zod/mini';
import { liveStreamQuerySchema } from '../../contract/liveSchemas';
import { postParams } from '../../contract/params';
import { RequestValidationError, zodValidatorCompiler } from '../http/validation';
import type { ZodTypeProvider } from '../http/validation';
import type { LiveStreams } from '../live/liveStream';

export type LiveStreamRoutesOptions = { streams: LiveStreams };

/** A malformed Last-Event-ID is named as itself, whether the header or ?lastEventId= carried it. */
const validatorCompiler: FastifySchemaCompiler<z.ZodMiniType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== 'querystring') return validate;
  return (data) => {
    const result = validate(data);
    if (typeof result === 'object' && 'error' in result && result.error instanceof RequestValidationError)
      return { error: new RequestValidationError('Invalid Last-Event-ID', result.error.details) };
    return result;
  };
};

/** Last-Event-ID wins over ?lastEventId= (there for clients that cannot set the header): the schema reads one field. */
async function headerIntoQuery(request: FastifyRequest): Promise<void> {
  const header = request.headers['last-event-id'];
  if (header !== undefined) (request.query as Record<string, unknown>).lastEventId = header;
}

export const liveStreamRoutes: FastifyPluginAsync<LiveStreamRoutesOptions> = async (fastify, { streams }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // This plugin's scope holds this one route.
  app.setValidatorCompiler(validatorCompiler);
  app.get(
    '/blogs/:id/live',
    {
      schema: { params: postParams, querystring: liveStreamQuerySchema },
      preValidation: headerIntoQuery,
    },
    (request, reply) => streams.serve(request, reply, request.params.id, request.query.lastEventId),
  );
};
