import { Writable } from 'node:stream';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLoggers } from '../src/platform/log.js';
import { createTestApp, type TestContext } from './app.js';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let t: TestContext;
beforeAll(async () => {
  // The server's own loggers (main.ts): the request line is written apart from the redacting logger.
  const { log, requestLine } = serverLoggers('info', sink as unknown as DestinationStream);
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' }, { loggerInstance: log, requestLog: requestLine });
});
afterAll(async () => t.close());

describe('request logging', () => {
  it('writes one line per request, with its id, method, URL, status and time', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: { 'x-request-id': 'probe-1' } });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter((l) => l.reqId === 'probe-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/config', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(typeof mine[0]!.responseTime).toBe('number');
  });
});
