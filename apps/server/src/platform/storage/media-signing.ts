import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a private media link lives by default. */
export const PRIVATE_MEDIA_URL_SECONDS = 10 * 60;

/**
 * Signs private media links: HMAC-SHA256 over the key and the expiry, with a key derived from the
 * app's signing secret (so a media link can never pass for a token, or the other way round).
 * Expiries are rounded to half a life, so the same item keeps the same URL for a few minutes and
 * browsers and the web's cache can reuse it; a link still lives at least half its life.
 */
export class MediaSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly clock: () => Date = () => new Date(),
    readonly defaultLifeSeconds = PRIVATE_MEDIA_URL_SECONDS,
  ) {
    this.key = createHmac('sha256', secret).update('atelier media url v1').digest();
  }

  private mac(key: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${key}\n${exp}`).digest('base64url');
  }

  sign(key: string, lifeSeconds = this.defaultLifeSeconds): { exp: number; sig: string } {
    const now = Math.floor(this.clock().getTime() / 1000);
    const step = Math.max(1, Math.floor(lifeSeconds / 2));
    const exp = Math.floor(now / step) * step + lifeSeconds;
    return { exp, sig: this.mac(key, exp) };
  }

  /** Seconds the link has left when its signature is right and it has not expired, else null. */
  verify(key: string, exp: string | undefined, sig: string | undefined): number | null {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return null;
    const expiry = Number(exp);
    const left = expiry - Math.floor(this.clock().getTime() / 1000);
    if (left <= 0) return null;
    const expected = Buffer.from(this.mac(key, expiry));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return left;
  }
}
