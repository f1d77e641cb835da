import { describe, expect, it } from 'vitest';
import {
  contentCaption,
  defaultContentName,
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

  it('keeps the default name when there is no prompt (an upload)', () => {
    expect(contentCaption({ title: 'Generated Vector', contentType: 'vector', prompt: '' })).toBe('Generated Vector');
  });
});
