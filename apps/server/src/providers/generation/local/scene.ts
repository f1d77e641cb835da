import { hex, hsl, mix, shade, toHsl, type Rgb } from './colour.js';
import { clamp, type Dice } from './prng.js';
import type { Motif, Theme } from './theme.js';

export type RenderStyle = 'photo' | 'illustration' | 'vector';

export interface Palette {
  skyTop: Rgb;
  skyMid: Rgb;
  skyBottom: Rgb;
  glow: Rgb;
  far: Rgb;
  mid: Rgb;
  near: Rgb;
  accent: Rgb;
  accent2: Rgb;
  ink: Rgb;
  paper: Rgb;
}

/** Colours sampled from a reference image, and how strongly they replace the prompt's palette (0-1). */
export interface ReferenceColours {
  top: Rgb;
  middle: Rgb;
  bottom: Rgb;
  dominant: Rgb;
  weight: number;
}

export interface SceneSpec {
  width: number;
  height: number;
  style: RenderStyle;
  /** Extra width on the right that every layer must cover, so a camera can pan across it. */
  overscan: number;
  /** 0.8-1.25: how much detail the model id asks for. */
  detail: number;
  allowEmblem: boolean;
  /** Frames of an animation: no vignette (it would cost a full-frame blend per frame). */
  animated?: boolean;
}

/** How a layer moves over an animation; `t` runs 0→1 over a loop, and every motion is at rest at t = 0. */
export type Motion =
  | { kind: 'static' }
  | { kind: 'drift'; period: number; cycles: number }
  | { kind: 'sway'; dx: number; dy: number; phase: number; cycles: number }
  | { kind: 'pulse'; amount: number; phase: number; cycles: number };

export interface LayerItem {
  type: 'layer';
  name: string;
  /** Parallax for camera moves: 0 = at infinity, 1 = nearest. */
  depth: number;
  body: string;
  motion: Motion;
  /** Width drawn beyond the canvas on the right (overscan, one period for drifting layers, sway room). */
  extraWidth: number;
  /** Width drawn left of the canvas's x = 0, for layers that sway both ways. */
  margin: number;
}

export interface SpriteItem {
  type: 'sprite';
  name: string;
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
  body: string;
  orbit: { rx: number; ry: number; phase: number; turns: number };
}

export type SceneItem = LayerItem | SpriteItem;

export interface Scene {
  width: number;
  height: number;
  style: RenderStyle;
  palette: Palette;
  defs: string[];
  background: string;
  items: SceneItem[];
  overlay: string;
  emblem?: { cx: number; cy: number; r: number };
}

const n = (v: number) => (Math.round(v * 10) / 10).toString();

export function makePalette(theme: Theme, dice: Dice, reference?: ReferenceColours): Palette {
  const h = theme.hue + dice.range(-18, 18);
  const s = clamp(theme.saturation + dice.range(-0.1, 0.1), 0.08, 0.95);
  const l = clamp(theme.lightness + dice.range(-0.08, 0.08), 0.15, 0.85);
  const shift = dice.range(15, 45) * (dice.chance(0.5) ? 1 : -1);
  const accentHue = theme.accentHue ?? h + 150;
  let p: Palette;
  if (theme.isNight) {
    p = {
      skyTop: hsl(h, s * 0.7, 0.05),
      skyMid: hsl(h + 10, s * 0.7, 0.13),
      skyBottom: hsl(h + shift, s * 0.6, 0.27),
      glow: hsl(h + shift * 2, 0.35, 0.88),
      far: hsl(h, s * 0.45, 0.2),
      mid: hsl(h + 5, s * 0.45, 0.13),
      near: hsl(h + 10, s * 0.45, 0.07),
      accent: hsl(accentHue + dice.range(-30, 30) * (theme.accentHue === undefined ? 1 : 0.3), 0.8, 0.62),
      accent2: hsl(h + 200 + dice.range(-30, 30), 0.75, 0.58),
      ink: hsl(h, 0.3, 0.04),
      paper: hsl(h + shift, 0.25, 0.93),
    };
  } else {
    const skyBottom = hsl(h + shift, s * 0.9, Math.min(0.92, l + 0.3));
    p = {
      skyTop: hsl(h, s * 0.75, l * 0.7),
      skyMid: hsl(h + shift * 0.5, s * 0.8, Math.min(0.9, l * 0.7 + 0.15)),
      skyBottom,
      glow: theme.hasSun ? hsl(40 + dice.range(-12, 12), 0.95, 0.72) : hsl(h + shift, 0.6, 0.9),
      far: mix(skyBottom, hsl(h - 25, s * 0.7, l * 0.75), 0.55),
      mid: hsl(h - 30 + dice.range(-12, 12), s * 0.8, l * 0.5),
      near: hsl(h - 40 + dice.range(-12, 12), s * 0.7, l * 0.27),
      accent: hsl(accentHue + dice.range(-30, 30) * (theme.accentHue === undefined ? 1 : 0.3), 0.75, 0.58),
      accent2: hsl(h + 200 + dice.range(-30, 30), 0.7, 0.55),
      ink: hsl(h, 0.35, 0.12),
      paper: hsl(h + shift, 0.3, 0.95),
    };
  }
  if (!reference) return p;
  const w = clamp(reference.weight, 0, 1);
  return {
    ...p,
    skyTop: mix(p.skyTop, reference.top, w),
    skyMid: mix(p.skyMid, mix(reference.top, reference.middle, 0.5), w),
    skyBottom: mix(p.skyBottom, reference.middle, w * 0.8),
    far: mix(p.far, reference.middle, w * 0.6),
    mid: mix(p.mid, reference.bottom, w * 0.7),
    near: mix(p.near, shade(reference.bottom, Math.min(0.3, toHsl(reference.bottom)[2])), w * 0.7),
    accent: mix(p.accent, reference.dominant, w * 0.8),
  };
}

