// Typed, user-safe errors. Services throw these; the error handler turns them into
// `{ message, fieldErrors? }` with the status their code maps to. Messages are shown to users.
import { ERROR_STATUS, type ErrorCode } from '../shared/errors';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const invalid = (message: string, fieldErrors?: Record<string, string[]>) => new AppError('invalid', message, fieldErrors);
export const unauthenticated = (message = 'You are not signed in.') => new AppError('unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('forbidden', message);
export const notFound = (message = 'Not found.') => new AppError('not_found', message);
export const conflict = (message: string, fieldErrors?: Record<string, string[]>) => new AppError('conflict', message, fieldErrors);
