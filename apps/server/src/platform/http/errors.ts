/** An error whose message is meant for the person who made the request. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code: string = defaultCode(statusCode),
    public readonly details?: { path: string; message: string }[],
    /** Headers the reply carries with the error, such as Retry-After. */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

function defaultCode(status: number): string {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 402:
      return 'INSUFFICIENT_CREDITS';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    default:
      return status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'ERROR';
  }
}

export const badRequest = (message: string, details?: { path: string; message: string }[]) =>
  new AppError(400, message, 'BAD_REQUEST', details);
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const paymentRequired = (message: string) => new AppError(402, message);
export const tooManyRequests = (message = 'Too many requests, please slow down', retryAfterSeconds?: number) =>
  new AppError(
    429,
    message,
    'TOO_MANY_REQUESTS',
    undefined,
    retryAfterSeconds === undefined ? {} : { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

/** Seconds a client is asked to wait after a 503 (the database or storage did not answer). */
export const RETRY_AFTER_SECONDS = 5;

/** The database or another service behind the API did not answer in time: nothing is wrong with the request. */
export const serviceUnavailable = (message = 'The service is temporarily unavailable, try again in a moment') =>
  new AppError(503, message, 'SERVICE_UNAVAILABLE', undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });

/** The media store did not take a file (an outage, a timeout): `cause` is logged, not sent. */
export const storageUnavailable = (cause?: unknown) => {
  const err = serviceUnavailable('Storage is unavailable, try again');
  if (cause !== undefined) Object.assign(err, { cause });
  return err;
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}