type Ground = 'mountains' | 'hills' | 'dunes' | 'waves' | 'skyline' | 'forest' | 'grid';
const GROUND: Ground[] = ['mountains', 'hills', 'dunes', 'waves', 'skyline', 'forest', 'grid'];

class SceneBuilder {
  readonly defs: string[] = [];
  readonly items: SceneItem[] = [];
  /** Static extras painted into the sky itself (cheaper than a translucent layer when animated). */
  readonly backdrop: string[] = [];
  private gradientCount = 0;
  readonly W: number;
  readonly H: number;
  /** Size unit: 1 at a 768 px short side. */
  readonly u: number;
  readonly horizon: number;
  readonly totalWidth: number;

  constructor(
    readonly spec: SceneSpec,
    readonly theme: Theme,
    readonly palette: Palette,
    readonly dice: Dice,
  ) {
    this.W = spec.width;
    this.H = spec.height;
    this.u = Math.min(spec.width, spec.height) / 768;
    this.totalWidth = spec.width + spec.overscan;
    this.horizon = this.H * dice.range(spec.height > spec.width ? 0.58 : 0.5, spec.height > spec.width ? 0.72 : 0.66);
  }

  get style(): RenderStyle {
    return this.spec.style;
  }

  gradient(stops: Array<[number, Rgb, number?]>, vertical = true): string {
    const id = `g${this.gradientCount++}`;
    const coords = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
    const body = stops
      .map(
        ([o, c, a]) =>
          `<stop offset="${n(o)}" stop-color="${hex(c)}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
      )
      .join('');
    this.defs.push(`<linearGradient id="${id}" ${coords}>${body}</linearGradient>`);
    return `url(#${id})`;
  }

  radial(stops: Array<[number, Rgb, number]>): string {
    const id = `g${this.gradientCount++}`;
    const body = stops
      .map(([o, c, a]) => `<stop offset="${n(o)}" stop-color="${hex(c)}" stop-opacity="${a}"/>`)
      .join('');
    this.defs.push(`<radialGradient id="${id}">${body}</radialGradient>`);
    return `url(#${id})`;
  }

  layer(name: string, depth: number, body: string, motion: Motion = { kind: 'static' }): void {
    const margin = motion.kind === 'sway' ? Math.ceil(Math.abs(motion.dx) * 2) : 0;
    const extra = this.spec.overscan + (motion.kind === 'drift' ? Math.ceil(motion.period) : 0) + margin;
    this.items.push({ type: 'layer', name, depth, body, motion, extraWidth: extra, margin });
  }
}

/** Composes the scene for a prompt: sky, far/mid/near ground, floating shapes and a finishing overlay. */
export function buildScene(theme: Theme, dice: Dice, spec: SceneSpec, palette: Palette): Scene {
  const emblem =
    spec.allowEmblem && theme.isEmblem && spec.style !== 'photo'
      ? { cx: spec.width / 2, cy: spec.height / 2, r: Math.round(Math.min(spec.width, spec.height) * 0.4) }
      : undefined;
  // An emblem is a whole small scene inside a roundel, not a crop of a big one.
  const inner = emblem ? { ...spec, width: emblem.r * 2, height: emblem.r * 2, overscan: 0 } : spec;
  const b = new SceneBuilder(inner, theme, palette, dice);
  const background = sky(b, dice.fork('sky'));

  const motifs = theme.motifs;
  const ground = motifs.filter((m): m is Ground => (GROUND as Motif[]).includes(m));
  const air = motifs.filter((m) => !(GROUND as Motif[]).includes(m));

  if (theme.isNight || air.includes('stars')) stars(b, dice.fork('stars'));
  if (theme.hasSun || theme.isNight || dice.fork('celestial').chance(0.55)) celestial(b, dice.fork('celestial'));
  if (air.includes('clouds') || (!theme.isNight && dice.fork('clouds').chance(0.35))) clouds(b, dice.fork('clouds'));

  const plan = planGround(ground, dice.fork('plan'));
  plan.backdrop.forEach((kind, i) => ridge(b, kind, i, dice.fork(`ground${i}`)));
  if (air.includes('blobs')) blobs(b, dice.fork('blobs'));
  if (plan.floor === 'waves') waves(b, dice.fork('waves'));
  else if (plan.floor === 'grid') grid(b, dice.fork('grid'));
  if (air.includes('geometry')) geometry(b, dice.fork('geometry'));
  if (air.includes('orbs')) orbs(b, dice.fork('orbs'));

  const overlay = spec.animated ? '' : finish(b);
  return {
    width: spec.width,
    height: spec.height,
    style: spec.style,
    palette,
    defs: b.defs,
    background: background + b.backdrop.join(''),
    items: b.items,
    overlay,
    emblem,
  };
}

function planGround(ground: Ground[], dice: Dice): { backdrop: Ground[]; floor?: 'waves' | 'grid' } {
  const land = ground.filter((g) => g !== 'waves' && g !== 'grid');
  if (ground.includes('waves') || ground.includes('grid')) {
    const floor = ground.includes('waves') ? 'waves' : 'grid';
    const back = land[0] ?? (dice.chance(0.6) ? dice.pick<Ground>(['mountains', 'hills', 'skyline']) : undefined);
    return { backdrop: back ? [back] : [], floor };
  }
  if (land.length === 0) land.push('hills');
  const far = land[0] as Ground;
  const mid = land[1] ?? far;
  const near = land[2] ?? (land[1] ? (land[1] === 'skyline' ? 'hills' : land[1]) : far === 'skyline' ? 'hills' : far);
  return { backdrop: [far, mid, near] };
}

/** Smooth periodic value noise in -1..1: `cells` random knots per `period` px. */
function periodicNoise(dice: Dice, period: number, cells: number): (x: number) => number {
  const count = Math.max(1, Math.round(cells));
  const knots = Array.from({ length: count }, () => dice.range(-1, 1));
  return (x) => {
    const u = ((((x / period) * count) % count) + count) % count;
    const i0 = Math.floor(u);
    const f = u - i0;
    const a = knots[i0 % count] as number;
    const c = knots[(i0 + 1) % count] as number;
    return a + (c - a) * ((1 - Math.cos(Math.PI * f)) / 2);
  };
}

function fractal(dice: Dice, period: number, cells: number, octaves: number, ridged: boolean): (x: number) => number {
  const parts = Array.from({ length: octaves }, (_, o) => ({
    noise: periodicNoise(dice, period, cells * 2 ** o),
    amp: 0.5 ** o,
  }));
  const total = parts.reduce((a, p) => a + p.amp, 0);
  return (x) => {
    let v = 0;
    for (const p of parts) {
      const raw = p.noise(x);
      v += (ridged ? 1 - Math.abs(raw) : (raw + 1) / 2) * p.amp;
    }
    return v / total;
  };
}

function outline(points: Array<[number, number]>): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join('');
}

function closedToBottom(points: Array<[number, number]>, bottom: number): string {
  const first = points[0] as [number, number];
  const last = points[points.length - 1] as [number, number];
  return `M${n(first[0])} ${n(bottom)}${outline(points).replace(/^M/, 'L')}L${n(last[0])} ${n(bottom)}Z`;
}

/** A smooth closed shape through points around a centre (Catmull-Rom turned into cubic Béziers). */
function smoothClosed(points: Array<[number, number]>): string {
  const count = points.length;
  const at = (i: number) => points[((i % count) + count) % count] as [number, number];
  let d = `M${n(at(0)[0])} ${n(at(0)[1])}`;
  for (let i = 0; i < count; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1: [number, number] = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: [number, number] = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `${d}Z`;
}

function sky(b: SceneBuilder, dice: Dice): string {
  const { palette: p, H, horizon, totalWidth } = b;
  const parts: string[] = [];
  if (b.style === 'photo') {
    const fill = b.gradient([
      [0, p.skyTop],
      [(horizon / H) * 0.55, p.skyMid],
      [horizon / H, p.skyBottom],
      [1, mix(p.skyBottom, p.near, 0.4)],
    ]);
    parts.push(`<rect width="${n(totalWidth)}" height="${H}" fill="${fill}"/>`);
  } else {
    // Screen-print banding: a few flat steps instead of a smooth gradient.
    const bands = dice.int(4, 6);
    for (let i = 0; i < bands; i++) {
      const t = i / (bands - 1);
      const c = t < 0.5 ? mix(p.skyTop, p.skyMid, t * 2) : mix(p.skyMid, p.skyBottom, (t - 0.5) * 2);
      const y = (horizon * i) / bands;
      parts.push(`<rect y="${n(y)}" width="${n(totalWidth)}" height="${n(H - y)}" fill="${hex(c)}"/>`);
    }
    if (b.style === 'illustration') {
      const size = Math.max(6, Math.round(9 * b.u));
      b.defs.push(
        `<pattern id="halftone" width="${size}" height="${size}" patternUnits="userSpaceOnUse"><circle cx="${size / 2}" cy="${size / 2}" r="${n(size * 0.22)}" fill="${hex(p.ink)}" fill-opacity="0.14"/></pattern>`,
      );
      parts.push(`<rect width="${n(totalWidth)}" height="${n(horizon)}" fill="url(#halftone)"/>`);
    }
  }
  return parts.join('');
}

function stars(b: SceneBuilder, dice: Dice): void {
  const { horizon, totalWidth, palette: p } = b;
  const count = Math.round(((totalWidth * horizon) / 4500) * b.spec.detail);
  for (const half of [0, 1]) {
    const dots: string[] = [];
    for (let i = half; i < count; i += 2) {
      const x = dice.range(0, totalWidth);
      const y = dice.range(0, horizon * 0.95);
      const r = dice.range(0.5, 1.7) * b.u * (dice.chance(0.06) ? 2 : 1);
      const c = mix(p.glow, [255, 255, 255], dice.range(0.3, 1));
      dots.push(
        `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${hex(c)}" fill-opacity="${n(dice.range(0.5, 1))}"/>`,
      );
    }
    b.layer(`stars${half}`, 0.02, dots.join(''), { kind: 'pulse', amount: 0.55, phase: half * Math.PI, cycles: 2 });
  }
}

function celestial(b: SceneBuilder, dice: Dice): void {
  const { W, horizon, palette: p, theme } = b;
  const r = dice.range(38, 80) * b.u;
  const cx = dice.range(0.18, 0.82) * W;
  const cy = clamp(dice.range(0.15, 0.75) * horizon, r * 1.2, horizon - r * 0.4);
  const parts: string[] = [];
  const isMoon = theme.isNight;
  const body = isMoon ? mix(p.glow, [240, 240, 235], 0.5) : p.glow;
  if (b.style === 'photo') {
    const halo = b.radial([
      [0, body, 0.75],
      [0.25, body, 0.35],
      [1, body, 0],
    ]);
    b.backdrop.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 5)}" fill="${halo}"/>`);
    parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${hex(mix(body, [255, 255, 255], 0.45))}"/>`);
  } else {
    const rings = dice.int(2, 4);
    for (let i = rings; i >= 1; i--) {
      parts.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * (1 + i * 0.35))}" fill="${hex(mix(body, p.skyMid, 0.35 + i * 0.12))}" fill-opacity="0.55"/>`,
      );
    }
    const stroke = b.style === 'illustration' ? ` stroke="${hex(p.ink)}" stroke-width="${n(3 * b.u)}"` : '';
    parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${hex(body)}"${stroke}/>`);
  }
  if (isMoon) {
    for (let i = 0; i < 4; i++) {
      const a = dice.range(0, Math.PI * 2);
      const d = dice.range(0, r * 0.6);
      parts.push(
        `<circle cx="${n(cx + Math.cos(a) * d)}" cy="${n(cy + Math.sin(a) * d)}" r="${n(dice.range(0.08, 0.2) * r)}" fill="${hex(p.skyMid)}" fill-opacity="0.18"/>`,
      );
    }
  }
  b.layer('celestial', 0.04, parts.join(''), { kind: 'pulse', amount: 0.12, phase: 0, cycles: 1 });
}

