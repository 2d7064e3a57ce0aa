import { ERROR_STATUS, type ErrorCode } from '../../contract/errors';

/** Services throw this; the error handler turns it into the one JSON error shape. */
export class AppError extends Error {
  readonly status: number;
  /** Seconds the client should wait (429, 503): sent as Retry-After. */
  retryAfter?: number;
  /**
   * Fields of the answer beside message, code and errors (e.g. `contactOpensOn` of CONTACT_NOT_OPEN); the
   * endpoint's `errorBody` must declare them, or the answer's serialization drops them.
   */
  details?: Record<string, unknown>;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = (msg = 'You do not have permission to do that') => new AppError('FORBIDDEN', msg);
export const conflict = (msg: string) => new AppError('CONFLICT', msg);
export const badRequest = (msg: string, errors?: Record<string, string>) =>
  new AppError('VALIDATION_ERROR', msg, errors);
