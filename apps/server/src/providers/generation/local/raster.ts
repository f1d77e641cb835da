import sharp from 'sharp';
import { Rng } from './prng.js';

/** 8-bit RGBA pixels, row by row. */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

export async function rasterize(svg: string): Promise<Raster> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export function rawInput(r: Raster) {
  return { raw: { width: r.width, height: r.height, channels: 4 as const } };
}

/**
 * A raster plus, per row, its runs of non-transparent pixels as (start, end, opaque?) triples.
 * Layers are mostly empty sky or solid ground, so compositing becomes a few memcpy calls per row
 * and per-pixel blending only along edges.
 */
export interface PreparedRaster extends Raster {
  runs: Int32Array[];
}

export function prepare(r: Raster): PreparedRaster {
  const runs: Int32Array[] = [];
  const { data, width, height } = r;
  const row: number[] = [];
  for (let y = 0; y < height; y++) {
    row.length = 0;
    let x = 0;
    while (x < width) {
      const a = data[(y * width + x) * 4 + 3] as number;
      if (a === 0) {
        x++;
        continue;
      }
      const opaque = a === 255;
      const start = x;
      while (x < width) {
        const b = data[(y * width + x) * 4 + 3] as number;
        if (b === 0 || (b === 255) !== opaque) break;
        x++;
      }
      row.push(start, x, opaque ? 1 : 0);
    }
    runs.push(Int32Array.from(row));
  }
  return { ...r, runs };
}

/**
 * Draws `src` over `dst` (which stays opaque) with its top-left corner at (left, top). Integer
 * arithmetic throughout: d + (s - d)·a/255, with /255 done as ·257 >> 16.
 */
export function drawOver(dst: Raster, src: PreparedRaster, left: number, top: number, opacity = 1): void {
  const { width: dw, height: dh } = dst;
  const d = dst.data;
  const s = src.data;
  const fade = Math.round(Math.max(0, Math.min(1, opacity)) * 256);
  if (fade === 0) return;
  const y0 = Math.max(0, top);
  const y1 = Math.min(dh, top + src.height);
  const xMin = -left;
  const xMax = dw - left;
  for (let y = y0; y < y1; y++) {
    const sy = y - top;
    const runs = src.runs[sy] as Int32Array;
    for (let i = 0; i < runs.length; i += 3) {
      const start = Math.max(runs[i] as number, xMin);
      const end = Math.min(runs[i + 1] as number, xMax);
      if (start >= end) continue;
      let so = (sy * src.width + start) * 4;
      let o = (y * dw + start + left) * 4;
      if (runs[i + 2] === 1 && fade === 256) {
        s.copy(d, o, so, so + (end - start) * 4);
        continue;
      }
      for (let x = start; x < end; x++, so += 4, o += 4) {
        const a = (((s[so + 3] as number) * fade) >> 8) * 257;
        const r = d[o] as number;
        const g = d[o + 1] as number;
        const b = d[o + 2] as number;
        d[o] = r + ((((s[so] as number) - r) * a + 32896) >> 16);
        d[o + 1] = g + ((((s[so + 1] as number) - g) * a + 32896) >> 16);
        d[o + 2] = b + ((((s[so + 2] as number) - b) * a + 32896) >> 16);
      }
    }
  }
}

/**
 * Full alpha compositing of `src` onto a transparent-capable `dst` of the same size: used once, at
 * preparation, to merge neighbouring static layers into one.
 */
export function mergeOver(dst: Raster, src: Raster): void {
  const d = clamped(dst.data);
  const s = src.data;
  for (let o = 0; o < d.length; o += 4) {
    const sa = (s[o + 3] as number) / 255;
    if (sa === 0) continue;
    const da = (d[o + 3] as number) / 255;
    const out = sa + da * (1 - sa);
    for (let c = 0; c < 3; c++) {
      d[o + c] = ((s[o + c] as number) * sa + (d[o + c] as number) * da * (1 - sa)) / out;
    }
    d[o + 3] = out * 255;
  }
}

/** Writes through a clamped view so sums past 255 saturate instead of wrapping around. */
function clamped(b: Buffer): Uint8ClampedArray {
  return new Uint8ClampedArray(b.buffer, b.byteOffset, b.length);
}

/** Copies a window of an opaque raster (the sky) into a fresh frame. */
export function windowOf(src: Raster, left: number, width: number, height: number): Raster {
  const data = Buffer.allocUnsafe(width * height * 4);
  for (let y = 0; y < height; y++) {
    src.data.copy(data, y * width * 4, (y * src.width + left) * 4, (y * src.width + left + width) * 4);
  }
  return { data, width, height };
}