function clouds(b: SceneBuilder, dice: Dice): void {
  const { W, horizon, palette: p, totalWidth } = b;
  // Repeats every canvas width so any overscan is covered; drifts by swaying, not scrolling, so a
  // short loop does not have to carry the clouds a whole width.
  const period = W;
  const count = Math.round(dice.int(3, 6) * b.spec.detail);
  const shapes: string[] = [];
  const tint = mix([255, 255, 255], p.glow, 0.35);
  const fill =
    b.style === 'photo'
      ? b.radial([
          [0, tint, 0.9],
          [0.6, tint, 0.45],
          [1, tint, 0],
        ])
      : hex(mix(tint, p.skyMid, 0.15));
  for (let i = 0; i < count; i++) {
    const cx = dice.range(0, period);
    const cy = dice.range(0.12, 0.75) * horizon;
    const width = dice.range(120, 320) * b.u;
    const puffs = dice.int(4, 8);
    const cloud: string[] = [];
    for (let k = 0; k < puffs; k++) {
      const px = cx + dice.range(-0.5, 0.5) * width;
      const py = cy + dice.range(-0.18, 0.12) * width * 0.5;
      const rx = dice.range(0.15, 0.3) * width;
      const ry = b.style === 'photo' ? rx * dice.range(0.45, 0.7) : rx * 0.8;
      cloud.push(`<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(rx)}" ry="${n(ry)}"/>`);
    }
    if (b.style !== 'photo') {
      cloud.push(
        `<rect x="${n(cx - width * 0.55)}" y="${n(cy)}" width="${n(width * 1.1)}" height="${n(width * 0.12)}" rx="${n(width * 0.06)}"/>`,
      );
    }
    const opacity = b.style === 'photo' ? n(dice.range(0.55, 0.9)) : '1';
    const group = `<g fill="${fill}" fill-opacity="${opacity}">${cloud.join('')}</g>`;
    for (let offset = -period; offset < totalWidth + period * 2; offset += period) {
      shapes.push(offset === 0 ? group : `<g transform="translate(${n(offset)} 0)">${group}</g>`);
    }
  }
  b.layer('clouds', 0.15, shapes.join(''), {
    kind: 'sway',
    dx: dice.range(14, 30) * b.u,
    dy: dice.range(2, 6) * b.u,
    phase: 0,
    cycles: 1,
  });
}

