import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileReply, replySerializerCompiler } from './reply-serializer.js';

const pagination = z.object({ page: z.number().int(), total: z.number().int() }).meta({ id: 'ProbePagination' });
interface Node {
  id: string;
  replies: Node[];
}
const node: z.ZodType<Node> = z.lazy(() => z.object({ id: z.string(), replies: z.array(node) }));
const page = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      note: z.string().nullable(),
      kind: z.union([z.literal('photo'), z.number()]),
      tag: z.string().default('none'),
    }),
  ),
  pagination,
  thread: node.optional(),
});

const compile = (schema: z.ZodType) => {
  const fn = compileReply(schema);
  if (!fn) throw new Error('schema did not compile');
  return fn;
};

describe('compiled reply serialisation', () => {
  it('writes what zod would: declared fields only, defaults filled, shared and recursive schemas resolved', () => {
    const reply = {
      data: [{ name: 'Lighthouse', note: null, kind: 'photo', passwordHash: 'never', extra: 1 }],
      pagination: { page: 1, total: 1, internal: true },
      thread: { id: 'a', replies: [{ id: 'b', replies: [], hidden: 'x' }] },
    };
    const written = JSON.parse(compile(page)(reply));
    expect(written).toEqual(page.parse(reply));
    expect(JSON.stringify(written)).not.toContain('never');
  });

  it('leaves schemas JSON Schema cannot express to zod', () => {
    expect(compileReply(z.object({ at: z.date() }))).toBeNull();
    expect(compileReply(z.string().transform((s) => s.length))).toBeNull();
  });

  it('checks every reply against zod when asked to, so a drifting handler fails instead of being trimmed', () => {
    const route = { schema: page, method: 'GET', url: '/probe', httpStatus: '200' };
    const checked = replySerializerCompiler({ validate: true })(route);
    const fast = replySerializerCompiler({ validate: false })(route);
    const drifted = { data: [{ name: 5, note: null, kind: 'photo' }], pagination: { page: 1, total: 1 } };
    expect(() => checked(drifted)).toThrow();
    const good = { data: [{ name: 'a', note: 'b', kind: 2, tag: 't' }], pagination: { page: 1, total: 1 } };
    expect(JSON.parse(checked(good))).toEqual(JSON.parse(fast(good)));
  });
});