/** A reference image scaled to cover the canvas, as RGB, for blending into frames. */
export async function coverReference(image: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(image)
    .autoOrient()
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

export function blendReference(frame: Raster, referenceRgb: Buffer, amount: number): void {
  const d = frame.data;
  const a = Math.round(Math.max(0, Math.min(1, amount)) * 255) * 257;
  const pixels = frame.width * frame.height;
  for (let i = 0, o = 0, r = 0; i < pixels; i++, o += 4, r += 3) {
    for (let c = 0; c < 3; c++) {
      const v = d[o + c] as number;
      d[o + c] = v + ((((referenceRgb[r + c] as number) - v) * a + 32896) >> 16);
    }
  }
}

/** Film grain: the same monochrome noise on all channels, seeded so it is reproducible. */
export function addGrain(frame: Raster, key: string, amount: number): void {
  const rng = new Rng(`grain|${key}`);
  const d = clamped(frame.data);
  const pixels = frame.width * frame.height;
  for (let i = 0, o = 0; i < pixels; i++, o += 4) {
    const g = (rng.next() + rng.next() - 1) * amount;
    d[o] = (d[o] as number) + g;
    d[o + 1] = (d[o + 1] as number) + g;
    d[o + 2] = (d[o + 2] as number) + g;
  }
}

/**
 * Magnifies the centre of a frame by `zoom` (≥ 1) back to full size, bilinear with 1/128 px
 * sub-pixel weights, so a slow push-in glides instead of stepping a pixel at a time. Pixels are
 * read as 32-bit words and two channels are weighted at once (R+B, G+A), which keeps this cheap
 * enough to run on every frame of a video; 7-bit weights keep every product inside int32.
 */
export function zoomCentre(src: Raster, zoom: number): Raster {
  const { width: W, height: H } = src;
  const aligned = src.data.byteOffset % 4 === 0 ? src.data : Buffer.from(src.data);
  const s = new Uint32Array(aligned.buffer, aligned.byteOffset, W * H);
  const out = new Uint32Array(W * H);
  const inv = 1 / zoom;
  const taps = (size: number) => {
    const index = new Int32Array(size);
    const weight = new Int32Array(size);
    for (let i = 0; i < size; i++) {
      const at = Math.min(size - 1.001, Math.max(0, size / 2 + (i + 0.5 - size / 2) * inv - 0.5));
      const whole = Math.min(size - 2, Math.floor(at));
      index[i] = whole;
      weight[i] = Math.round((at - whole) * 128);
    }
    return { index, weight };
  };
  const cols = taps(W);
  const rows = taps(H);
  for (let y = 0; y < H; y++) {
    const r0 = (rows.index[y] as number) * W;
    const wy = rows.weight[y] as number;
    const iy = 128 - wy;
    let o = y * W;
    for (let x = 0; x < W; x++, o++) {
      const i = r0 + (cols.index[x] as number);
      const wx = cols.weight[x] as number;
      const ix = 128 - wx;
      const p00 = s[i] as number;
      const p01 = s[i + 1] as number;
      const p10 = s[i + W] as number;
      const p11 = s[i + W + 1] as number;
      const topRB = (((p00 & 0xff00ff) * ix + (p01 & 0xff00ff) * wx) >> 7) & 0xff00ff;
      const topGA = ((((p00 >>> 8) & 0xff00ff) * ix + ((p01 >>> 8) & 0xff00ff) * wx) >> 7) & 0xff00ff;
      const botRB = (((p10 & 0xff00ff) * ix + (p11 & 0xff00ff) * wx) >> 7) & 0xff00ff;
      const botGA = ((((p10 >>> 8) & 0xff00ff) * ix + ((p11 >>> 8) & 0xff00ff) * wx) >> 7) & 0xff00ff;
      const rb = ((topRB * iy + botRB * wy) >> 7) & 0xff00ff;
      const ga = ((topGA * iy + botGA * wy) >> 7) & 0xff00ff;
      out[o] = (rb | (ga << 8)) >>> 0;
    }
  }
  return { data: Buffer.from(out.buffer, out.byteOffset, out.byteLength), width: W, height: H };
}

/** Halves a raster by averaging 2x2 blocks: a cheap, sharp-free preview downscale for many frames. */
export function halve(src: Raster): Raster {
  const width = Math.floor(src.width / 2);
  const height = Math.floor(src.height / 2);
  const data = Buffer.allocUnsafe(width * height * 4);
  const s = src.data;
  const sw = src.width * 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * 2 * src.width + x * 2) * 4;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) {
        data[o + c] =
          ((s[i + c] as number) +
            (s[i + 4 + c] as number) +
            (s[i + sw + c] as number) +
            (s[i + sw + 4 + c] as number) +
            2) >>
          2;
      }
    }
  }
  return { data, width, height };
}
