import { z } from 'zod';
import { ping } from '../../platform/db/db.js';
import type { AppModule } from '../../platform/http/types.js';

export const healthRoutes: AppModule = (app, { database }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) }),
        },
      },
    },
    async () => {
      await ping(database.db);
      return { data: { status: 'ok' as const, database: database.kind } };
    },
  );
};
