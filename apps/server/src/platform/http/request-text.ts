import type { FastifyInstance } from 'fastify';
import { INVALID_TEXT_MESSAGE, findInvalidText } from '@atelier/shared';
import { AppError, badRequest } from './errors.js';

function invalidText(part: string, path: string): AppError {
  const where = [part, path].filter(Boolean).join('.');
  return badRequest(INVALID_TEXT_MESSAGE, [{ path: where, message: INVALID_TEXT_MESSAGE }]);
}

/**
 * Applies the shared text rule (packages/shared schemas/text.ts) to the JSON body, query string
 * and path parameters of every route, before any schema or handler sees them.
 */
export function registerTextRule(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const parts: [string, unknown][] = [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ];
    for (const [part, value] of parts) {
      const path = findInvalidText(value);
      if (path !== null) return done(invalidText(part, path));
    }
    done();
  });
}

/** The same rule for the text fields of a multipart form, which are read by the route itself. */
export function assertFormText(fields: Record<string, unknown>): void {
  const path = findInvalidText(fields);
  if (path !== null) throw invalidText('body', path);
}

/**
 * What a multipart stream that could not be read means to the person who sent it: a file over the
 * limit is 413, a request that is not multipart is 415, and anything else the parser stumbles on
 * (a missing boundary, a cut-off or malformed part, too many parts) is 400. Never a 500.
 */
export function multipartFailure(err: unknown, text: { tooLarge: string; oneFile: string }): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, text.tooLarge);
  if (code === 'FST_FILES_LIMIT') return badRequest(text.oneFile);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError(415, 'Please send the form as multipart/form-data');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('The form has too many fields');
  return badRequest('The form could not be read: it is not well-formed multipart/form-data');
}