function ridge(b: SceneBuilder, kind: Ground, index: number, dice: Dice): void {
  const { H, horizon, palette: p } = b;
  const roles = [
    { base: horizon, amp: H * 0.2, colour: p.far, depth: 0.3 },
    { base: horizon + (H - horizon) * 0.32, amp: H * 0.13, colour: p.mid, depth: 0.55 },
    { base: horizon + (H - horizon) * 0.66, amp: H * 0.09, colour: p.near, depth: 0.9 },
  ];
  const role = roles[index] as (typeof roles)[number];
  if (kind === 'skyline') return skyline(b, role, dice);
  const detail = b.spec.detail;
  const photo = b.style === 'photo';
  const isDunes = kind === 'dunes';
  const period = isDunes ? Math.round(b.W / dice.int(1, 2)) : b.totalWidth;
  const step = (photo ? 5 : 10) * b.u;
  let profile: (x: number) => number;
  if (kind === 'mountains') {
    profile = fractal(dice, period, dice.int(3, 5), Math.round((photo ? 6 : 3) * detail), true);
  } else if (isDunes) {
    const waves = dice.int(2, 4);
    const phase = dice.range(0, Math.PI * 2);
    const jitter = fractal(dice, period, 3, 2, false);
    profile = (x) => {
      const u = (x / period) * Math.PI * 2 * waves + phase;
      return 0.5 + 0.35 * Math.sin(u + 0.7 * Math.sin(u)) + 0.25 * (jitter(x) - 0.5);
    };
  } else {
    // Summed octaves average out towards 0.5; stretch them back so hills actually roll.
    const raw = fractal(dice, period, dice.int(2, 3), Math.round((photo ? 4 : 2) * detail), false);
    profile = (x) => clamp(0.5 + (raw(x) - 0.5) * 2.6, -0.1, 1.2);
  }
  const amp = role.amp * (kind === 'mountains' ? 1.25 : kind === 'forest' ? 0.6 : isDunes ? 0.55 : 0.7);
  const extra = isDunes ? period : 0;
  const points: Array<[number, number]> = [];
  for (let x = -step; x <= b.totalWidth + extra + step; x += step) points.push([x, role.base - amp * profile(x)]);

  const parts: string[] = [];
  const top = kind === 'mountains' && photo ? mix(role.colour, p.skyBottom, 0.35) : role.colour;
  const bottom = shade(role.colour, Math.max(0.04, luminanceOf(role.colour) * 0.55));
  const fill = photo
    ? b.gradient([
        [0, top],
        [1, bottom],
      ])
    : hex(role.colour);
  const stroke =
    b.style === 'illustration' ? ` stroke="${hex(p.ink)}" stroke-width="${n(3 * b.u)}" stroke-linejoin="round"` : '';
  parts.push(`<path d="${closedToBottom(points, H + 2)}" fill="${fill}"${stroke}/>`);
  if (photo) {
    // Rim light along the crest, and haze rising off the ground behind nearer layers.
    parts.push(
      `<path d="${outline(points)}" fill="none" stroke="${hex(p.glow)}" stroke-opacity="0.3" stroke-width="${n(1.6 * b.u)}"/>`,
    );
    if (index < 2) {
      const haze = b.gradient([
        [0, p.skyBottom, 0],
        [0.65, p.skyBottom, 0.22],
        [1, p.skyBottom, 0],
      ]);
      parts.push(
        `<rect y="${n(role.base - amp * 0.9)}" width="${n(b.totalWidth + extra)}" height="${n(amp * 1.6)}" fill="${haze}"/>`,
      );
    }
  } else if (isDunes || kind === 'hills') {
    const shadeColour = hex(shade(role.colour, luminanceOf(role.colour) * 0.8));
    const offsetPoints = points.map(([x, y]): [number, number] => [x, y + amp * 0.35]);
    parts.push(`<path d="${closedToBottom(offsetPoints, H + 2)}" fill="${shadeColour}" fill-opacity="0.5"/>`);
  }
  if (kind === 'forest') parts.push(trees(b, points, role.colour, role.amp, dice));
  const motion: Motion = isDunes ? { kind: 'drift', period, cycles: 1 } : { kind: 'static' };
  b.layer(`${kind}${index}`, role.depth, parts.join(''), motion);
}

