/**
 * A local HTTP server that answers like a generation vendor's documented API, for provider tests:
 * each test installs a handler; every request is recorded. Listens on 127.0.0.1:0 only.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { bundledFfmpegPath, withTempDir } from '../src/providers/generation/local/ffmpeg.js';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  json?: Record<string, unknown>;
}

export interface Reply {
  status?: number;
  json?: unknown;
  body?: Buffer;
  type?: string;
  headers?: Record<string, string>;
}

export type Handler = (req: Recorded) => Reply | undefined | Promise<Reply | undefined>;

export interface FakeVendor {
  base: string;
  requests: Recorded[];
  /** The handler for the current test; unmatched requests get a 404. */
  handle: Handler;
  files: Record<string, { type: string; data: Buffer }>;
  close(): Promise<void>;
}

export async function startFakeVendor(): Promise<FakeVendor> {
  const fake: FakeVendor = {
    base: '',
    requests: [],
    handle: () => undefined,
    files: {},
    close: async () => undefined,
  };
  const send = (res: ServerResponse, reply: Reply) => {
    res.writeHead(reply.status ?? 200, { 'content-type': reply.type ?? 'application/json', ...reply.headers });
    res.end(reply.body ?? (reply.json === undefined ? '' : JSON.stringify(reply.json)));
  };
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const record: Recorded = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body };
      if (req.headers['content-type']?.startsWith('application/json') && body.length) {
        record.json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      }
      fake.requests.push(record);
      const file = fake.files[url.pathname];
      if (req.method === 'GET' && file) return send(res, { body: file.data, type: file.type });
      const reply = await fake.handle(record);
      send(res, reply ?? { status: 404, json: { detail: 'Not found' } });
    })().catch((err: unknown) => send(res, { status: 500, json: { detail: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

export async function pngFile(width = 1024, height = 576, colour = '#2a9d8f'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

export async function mp4File(): Promise<Buffer> {
  const ffmpeg = await bundledFfmpegPath();
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'clip.mp4');
    await new Promise<void>((resolve, reject) =>
      execFile(
        ffmpeg,
        ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=12', '-t', '1', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-y', file],
        (e) => (e ? reject(e) : resolve()),
      ),
    );
    return readFile(file);
  });
}
