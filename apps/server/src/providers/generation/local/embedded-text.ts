import zlib from 'node:zlib';

/** What a rendered file says about itself. */
export interface RenderInfo {
  prompt: string;
  model: string;
  seed: number;
  strength: number;
}

export const RENDERER_NAME = "Atelier's local renderer";

export function describe(info: RenderInfo): string {
  return (
    `Rendered by ${RENDERER_NAME} (a procedural stand-in, not an AI model) from the prompt "${info.prompt}" ` +
    `with model ${info.model}, seed ${info.seed}, strength ${info.strength}.`
  );
}

export function textEntries(info: RenderInfo): Array<[string, string]> {
  return [
    ['Title', info.prompt],
    ['Description', describe(info)],
    ['Software', RENDERER_NAME],
    ['Prompt', info.prompt],
    ['Model', info.model],
    ['Seed', String(info.seed)],
    ['Strength', String(info.strength)],
  ];
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * Adds uncompressed iTXt chunks (UTF-8, so any prompt survives) right after IHDR. sharp can read
 * PNG text back (`metadata().comments`) but not write it, hence the hand-made chunks.
 */
export function withPngText(png: Buffer, entries: Array<[string, string]>): Buffer {
  const ihdrEnd = 8 + 8 + png.readUInt32BE(8) + 4;
  const chunks = entries.map(([keyword, text]) =>
    pngChunk(
      'iTXt',
      Buffer.concat([
        Buffer.from(keyword.slice(0, 79), 'latin1'),
        Buffer.from([0, 0, 0, 0, 0]),
        Buffer.from(text, 'utf8'),
      ]),
    ),
  );
  return Buffer.concat([png.subarray(0, ihdrEnd), ...chunks, png.subarray(ihdrEnd)]);
}

/** Reads iTXt/tEXt chunks back, for edits that need the original prompt. */
export function readPngText(png: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  if (png.length < 8 || png.readUInt32BE(0) !== 0x89504e47) return out;
  let at = 8;
  while (at + 8 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'tEXt' || type === 'iTXt') {
      const nul = data.indexOf(0);
      if (nul > 0) {
        const keyword = data.toString('latin1', 0, nul);
        if (type === 'tEXt') out.set(keyword, data.toString('latin1', nul + 1));
        else if (data[nul + 1] === 0) {
          // Uncompressed iTXt: skip flag, method, then the language tag and translated keyword.
          const langEnd = data.indexOf(0, nul + 3);
          const transEnd = data.indexOf(0, langEnd + 1);
          if (langEnd > 0 && transEnd > 0) out.set(keyword, data.toString('utf8', transEnd + 1));
        }
      }
    }
    if (type === 'IDAT' || type === 'IEND') break;
    at += 12 + length;
  }
  return out;
}

/**
 * Inserts a GIF89a comment extension after the global colour table, before any frame. The text is
 * stored as UTF-8 in 255-byte sub-blocks.
 */
export function withGifComment(gif: Buffer, text: string): Buffer {
  if (gif.toString('latin1', 0, 6) !== 'GIF89a') return gif;
  const packed = gif[10] as number;
  const tableSize = packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
  const insertAt = 13 + tableSize;
  const bytes = Buffer.from(text, 'utf8');
  const blocks: Buffer[] = [Buffer.from([0x21, 0xfe])];
  for (let i = 0; i < bytes.length; i += 255) {
    const part = bytes.subarray(i, i + 255);
    blocks.push(Buffer.from([part.length]), part);
  }
  blocks.push(Buffer.from([0]));
  return Buffer.concat([gif.subarray(0, insertAt), ...blocks, gif.subarray(insertAt)]);
}

/** Reads the GIF comment extensions' text (all of them, joined). */
export function readGifComment(gif: Buffer): string | undefined {
  const marker = Buffer.from([0x21, 0xfe]);
  const packed = gif[10] as number;
  let at = gif.indexOf(marker, 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0));
  if (at < 0) return undefined;
  at += 2;
  const parts: Buffer[] = [];
  while (at < gif.length) {
    const size = gif[at] as number;
    if (size === 0) break;
    parts.push(gif.subarray(at + 1, at + 1 + size));
    at += 1 + size;
  }
  return Buffer.concat(parts).toString('utf8');
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

export function unescapeXml(text: string): string {
  return text.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e] as string,
  );
}
