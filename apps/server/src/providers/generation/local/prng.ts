import { createHash } from 'node:crypto';

/**
 * sfc32 seeded from sha256: tiny, fast and bit-identical on every platform, which is what makes
 * the local renderer's output reproducible byte for byte.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(key: string) {
    const digest = createHash('sha256').update(key).digest();
    this.a = digest.readUInt32LE(0);
    this.b = digest.readUInt32LE(4);
    this.c = digest.readUInt32LE(8);
    this.d = digest.readUInt32LE(12) | 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    this.a |= 0;
    this.b |= 0;
    this.c |= 0;
    this.d |= 0;
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
}

/**
 * Two random streams blended by the variation strength: `base` depends only on the prompt and
 * model, `varied` also on the seed. At strength 0 a prompt keeps nearly the same composition
 * whatever the seed; at 100 the seed decides everything.
 */
export class Dice {
  private readonly base: Rng;
  private readonly varied: Rng;

  constructor(
    private readonly baseKey: string,
    private readonly variedKey: string,
    private readonly amount: number,
  ) {
    this.base = new Rng(baseKey);
    this.varied = new Rng(variedKey);
  }

  static forInput(input: { prompt: string; model: string; seed: number; strength: number }): Dice {
    const strength = Number.isFinite(input.strength) ? clamp(input.strength, 0, 100) : 50;
    return new Dice(
      `${input.prompt}|${input.model}`,
      `${input.prompt}|${input.model}|${input.seed}|${strength}`,
      0.15 + 0.85 * (strength / 100),
    );
  }

  /** An independent stream for one part of the scene, so adding a shape elsewhere does not reshuffle it. */
  fork(label: string): Dice {
    return new Dice(`${this.baseKey}#${label}`, `${this.variedKey}#${label}`, this.amount);
  }

  next(): number {
    const b = this.base.next();
    const v = this.varied.next();
    return b + (v - b) * this.amount;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return Math.min(max, Math.floor(this.range(min, max + 1)));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.min(items.length - 1, Math.floor(this.next() * items.length))] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
