import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler.js';

// Port 1 on loopback: nothing listens, as when PostgreSQL is down.
const pool = new pg.Pool({ connectionString: 'postgres://atelier@127.0.0.1:1/atelier', connectionTimeoutMillis: 1000 });
pool.on('error', () => undefined);
afterAll(() => pool.end());

function appThrowing(fail: () => Promise<unknown>) {
  const app = Fastify();
  registerErrorHandling(app);
  app.get('/', async () => fail());
  return app;
}

describe('a request that meets a database outage', () => {
  it('answers 503 with Retry-After, not a generic 500', async () => {
    const res = await appThrowing(() => drizzle(pool).execute(sql`select 1`)).inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      error: 'Service Unavailable',
      message: 'The service is temporarily unavailable, try again in a moment',
    });
    expect(res.body).not.toContain('ECONNREFUSED');
  });

  it('still answers 500 for a defect', async () => {
    const res = await appThrowing(async () => {
      throw new TypeError('undefined is not a function');
    }).inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
