import os from 'node:os';
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

/** What the line of a completed request holds: the fields Fastify's serialisers write, and its id. */
export interface CompletedRequest {
  reqId: string;
  req: { method: string; url: string; version?: string; host: string; remoteAddress: string; remotePort?: number };
  res: { statusCode: number };
  responseTime: number;
}

/** Writes the line of one completed request. */
export type RequestLine = (request: CompletedRequest) => void;

/**
 * The completed-request line in pino's own layout (level, time, pid, hostname, the fields, msg), put
 * together directly: its fields are fixed and hold nothing to redact, so pino's generic pass over
 * them (and its redaction) is work a trivial request would spend a tenth of its time on
 * (bench/overhead). At a level above info it writes nothing.
 */
export function requestLineWriter(level: string, destination: pino.DestinationStream): RequestLine {
  if ((pino.levels.values[level] ?? Infinity) > pino.levels.values.info!) return () => undefined;
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;
  return (r) =>
    destination.write(
      `{"level":30,"time":${Date.now()}${base},"reqId":${JSON.stringify(r.reqId)},"req":${JSON.stringify(r.req)},"res":{"statusCode":${r.res.statusCode}},"responseTime":${r.responseTime},"msg":"request completed"}\n`,
    );
}

/**
 * Where the server's lines go when no one watches them live (standard output by default): written
 * in batches of about 4 KB, at most a second late, and whatever is left is written before the
 * process exits. pino's default destination wrote each line on its own, through the thread pool:
 * 2.3–2.8 µs of CPU a line against 1.0 batched (bench/overhead, 2026-11-26).
 */
export function batchedDestination(dest: number | string = 1): pino.DestinationStream {
  const out = pino.destination({ dest, sync: true, minLength: 4096, periodicFlush: 1000 });
  process.on('exit', () => out.flushSync());
  return out;
}

/**
 * The server's two writers, to one destination: `log` for everything, with the redaction above,
 * and `requestLine` for the one line written per completed request (requestLineWriter).
 */
export function serverLoggers(
  level: string,
  destination: pino.DestinationStream,
): { log: Logger; requestLine: RequestLine } {
  return { log: pino(logOptions(level), destination), requestLine: requestLineWriter(level, destination) };
}
