import { Rng } from './prng.js';

export type Motif =
  | 'mountains'
  | 'hills'
  | 'dunes'
  | 'waves'
  | 'skyline'
  | 'forest'
  | 'grid'
  | 'orbs'
  | 'blobs'
  | 'geometry'
  | 'stars'
  | 'clouds';

export type Aspect = 'wide' | 'square' | 'tall';

/** What the words of a prompt ask for: colours, mood and which shapes to draw. */
export interface Theme {
  words: string[];
  hue: number;
  /** A second colour the prompt names, used for accents. */
  accentHue?: number;
  saturation: number;
  lightness: number;
  isNight: boolean;
  hasSun: boolean;
  motifs: Motif[];
  aspect?: Aspect;
  /** Logos, icons, badges: a centred emblem instead of a full-bleed scene (still images only). */
  isEmblem: boolean;
}

interface Rule {
  words: string[];
  hue?: number;
  saturation?: number;
  lightness?: number;
  night?: boolean;
  sun?: boolean;
  motifs?: Motif[];
}

const RULES: Rule[] = [
  {
    words: ['ocean', 'sea', 'water', 'wave', 'beach', 'coast', 'lake', 'river', 'harbour', 'harbor', 'surf', 'bay'],
    hue: 205,
    saturation: 0.62,
    motifs: ['waves'],
  },
  {
    words: ['glacier', 'turquoise', 'lagoon', 'underwater', 'aqua', 'teal'],
    hue: 180,
    saturation: 0.6,
    motifs: ['waves'],
  },
  {
    words: ['rain', 'rainy', 'storm', 'fog', 'foggy', 'mist', 'misty', 'grey', 'gray'],
    saturation: 0.2,
    lightness: 0.5,
  },
  {
    words: [
      'forest',
      'tree',
      'jungle',
      'leaf',
      'leaves',
      'fern',
      'garden',
      'botanical',
      'moss',
      'meadow',
      'grass',
      'green',
      'pine',
    ],
    hue: 125,
    saturation: 0.5,
    motifs: ['forest', 'hills'],
  },
  {
    words: ['sunset', 'sunrise', 'dawn', 'dusk', 'golden', 'orange', 'autumn', 'warm', 'amber'],
    hue: 24,
    saturation: 0.78,
    sun: true,
  },
  {
    words: ['desert', 'dune', 'sand', 'sahara'],
    hue: 36,
    saturation: 0.6,
    lightness: 0.62,
    sun: true,
    motifs: ['dunes'],
  },
  {
    words: ['fire', 'lava', 'flame', 'candle', 'volcano', 'ember'],
    hue: 12,
    saturation: 0.85,
    lightness: 0.45,
    motifs: ['blobs'],
  },
  {
    words: [
      'neon',
      'cyber',
      'cyberpunk',
      'tokyo',
      'synthwave',
      'vaporwave',
      'disco',
      'retro',
      'glowing',
      'glow',
      'chrome',
    ],
    hue: 305,
    saturation: 0.85,
    lightness: 0.45,
    motifs: ['grid', 'orbs'],
  },
  {
    words: ['night', 'dark', 'midnight', 'space', 'star', 'galaxy', 'moon', 'cosmic', 'nebula', 'universe'],
    hue: 238,
    lightness: 0.2,
    night: true,
    motifs: ['stars'],
  },
  {
    words: ['mountain', 'peak', 'alps', 'cliff', 'valley', 'canyon', 'ridge', 'summit', 'drone', 'aerial'],
    motifs: ['mountains'],
  },
  { words: ['hill', 'countryside', 'field', 'farm', 'village'], hue: 95, motifs: ['hills'] },
  {
    words: ['snow', 'ice', 'winter', 'frost', 'frozen', 'arctic', 'white'],
    hue: 200,
    saturation: 0.25,
    lightness: 0.82,
    motifs: ['mountains'],
  },
  {
    words: [
      'city',
      'street',
      'alley',
      'building',
      'urban',
      'skyline',
      'town',
      'cafe',
      'coffee',
      'shop',
      'office',
      'interior',
    ],
    motifs: ['skyline'],
  },
  {
    words: ['flower', 'bloom', 'blooming', 'rose', 'pastel', 'petal', 'blossom', 'pink', 'cherry', 'candy'],
    hue: 335,
    saturation: 0.55,
    lightness: 0.74,
    motifs: ['blobs', 'orbs'],
  },
  {
    words: [
      'crystal',
      'geometry',
      'geometric',
      'hexagon',
      'hexagonal',
      'triangle',
      'abstract',
      'minimal',
      'isometric',
      'pattern',
      'tunnel',
    ],
    motifs: ['geometry'],
  },
  { words: ['ink', 'drop', 'bubble', 'lamp', 'liquid', 'smoke', 'blob', 'paint'], motifs: ['blobs'] },
  { words: ['cloud', 'sky', 'clouds', 'heaven', 'balloon', 'bird', 'flight'], motifs: ['clouds'] },
  { words: ['bokeh', 'light', 'lights', 'lantern', 'firefly', 'sparkle', 'dew', 'macro'], motifs: ['orbs'] },
  { words: ['purple', 'violet', 'lavender', 'plum'], hue: 275, saturation: 0.55 },
  { words: ['red', 'crimson', 'scarlet', 'ruby'], hue: 355, saturation: 0.7 },
  { words: ['blue', 'cobalt', 'navy', 'sapphire', 'indigo'], hue: 222, saturation: 0.65 },
  { words: ['yellow', 'lemon', 'sunflower', 'gold', 'honey'], hue: 48, saturation: 0.8, lightness: 0.6, sun: true },
  {
    words: ['brown', 'wood', 'wooden', 'earth', 'leather', 'workshop', 'craftsman', 'vintage'],
    hue: 28,
    saturation: 0.4,
    lightness: 0.42,
  },
];

