import { startTestApp } from '../helpers/testApp';

describe('GET /api/health', () => {
  it('answers {"status":"ok"} while the database answers, and 503 with an error once it does not', async () => {
    const t = await startTestApp();
    try {
      const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: 'ok' });

      await t.db.kysely.destroy();
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ error: 'Database unavailable' });
    } finally {
      await t.close();
    }
  });
});
