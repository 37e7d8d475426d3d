// GET /api/blogs/:id/live: a public post's live stream (live/liveStream.ts). The writes that feed it record their
// events in their own transactions (live/liveEvents.ts).
import type { FastifyPluginAsync } from 'fastify';
import { parsePostId } from '../../contract/routes';
import type { LiveStreams } from '../live/liveStream';

export type LiveStreamRoutesOptions = { streams: LiveStreams };

export const liveStreamRoutes: FastifyPluginAsync<LiveStreamRoutesOptions> = async (app, { streams }) => {
  app.get<{ Params: { id: string }; Querystring: { lastEventId?: unknown } }>('/blogs/:id/live', (request, reply) =>
    streams.serve(request, reply, parsePostId(request.params.id)),
  );
};
