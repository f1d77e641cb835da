import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_TYPES, LIMITS } from '@atelier/shared';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(__dirname, '../../../../public/examples');

describe('example pictures shipped with the web app', () => {
  it('has a small WebP for every example of every type', () => {
    for (const type of CONTENT_TYPES) {
      for (let n = 1; n <= LIMITS.examplePromptsPerType; n++) {
        const file = path.join(dir, `${type}-${n}.webp`);
        expect(statSync(file).size, file).toBeLessThan(8 * 1024);
        const head = readFileSync(file).subarray(0, 12).toString('latin1');
        expect(head.startsWith('RIFF') && head.endsWith('WEBP'), file).toBe(true);
      }
    }
  });
});
