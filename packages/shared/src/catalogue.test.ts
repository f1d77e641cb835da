import { describe, expect, it } from 'vitest';
import {
  contentCaption,
  defaultContentName,
  promptPlaceholder,
  modelCost,
  MODELS_BY_TYPE,
  CONTENT_TYPES,
  EXAMPLE_PROMPTS,
} from './catalogue.js';

describe('model catalogue', () => {
  it('prices photo and video models as the spec lists them', () => {
    expect(MODELS_BY_TYPE.photo.map((m) => [m.id, m.cost])).toEqual([
      ['flux-pro', 10],
      ['flux-dev', 5],
      ['flux-schnell', 3],
    ]);
    expect(MODELS_BY_TYPE.video.map((m) => [m.id, m.cost])).toEqual([
      ['runway-gen3', 25],
      ['luma-dream', 20],
      ['pika-labs', 15],
    ]);
  });

  it('falls back to 5 credits for an unknown model', () => {
    expect(modelCost('gif', 'stable-diffusion-xl')).toBe(5);
    expect(modelCost('photo', 'unknown')).toBe(5);
  });

  it('has four example prompts for every type and a default name', () => {
    for (const type of CONTENT_TYPES) expect(EXAMPLE_PROMPTS[type]).toHaveLength(4);
    expect(defaultContentName('gif')).toBe('Generated GIF');
    expect(defaultContentName('loops')).toBe('Generated Loop');
  });

  it('names one piece of each type in the prompt box', () => {
    expect(promptPlaceholder('loops')).toBe('Describe the loop you want to create…');
    expect(promptPlaceholder('gif')).toBe('Describe the GIF you want to create…');
    expect(promptPlaceholder('vector')).toBe('Describe the vector graphic you want to create…');
    expect(promptPlaceholder('photo')).toBe('Describe the photo you want to create…');
  });
});

describe('content captions', () => {
  it('keeps a name someone chose', () => {
    expect(contentCaption({ title: 'Harbour at dawn', contentType: 'photo', prompt: 'a foggy harbour' })).toBe(
      'Harbour at dawn',
    );
  });

  it("shows the prompt's first words while the name is still the default", () => {
    expect(
      contentCaption({
        title: 'Generated Photo',
        contentType: 'photo',
        prompt: '  A foggy harbour at dawn,   fishing boats and gulls over still water ',
      }),
    ).toBe('A foggy harbour at dawn, fishing boats and…');
    expect(contentCaption({ title: 'Generated GIF', contentType: 'gif', prompt: 'Spinning cube.' })).toBe(
      'Spinning cube',
    );
  });

  it('treats the older "Generated Loops" as a default name too', () => {
    expect(contentCaption({ title: 'Generated Loops', contentType: 'loops', prompt: 'Waves' })).toBe('Waves');
  });

  it('keeps the default name when there is no prompt (an upload)', () => {
    expect(contentCaption({ title: 'Generated Vector', contentType: 'vector', prompt: '' })).toBe('Generated Vector');
  });
});