function luminanceOf(c: Rgb): number {
  return toHsl(c)[2];
}

function trees(b: SceneBuilder, ground: Array<[number, number]>, colour: Rgb, scale: number, dice: Dice): string {
  const { palette: p } = b;
  const out: string[] = [];
  const treeColour = hex(shade(colour, luminanceOf(colour) * 0.75));
  const stroke =
    b.style === 'illustration' ? ` stroke="${hex(p.ink)}" stroke-width="${n(2 * b.u)}" stroke-linejoin="round"` : '';
  let x = dice.range(0, 20) * b.u;
  const first = ground[0] as [number, number];
  const last = ground[ground.length - 1] as [number, number];
  const step = (ground[1] as [number, number])[0] - first[0];
  while (x < last[0]) {
    const index = Math.min(ground.length - 1, Math.max(0, Math.round((x - first[0]) / step)));
    const baseY = (ground[index] as [number, number])[1] + 4 * b.u;
    const h = dice.range(0.35, 0.8) * scale;
    const w = h * dice.range(0.28, 0.4);
    if (b.style === 'photo') {
      const jag: Array<[number, number]> = [[x, baseY - h]];
      const tiers = 6;
      for (let i = 1; i <= tiers; i++)
        jag.push([x + (w / 2) * (i / tiers), baseY - h + (h * i) / tiers - (i % 2 ? h * 0.06 : 0)]);
      for (let i = tiers; i >= 1; i--)
        jag.push([x - (w / 2) * (i / tiers), baseY - h + (h * i) / tiers - (i % 2 ? h * 0.06 : 0)]);
      out.push(`<path d="${outline(jag)}Z" fill="${treeColour}"/>`);
    } else {
      for (let t = 0; t < 3; t++) {
        const top = baseY - h + t * h * 0.25;
        const half = (w / 2) * (0.6 + t * 0.25);
        out.push(
          `<path d="M${n(x)} ${n(top)}L${n(x + half)} ${n(top + h * 0.45)}L${n(x - half)} ${n(top + h * 0.45)}Z" fill="${treeColour}"${stroke}/>`,
        );
      }
    }
    x += w * dice.range(0.5, 1.3);
  }
  return out.join('');
}

