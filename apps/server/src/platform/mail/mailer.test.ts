import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

/** An SMTP server that greets one byte at a time, slowly enough that no idle timeout ever fires. */
let server: net.Server;
const sockets = new Set<net.Socket>();
beforeAll(async () => {
  server = net.createServer((socket) => {
    sockets.add(socket);
    const timer = setInterval(() => socket.write('2'), 100);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('the SMTP mailer', () => {
  it('gives up on a server that drips bytes once the whole send passes its deadline', async () => {
    const { port } = server.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Atelier <no-reply@example.com>',
      outboxDir: os.tmpdir(),
      log: pino({ level: 'silent' }),
      deadlineMs: 800,
    });
    const started = Date.now();
    await expect(mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' })).rejects.toThrow(
      'SMTP server: no answer within 0.8 s',
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