const TALL_WORDS = ['portrait', 'vertical', 'tall', 'phone', 'poster', 'story', 'tower'];
const SQUARE_WORDS = [
  'square',
  'icon',
  'logo',
  'avatar',
  'badge',
  'emblem',
  'album',
  'cover',
  'sticker',
  'record',
  'vinyl',
];
const WIDE_WORDS = [
  'panorama',
  'panoramic',
  'landscape',
  'wide',
  'cinematic',
  'banner',
  'background',
  'wallpaper',
  'horizon',
];
const EMBLEM_WORDS = ['logo', 'icon', 'badge', 'emblem', 'sticker', 'monogram', 'mascot'];

// A prompt we cannot read still gets a plausible landscape; abstract shapes only when asked for.
const FILLER_MOTIFS: Motif[] = ['mountains', 'hills', 'clouds', 'forest', 'dunes', 'orbs'];

export function tokenize(prompt: string): string[] {
  return prompt
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Where the first of `list`'s words (or its plural) appears in the prompt, or -1. */
function firstMatch(words: string[], list: string[]): number {
  return words.findIndex((w) => list.includes(w) || (w.length > 3 && w.endsWith('s') && list.includes(w.slice(0, -1))));
}

function matches(words: string[], list: string[]): boolean {
  return firstMatch(words, list) >= 0;
}

/** Reads the prompt's words into a theme. Unknown words still pick a colour, by hashing them. */
export function readTheme(prompt: string): Theme {
  const words = tokenize(prompt);
  const hues: Array<{ hue: number; at: number }> = [];
  const saturations: number[] = [];
  const lightnesses: number[] = [];
  const motifs: Motif[] = [];
  let isNight = false;
  let hasSun = false;

  for (const rule of RULES) {
    const at = firstMatch(words, rule.words);
    if (at < 0) continue;
    if (rule.hue !== undefined) hues.push({ hue: rule.hue, at });
    if (rule.saturation !== undefined) saturations.push(rule.saturation);
    if (rule.lightness !== undefined) lightnesses.push(rule.lightness);
    if (rule.night) isNight = true;
    if (rule.sun) hasSun = true;
    for (const m of rule.motifs ?? []) if (!motifs.includes(m)) motifs.push(m);
  }

  // The prompt's own hash stands in for words we have no rule for, so any two prompts differ.
  const own = new Rng(`theme|${words.join(' ')}`);
  const hashedHue = own.next() * 360;
  // The colour named first leads; a clearly different second one becomes the accent.
  hues.sort((a, b) => a.at - b.at);
  const lead = hues[0]?.hue;
  const hue = lead === undefined ? hashedHue : lead + (own.next() - 0.5) * 16;
  const accentHue = hues.find((h) => lead !== undefined && hueDistance(h.hue, lead) > 45)?.hue;
  const saturation = saturations.length ? average(saturations) : 0.45 + own.next() * 0.3;
  const lightness = lightnesses.length ? average(lightnesses) : 0.45 + own.next() * 0.2;
  while (motifs.length < 2) {
    const filler = FILLER_MOTIFS[Math.floor(own.next() * FILLER_MOTIFS.length)] as Motif;
    if (!motifs.includes(filler)) motifs.push(filler);
  }

  let aspect: Aspect | undefined;
  if (matches(words, TALL_WORDS)) aspect = 'tall';
  else if (matches(words, SQUARE_WORDS)) aspect = 'square';
  else if (matches(words, WIDE_WORDS)) aspect = 'wide';

  return {
    words,
    hue: ((hue % 360) + 360) % 360,
    accentHue,
    saturation,
    lightness,
    isNight,
    hasSun: hasSun && !isNight,
    motifs,
    aspect,
    isEmblem: matches(words, EMBLEM_WORDS),
  };
}

function average(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}