function skyline(b: SceneBuilder, role: { base: number; amp: number; colour: Rgb; depth: number }, dice: Dice): void {
  const { palette: p, H } = b;
  const out: string[] = [];
  const windows: string[] = [];
  const lit = hex(mix(p.glow, p.accent, dice.range(0, 0.5)));
  const stroke = b.style === 'illustration' ? ` stroke="${hex(p.ink)}" stroke-width="${n(2.5 * b.u)}"` : '';
  let x = -dice.range(0, 40) * b.u;
  while (x < b.totalWidth) {
    const w = dice.range(40, 110) * b.u;
    const h = dice.range(0.6, 1.9) * role.amp;
    const top = role.base - h;
    const colour = hex(mix(role.colour, p.near, dice.range(0, 0.35)));
    out.push(`<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(H - top + 2)}" fill="${colour}"${stroke}/>`);
    if (dice.chance(0.3)) {
      out.push(
        `<rect x="${n(x + w * 0.45)}" y="${n(top - h * 0.2)}" width="${n(2 * b.u)}" height="${n(h * 0.2)}" fill="${colour}"/>`,
      );
    }
    const cell = 14 * b.u;
    const cols = Math.floor((w - cell) / cell);
    const rows = Math.min(14, Math.floor((role.base - top) / (cell * 1.3)));
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (!dice.chance(0.32)) continue;
        windows.push(
          `<rect x="${n(x + cell * 0.7 + c * cell)}" y="${n(top + cell + r * cell * 1.3)}" width="${n(cell * 0.5)}" height="${n(cell * 0.7)}"/>`,
        );
      }
    }
    if (dice.chance(0.15)) {
      const sign = hex(dice.chance(0.5) ? p.accent : p.accent2);
      out.push(
        `<rect x="${n(x + w * 0.15)}" y="${n(top + h * 0.2)}" width="${n(6 * b.u)}" height="${n(h * 0.35)}" fill="${sign}"/>`,
      );
    }
    x += w + dice.range(-6, 10) * b.u;
  }
  out.push(`<g fill="${lit}" fill-opacity="0.85">${windows.join('')}</g>`);
  b.layer('skyline', role.depth, out.join(''));
}

function waves(b: SceneBuilder, dice: Dice): void {
  const { W, H, horizon, palette: p } = b;
  const photo = b.style === 'photo';
  const bands = Math.round(dice.int(5, 8) * b.spec.detail);
  const water = mix(p.skyBottom, p.mid, 0.55);
  const deep = mix(p.near, p.mid, 0.25);
  const foam = mix(p.glow, [255, 255, 255], 0.5);
  const halves: Array<{ parts: string[]; period: number; cycles: number }> = [
    { parts: [], period: Math.round(W / 4), cycles: 1 },
    { parts: [], period: Math.round(W / 2), cycles: 1 },
  ];
  const baseFill = photo
    ? b.gradient([
        [0, mix(water, p.skyBottom, 0.4)],
        [1, deep],
      ])
    : hex(water);
  halves[0]?.parts.push(
    `<rect y="${n(horizon)}" width="${n(b.totalWidth + (halves[0]?.period ?? 0))}" height="${n(H - horizon + 2)}" fill="${baseFill}"/>`,
  );
  for (let k = 0; k < bands; k++) {
    const t = (k + 1) / (bands + 1);
    const half = halves[k < bands / 2 ? 0 : 1] as (typeof halves)[number];
    const period = half.period;
    const y0 = horizon + (H - horizon) * t ** 1.35;
    const amp = (3 + 16 * t) * b.u;
    const f1 = dice.int(1, 3);
    const f2 = f1 * 2 + dice.int(0, 2);
    const ph1 = dice.range(0, Math.PI * 2);
    const ph2 = dice.range(0, Math.PI * 2);
    const step = (photo ? 6 : 10) * b.u;
    const points: Array<[number, number]> = [];
    for (let x = -step; x <= b.totalWidth + period + step; x += step) {
      const u = (x / period) * Math.PI * 2;
      points.push([x, y0 + amp * Math.sin(f1 * u + ph1) + amp * 0.35 * Math.sin(f2 * u + ph2)]);
    }
    const colour = mix(water, deep, t);
    const fill = photo
      ? b.gradient([
          [0, mix(colour, p.skyBottom, 0.25)],
          [1, deep],
        ])
      : hex(colour);
    const stroke = b.style === 'illustration' ? ` stroke="${hex(p.ink)}" stroke-width="${n(2.5 * b.u)}"` : '';
    half.parts.push(`<path d="${closedToBottom(points, H + 2)}" fill="${fill}"${stroke}/>`);
    half.parts.push(
      `<path d="${outline(points)}" fill="none" stroke="${hex(foam)}" stroke-opacity="${photo ? n(0.25 + 0.3 * t) : '0.9'}" stroke-width="${n((photo ? 1.2 : 2.5) * b.u * (0.6 + t))}"/>`,
    );
  }
  halves.forEach((h, i) =>
    b.layer(`waves${i}`, i === 0 ? 0.5 : 0.9, h.parts.join(''), { kind: 'drift', period: h.period, cycles: h.cycles }),
  );
  if (photo) {
    // Light glittering on the water under the sky's brightest point.
    const glitter: string[] = [];
    const cx = dice.range(0.3, 0.7) * W;
    for (let i = 0; i < 40; i++) {
      const y = horizon + (H - horizon) * dice.range(0.02, 0.95);
      const spread = (y - horizon) * 0.35 + 10 * b.u;
      const w = dice.range(6, 40) * b.u * (0.4 + (y - horizon) / (H - horizon));
      glitter.push(
        `<rect x="${n(cx + dice.range(-spread, spread) - w / 2)}" y="${n(y)}" width="${n(w)}" height="${n(1.6 * b.u)}" rx="1"/>`,
      );
    }
    b.layer('glitter', 0.7, `<g fill="${hex(foam)}" fill-opacity="0.55">${glitter.join('')}</g>`, {
      kind: 'pulse',
      amount: 0.6,
      phase: 0,
      cycles: 3,
    });
  }
}

