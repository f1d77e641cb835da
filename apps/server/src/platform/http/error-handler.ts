import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/db.js';
import { AppError, serviceUnavailable, statusText } from './errors.js';

interface ErrorReply {
  statusCode: number;
  code: string;
  error: string;
  message: string;
  details?: { path: string; message: string }[];
}

function reply(statusCode: number, code: string, message: string, details?: ErrorReply['details']): ErrorReply {
  return { statusCode, code, error: statusText(statusCode), message, ...(details ? { details } : {}) };
}

/** Every failure leaves the server in the one shape of DESIGN.md §4. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, res) => {
    if (err instanceof AppError) {
      // A 5xx of ours (storage unavailable, …): the person gets the sentence, the log gets why.
      if (err.statusCode >= 500) request.log.warn({ err: err.cause ?? err }, err.message);
      for (const [name, value] of Object.entries(err.headers)) res.header(name, value);
      return res.status(err.statusCode).send(reply(err.statusCode, err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath ?? '').split('/').filter(Boolean)].filter(Boolean).join('.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = details[0];
      return res
        .status(400)
        .send(reply(400, 'VALIDATION_ERROR', first ? first.message : 'Invalid request', details));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return res.status(500).send(reply(500, 'INTERNAL_SERVER_ERROR', 'Something went wrong on our side'));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500 && isDatabaseUnavailable(err)) {
      // A lock held elsewhere, a timeout, an outage: the request was fine, and will be again soon.
      request.log.warn({ err }, 'database unavailable');
      const unavailable = serviceUnavailable();
      for (const [name, value] of Object.entries(unavailable.headers)) res.header(name, value);
      return res.status(503).send(reply(503, unavailable.code, unavailable.message));
    }
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return res.status(status).send(reply(status, 'INTERNAL_SERVER_ERROR', 'Something went wrong on our side'));
    }
    const messages: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
      FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported',
      FST_REQ_FILE_TOO_LARGE: 'The file is too large',
    };
    const message = (err.code && messages[err.code]) || err.message || statusText(status);
    return res.status(status).send(reply(status, err.code ?? statusText(status).toUpperCase().replace(/ /g, '_'), message));
  });
}

export function notFoundReply(method: string, url: string): ErrorReply {
  return reply(404, 'NOT_FOUND', `Route ${method} ${url.split('?')[0]} not found`);
}
