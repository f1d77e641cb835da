/**
 * Renders the Generate dialog's example pictures with the local renderer: one small WebP per
 * example prompt (EXAMPLE_PROMPTS), 240×135 like the dialog's tiles, from the render's thumbnail
 * or video poster, into apps/web/public/examples/<type>-<n>.webp. The files are committed; run this
 * again when the example prompts or the renderer change:
 *
 *   npm run examples:render -w @atelier/server
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_TYPES, EXAMPLE_PROMPTS, LIMITS, MODELS_BY_TYPE } from '@atelier/shared';
import sharp from 'sharp';
import { createLocalProvider } from './providers/generation/local/local-provider.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../../web/public/examples');

async function main() {
  await mkdir(outDir, { recursive: true });
  const provider = createLocalProvider();
  for (const type of CONTENT_TYPES) {
    const prompts = EXAMPLE_PROMPTS[type].slice(0, LIMITS.examplePromptsPerType);
    for (const [index, prompt] of prompts.entries()) {
      const output = await provider.generate(
        { contentType: type, model: MODELS_BY_TYPE[type][0]?.id ?? 'stable-diffusion-xl', prompt, seed: 1000 + index, strength: 50 },
        { signal: new AbortController().signal },
      );
      const still = output.assets.find((a) => a.role === 'poster') ?? output.assets.find((a) => a.role === 'preview') ?? output.assets.find((a) => a.role === 'original');
      if (!still) throw new Error(`no still for ${type} ${index}`);
      const file = path.join(outDir, `${type}-${index + 1}.webp`);
      const data = await sharp(still.data, { animated: false }).resize(240, 135, { fit: 'cover' }).webp({ quality: 70, effort: 6 }).toBuffer();
      await writeFile(file, data);
      console.log(`${path.relative(process.cwd(), file)}  ${data.length} bytes  ${prompt}`);
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
