import { describe, expect, it } from 'vitest';

describe('zod without code generation', () => {
  it('is configured jitless before any schema exists, and a schema still validates', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string().min(1) });
    expect(schema.safeParse({ name: 'Ada' }).success).toBe(true);
    expect(schema.safeParse({ name: '' }).success).toBe(false);
  });
});
