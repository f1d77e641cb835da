import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeHttp, runShutdown } from './shutdown.js';

function get(port: number, path: string, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('closing the HTTP listener on shutdown', () => {
  it('finishes a reply in flight on a kept-alive connection, then closes that connection and idle ones at once', async () => {
    const app = Fastify({ return503OnClosing: true });
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { finished: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const busy = new http.Agent({ keepAlive: true });
    const idle = new http.Agent({ keepAlive: true });
    // A kept-alive connection left idle, and one with a reply being made.
    expect((await get(port, '/fast', idle)).status).toBe(200);
    const inFlight = get(port, '/slow', busy);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const started = Date.now();
    await closeHttp(app, 5000);
    // Fastify keeps a connection alive for 72 s; the close did not wait for that.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await inFlight).toEqual({ status: 200, body: '{"finished":true}' });
    busy.destroy();
    idle.destroy();
  });

  it('cuts a connection whose reply outlasts the grace time', async () => {
    const app = Fastify();
    app.get('/stuck', () => new Promise(() => undefined));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    const stuck = get(port, '/stuck', agent).catch((err: Error) => err);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await closeHttp(app, 300);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await stuck).toBeInstanceOf(Error);
    agent.destroy();
  });
});

describe('the shutdown steps', () => {
  it('runs every step, in order, even after one fails and one hangs', async () => {
    const ran: string[] = [];
    const errors: string[] = [];
    const started = Date.now();
    const failed = await runShutdown(
      [
        { name: 'sockets', timeoutMs: 1000, run: async () => void ran.push('sockets') },
        { name: 'listener', timeoutMs: 200, run: () => new Promise(() => ran.push('listener')) },
        { name: 'background', timeoutMs: 1000, run: async () => { ran.push('background'); throw new Error('stop failed'); } },
        { name: 'queue', timeoutMs: 1000, run: async () => void ran.push('queue') },
        { name: 'database', timeoutMs: 1000, run: async () => void ran.push('database') },
      ],
      { error: (obj) => errors.push((obj as { step: string }).step) },
    );
    expect(ran).toEqual(['sockets', 'listener', 'background', 'queue', 'database']);
    expect(failed).toEqual(['listener', 'background']);
    expect(errors).toEqual(['listener', 'background']);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