function grid(b: SceneBuilder, dice: Dice): void {
  const { W, H, horizon, palette: p, totalWidth } = b;
  const parts: string[] = [];
  const floor = b.gradient([
    [0, mix(p.near, p.accent2, 0.25)],
    [1, shade(p.near, 0.04)],
  ]);
  parts.push(`<rect y="${n(horizon)}" width="${n(totalWidth)}" height="${n(H - horizon + 2)}" fill="${floor}"/>`);
  const lineColour = hex(p.accent);
  const lines: string[] = [];
  const rows = dice.int(9, 14);
  for (let k = 1; k <= rows; k++) {
    const y = horizon + (H - horizon) * (k / rows) ** 2.1;
    lines.push(`M0 ${n(y)}H${n(totalWidth)}`);
  }
  const vx = W / 2 + dice.range(-0.15, 0.15) * W;
  const spacing = dice.range(50, 90) * b.u;
  for (let i = -40; i <= 40; i++) {
    const bottomX = vx + i * spacing * 3;
    if (bottomX < -W || bottomX > totalWidth + W) continue;
    lines.push(`M${n(vx + i * spacing * 0.08)} ${n(horizon)}L${n(bottomX)} ${n(H + 2)}`);
  }
  const d = lines.join('');
  if (b.style === 'photo')
    parts.push(
      `<path d="${d}" stroke="${lineColour}" stroke-opacity="0.25" stroke-width="${n(6 * b.u)}" fill="none"/>`,
    );
  parts.push(`<path d="${d}" stroke="${lineColour}" stroke-width="${n(1.8 * b.u)}" fill="none"/>`);
  b.layer('grid', 0.9, parts.join(''));
}

function sprite(
  b: SceneBuilder,
  name: string,
  dice: Dice,
  box: { x: number; y: number; size: number },
  body: string,
  depth: number,
): void {
  b.items.push({
    type: 'sprite',
    name,
    depth,
    x: Math.round(box.x - box.size / 2),
    y: Math.round(box.y - box.size / 2),
    width: Math.ceil(box.size),
    height: Math.ceil(box.size),
    body,
    orbit: {
      rx: dice.range(8, 50) * b.u,
      ry: dice.range(8, 40) * b.u,
      phase: dice.range(0, Math.PI * 2),
      turns: dice.chance(0.5) ? 1 : -1,
    },
  });
}

function orbs(b: SceneBuilder, dice: Dice): void {
  const { palette: p } = b;
  const count = Math.round(dice.int(4, 9) * b.spec.detail);
  for (let i = 0; i < count; i++) {
    const r = dice.range(10, 62) * b.u;
    const picked = dice.chance(0.6) ? p.accent : p.accent2;
    // Out-of-focus lights in a photo take the scene's light colour; drawn ones keep the accent.
    const colour = b.style === 'photo' ? mix(picked, p.glow, 0.6) : picked;
    const size = r * 2 + 8 * b.u;
    const c = size / 2;
    let body: string;
    if (b.style === 'photo') {
      const fill = b.radial([
        [0, mix(colour, [255, 255, 255], 0.5), 0.9],
        [0.55, colour, 0.5],
        [1, colour, 0],
      ]);
      body = `<circle cx="${n(c)}" cy="${n(c)}" r="${n(r)}" fill="${fill}"/>`;
    } else {
      const stroke = b.style === 'illustration' ? ` stroke="${hex(p.ink)}" stroke-width="${n(2.5 * b.u)}"` : '';
      body =
        `<circle cx="${n(c)}" cy="${n(c)}" r="${n(r)}" fill="${hex(colour)}"${stroke}/>` +
        `<circle cx="${n(c - r * 0.35)}" cy="${n(c - r * 0.35)}" r="${n(r * 0.22)}" fill="${hex(mix(colour, [255, 255, 255], 0.7))}"/>`;
    }
    sprite(
      b,
      `orb${i}`,
      dice,
      { x: dice.range(0.05, 0.95) * b.W, y: dice.range(0.08, 0.92) * b.H, size },
      body,
      dice.range(0.5, 1),
    );
  }
}

