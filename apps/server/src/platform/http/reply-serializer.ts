import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/** A route's reply schema as the zod provider finds it: the zod schema itself, or an OpenAPI response object. */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const content = (schema as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  const json = content?.['application/json']?.schema;
  return json instanceof z.ZodType ? json : null;
}

/**
 * Compiles a reply schema into a fast-json-stringify function once, at start. Like the zod
 * serialiser it writes only the declared fields (extra properties never leak) and fills defaults.
 * Null when the schema cannot be expressed as JSON Schema (a transform, a date); such routes keep
 * zod.
 */
export function compileReply(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    return fastJson(z.toJSONSchema(schema, { io: 'output' }) as object);
  } catch {
    return null;
  }
}

/**
 * Replies are serialised by JSON Schema compiled from the route's zod schema (DESIGN.md §11).
 * With `validate` (every NODE_ENV but production: tests, development, the e2e build), each reply is
 * also checked against zod first, so a handler that drifts from its contract fails there instead of
 * being quietly trimmed.
 */
export function replySerializerCompiler(options: { validate: boolean }): FastifySerializerCompiler<unknown> {
  return (routeSchema) => {
    const zodSchema = zodSchemaOf(routeSchema.schema);
    const viaZod = zodSerializerCompiler(routeSchema as RouteSchema);
    const compiled = zodSchema ? compileReply(zodSchema) : null;
    if (!compiled) return viaZod;
    if (!options.validate) return compiled;
    return (data) => {
      viaZod(data);
      return compiled(data);
    };
  };
}
