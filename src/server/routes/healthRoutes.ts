import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/database';
import { pingDatabase } from '../repositories/healthRepository';

export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/health', async (request, reply) => {
    try {
      await pingDatabase(db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ error: 'Database unavailable' });
    }
    return { status: 'ok' };
  });
};