function blobs(b: SceneBuilder, dice: Dice): void {
  const { palette: p } = b;
  const count = Math.round(dice.int(2, 5) * b.spec.detail);
  for (let i = 0; i < count; i++) {
    const r = dice.range(50, 150) * b.u;
    const size = r * 2.2 + 10 * b.u;
    const c = size / 2;
    const pts: Array<[number, number]> = [];
    const k = dice.int(6, 9);
    for (let j = 0; j < k; j++) {
      const a = (j / k) * Math.PI * 2;
      const rr = r * dice.range(0.62, 1);
      pts.push([c + Math.cos(a) * rr, c + Math.sin(a) * rr]);
    }
    const colour = i % 2 ? p.accent2 : p.accent;
    let fill: string;
    if (b.style === 'photo') {
      fill = b.radial([
        [0, mix(colour, [255, 255, 255], 0.35), 0.95],
        [0.8, colour, 0.85],
        [1, shade(colour, 0.3), 0.7],
      ]);
    } else fill = hex(colour);
    const stroke = b.style === 'illustration' ? ` stroke="${hex(p.ink)}" stroke-width="${n(3 * b.u)}"` : '';
    const body = `<path d="${smoothClosed(pts)}" fill="${fill}" fill-opacity="${b.style === 'vector' ? '1' : '0.88'}"${stroke}/>`;
    sprite(
      b,
      `blob${i}`,
      dice,
      { x: dice.range(0.1, 0.9) * b.W, y: dice.range(0.15, 0.85) * b.H, size },
      body,
      dice.range(0.35, 0.8),
    );
  }
}

function geometry(b: SceneBuilder, dice: Dice): void {
  const { palette: p } = b;
  const count = Math.round(dice.int(3, 7) * b.spec.detail);
  for (let i = 0; i < count; i++) {
    const r = dice.range(25, 110) * b.u;
    const sides = dice.pick([3, 4, 6, 6]);
    const rot = dice.range(0, Math.PI);
    const size = r * 2 + 16 * b.u;
    const c = size / 2;
    const pts: Array<[number, number]> = [];
    for (let j = 0; j < sides; j++) {
      const a = rot + (j / sides) * Math.PI * 2;
      pts.push([c + Math.cos(a) * r, c + Math.sin(a) * r]);
    }
    const base = i % 2 ? p.accent : p.accent2;
    const colour = hex(base);
    const width = dice.range(2.5, 7) * b.u;
    const filled = dice.chance(0.4);
    const parts: string[] = [];
    const d = `${outline(pts)}Z`;
    if (b.style === 'photo') {
      // Glassy crystals rather than line art: a lit face, a glow and a bright edge.
      const face = b.gradient(
        [
          [0, mix(base, [255, 255, 255], 0.6), 0.7],
          [1, base, 0.25],
        ],
        false,
      );
      const edge = hex(mix(base, [255, 255, 255], 0.5));
      parts.push(
        `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="0.22" stroke-width="${n(width * 3)}"/>`,
      );
      parts.push(
        `<path d="${d}" fill="${face}" stroke="${edge}" stroke-width="${n(width * 0.5)}" stroke-linejoin="round"/>`,
      );
    } else {
      parts.push(
        `<path d="${d}" fill="${filled ? colour : 'none'}" fill-opacity="0.35" stroke="${colour}" stroke-width="${n(width)}" stroke-linejoin="round"/>`,
      );
    }
    sprite(
      b,
      `shape${i}`,
      dice,
      { x: dice.range(0.08, 0.92) * b.W, y: dice.range(0.08, 0.8) * b.H, size },
      parts.join(''),
      dice.range(0.45, 0.95),
    );
  }
}

function finish(b: SceneBuilder): string {
  if (b.style !== 'photo') return '';
  const vignette = b.radial([
    [0.6, [0, 0, 0], 0],
    [1, [0, 0, 0], 0.32],
  ]);
  return `<rect width="${b.W}" height="${b.H}" fill="${vignette}"/>`;
}

/** The whole scene as one SVG document: what still images (and the first frame of animations) show. */
export function sceneToSvg(scene: Scene, head = ''): string {
  const { width: W, height: H } = scene;
  const content = [
    scene.background,
    ...scene.items.map((item) =>
      item.type === 'layer' ? item.body : `<g transform="translate(${item.x} ${item.y})">${item.body}</g>`,
    ),
  ].join('');
  let body: string;
  const defs = [...scene.defs];
  if (scene.emblem) {
    const { cx, cy, r } = scene.emblem;
    const p = scene.palette;
    defs.push(`<clipPath id="emblem"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/></clipPath>`);
    body =
      `<rect width="${W}" height="${H}" fill="${hex(p.paper)}"/>` +
      `<g clip-path="url(#emblem)"><g transform="translate(${n(cx - r)} ${n(cy - r)})">${content}</g></g>` +
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${hex(p.ink)}" stroke-width="${n(r * 0.04)}"/>` +
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.08)}" fill="none" stroke="${hex(p.accent)}" stroke-width="${n(r * 0.015)}"/>`;
  } else {
    body = content + scene.overlay;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    head +
    `<defs>${defs.join('')}</defs>${body}</svg>`
  );
}

/**
 * One layer (or the background, or the overlay) on its own transparent canvas, for animation
 * frames; `margin` px of the scene left of x = 0 are included at the raster's left edge.
 */
export function partToSvg(scene: Scene, body: string, width: number, height: number, margin = 0): string {
  const content = margin ? `<g transform="translate(${margin} 0)">${body}</g>` : body;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(width + margin)}" height="${Math.ceil(height)}"><defs>${scene.defs.join('')}</defs>${content}</svg>`;
}
