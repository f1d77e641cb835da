import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { ProviderError } from '../types.js';
import type { CallContext } from './call-context.js';

let bundled: Promise<string> | undefined;

/** The ffmpeg binary that ships inside @ffmpeg-installer/ffmpeg; nothing is downloaded at run time. */
export function bundledFfmpegPath(): Promise<string> {
  bundled ??= import('@ffmpeg-installer/ffmpeg').then((m) => m.default.path);
  return bundled;
}

interface RunOptions {
  frames?: AsyncIterable<Buffer>;
  /** For probing: a non-zero exit is expected and stderr is the answer. */
  allowFailure?: boolean;
}

/**
 * Runs ffmpeg, streaming `frames` to its stdin with back-pressure. Aborting the call kills the
 * process at once and rejects with the call's ProviderError.
 */
export function runFfmpeg(
  binary: string,
  args: string[],
  ctx: CallContext,
  options: RunOptions = {},
): Promise<{ stdout: Buffer; stderr: string }> {
  ctx.check();
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    let settled = false;
    const finish = (error: Error | undefined) => {
      if (settled) return;
      settled = true;
      ctx.signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve({ stdout: Buffer.concat(stdout), stderr });
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      finish(ctx.abortError());
    };
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (d: Buffer) => stdout.push(d));
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-16_000);
    });
    child.on('error', (e) => finish(new ProviderError(`The media encoder could not start: ${e.message}`)));
    child.on('close', (code) => {
      if (code === 0 || options.allowFailure) finish(undefined);
      else {
        const detail = stderr.trim().split('\n').slice(-2).join(' ');
        finish(new ProviderError(`The media encoder failed${detail ? `: ${detail}` : ''}`));
      }
    });
    // If ffmpeg exits early, writes fail with EPIPE; the close handler reports the real cause.
    child.stdin.on('error', () => undefined);
    if (options.frames) {
      pump(options.frames, child.stdin, ctx).catch((e: unknown) => {
        child.kill('SIGKILL');
        finish(e instanceof Error ? e : new ProviderError(String(e)));
      });
    } else child.stdin.end();
  });
}

async function pump(frames: AsyncIterable<Buffer>, stdin: Writable, ctx: CallContext): Promise<void> {
  for await (const frame of frames) {
    ctx.check();
    if (stdin.destroyed) return;
    if (!stdin.write(frame)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          stdin.off('drain', done);
          stdin.off('close', done);
          resolve();
        };
        stdin.on('drain', done);
        stdin.on('close', done);
      });
    }
  }
  stdin.end();
}

export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-render-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Output flags that make the same frames produce the same bytes: no encoder version, no dates. */
const REPRODUCIBLE = ['-fflags', '+bitexact', '-flags:v', '+bitexact', '-map_metadata', '-1'];

const H264 = [
  '-an',
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-pix_fmt',
  'yuv420p',
  '-threads',
  '2',
  '-movflags',
  '+faststart',
];

function metadataArgs(metadata: Array<[string, string]>): string[] {
  return metadata.flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
}

export interface Mp4Options {
  width: number;
  height: number;
  fps: number;
  crf: number;
  metadata: Array<[string, string]>;
}

/** Encodes raw RGBA frames as H.264 MP4 (yuv420p, no audio, moov atom first). */
export function encodeMp4(
  binary: string,
  frames: AsyncIterable<Buffer>,
  options: Mp4Options,
  ctx: CallContext,
): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'out.mp4');
    const input = [
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-s',
      `${options.width}x${options.height}`,
      '-r',
      String(options.fps),
      '-i',
      '-',
    ];
    const output = [
      ...H264,
      '-crf',
      String(options.crf),
      ...REPRODUCIBLE,
      ...metadataArgs(options.metadata),
      '-y',
      file,
    ];
    await runFfmpeg(binary, ['-loglevel', 'error', ...input, ...output], ctx, { frames });
    return readFile(file);
  });
}

export interface VideoFacts {
  width: number;
  height: number;
  durationMs?: number;
  title?: string;
  comment?: string;
}

/** What ffmpeg says about a video when asked to open it with nowhere to write. */
export async function probeVideo(binary: string, file: string, ctx: CallContext): Promise<VideoFacts> {
  const { stderr } = await runFfmpeg(binary, ['-i', file], ctx, { allowFailure: true });
  const size = /Video:.*?\s(\d{2,5})x(\d{2,5})[\s,]/.exec(stderr);
  if (!size) throw new ProviderError('The source file is not a readable video');
  const duration = /Duration:\s*(\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const durationMs = duration
    ? Math.round((Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000)
    : undefined;
  const tag = (name: string) => new RegExp(`^\\s*${name}\\s*:\\s(.*)$`, 'm').exec(stderr)?.[1]?.trim();
  return { width: Number(size[1]), height: Number(size[2]), durationMs, title: tag('title'), comment: tag('comment') };
}

/** Re-encodes a video through a filter chain, keeping its tags (title, comment). */
export function transcodeMp4(
  binary: string,
  inputFile: string,
  filter: string,
  ctx: CallContext,
  metadata: Array<[string, string]> = [],
): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'out.mp4');
    const args = ['-loglevel', 'error', '-i', inputFile, '-vf', filter, ...H264, '-crf', '20'];
    args.push(
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
      '-map_metadata',
      '0',
      ...metadataArgs(metadata),
      '-y',
      file,
    );
    await runFfmpeg(binary, args, ctx);
    return readFile(file);
  });
}

/** Decodes a video's frames as raw RGBA, optionally through a filter (e.g. a scale for previews). */
export async function decodeFrames(
  binary: string,
  inputFile: string,
  filter: string | undefined,
  ctx: CallContext,
): Promise<Buffer> {
  const args = [
    '-loglevel',
    'error',
    '-i',
    inputFile,
    ...(filter ? ['-vf', filter] : []),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    '-',
  ];
  return (await runFfmpeg(binary, args, ctx)).stdout;
}

export async function firstFramePng(binary: string, inputFile: string, ctx: CallContext): Promise<Buffer> {
  const args = ['-loglevel', 'error', '-i', inputFile, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'];
  return (await runFfmpeg(binary, args, ctx)).stdout;
}

export async function writeTemp(dir: string, name: string, data: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, data);
  return file;
}
