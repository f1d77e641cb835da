import pino, { type Logger, type LoggerOptions } from 'pino';

const REDACTED = '[redacted]';

/**
 * Log fields that must never be written out: credentials, secrets and whole request bodies.
 * Request bodies are not logged anywhere (Fastify logs method, URL and status only); `body` is
 * listed so that a body passed to a log call by mistake is still hidden.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body',
  '*.body',
  'password',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  'passwordHash',
  '*.passwordHash',
  '*.password_hash',
  'codeHash',
  '*.codeHash',
  '*.code_hash',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  '*.refresh_token_hash',
  '*.refreshTokenHash',
  'resetToken',
  '*.resetToken',
  '*.idToken',
  'otp',
  '*.otp',
  'cardNumber',
  '*.cardNumber',
  '*.card_number',
  '*.cvc',
  '*.cvv',
  // A failed query carries its parameters: emails, password hashes, tokens.
  'err.params',
  '*.err.params',
];

/** A failed query's message and stack repeat its parameters after "params:"; they are cut off. */
function scrubQueryParams(text: unknown): unknown {
  return typeof text === 'string' ? text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${REDACTED}`) : text;
}

function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object') return out;
  out.message = scrubQueryParams(out.message);
  out.stack = scrubQueryParams(out.stack);
  delete out.params;
  if (out.cause && typeof out.cause === 'object') out.cause = serializeError(out.cause);
  return out;
}

/** The logger's options for the server and the tools alike. */
export function logOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: serializeError, error: serializeError },
  };
}

/**
 * The server's two loggers, writing to one destination: `log` for everything, with the redaction
 * above, and `requestLine` for the one line written per completed request. That line's fields are
 * fixed (request id, method, URL, address, status, time: no headers, no body), so it is written
 * without the redaction pass, which took a fifth of a trivial request's CPU time (bench/overhead).
 */
export function serverLoggers(level: string, destination: pino.DestinationStream): { log: Logger; requestLine: Logger } {
  return { log: pino(logOptions(level), destination), requestLine: pino({ level }, destination) };
}
