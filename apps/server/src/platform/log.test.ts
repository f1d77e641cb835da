import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLineWriter, type CompletedRequest } from './log.js';

/** A destination that keeps each line it is given, parsed. */
function collector() {
  const lines: Record<string, unknown>[] = [];
  return { lines, write: (text: string) => void lines.push(JSON.parse(text) as Record<string, unknown>) };
}

const request: CompletedRequest = {
  reqId: 'req-"1"',
  req: {
    method: 'GET',
    url: '/api/v1/search?q=caf\u00e9 "x"\\',
    host: 'atelier.test',
    remoteAddress: '10.0.0.7',
    remotePort: 51234,
  },
  res: { statusCode: 200 },
  responseTime: 1.2345,
};

describe('the completed-request line', () => {
  it('is the line pino writes for the same fields, each escaped', () => {
    const ours = collector();
    const theirs = collector();
    requestLineWriter('info', ours)(request);
    pino({ level: 'info' }, theirs).info(request, 'request completed');
    const { time: ourTime, ...ourLine } = ours.lines[0]!;
    const { time: theirTime, ...theirLine } = theirs.lines[0]!;
    expect(ourLine).toEqual(theirLine);
    expect(Object.keys(ours.lines[0]!)).toEqual(Object.keys(theirs.lines[0]!));
    expect(Math.abs(Number(ourTime) - Number(theirTime))).toBeLessThan(1000);
    expect(ourLine).toMatchObject({ level: 30, msg: 'request completed', req: { url: request.req.url } });
  });

  it('leaves out a version the request did not send, as pino does', () => {
    const ours = collector();
    requestLineWriter('debug', ours)({ ...request, req: { ...request.req, version: undefined } });
    expect(ours.lines[0]!.req).not.toHaveProperty('version');
  });

  it('writes nothing when the level is above info', () => {
    const ours = collector();
    for (const level of ['warn', 'error', 'silent']) requestLineWriter(level, ours)(request);
    expect(ours.lines).toEqual([]);
  });
});
