// Typed, user-safe errors. Services throw these; the error handler turns them into
// `{ message, fieldErrors? }` with the status their code maps to. Messages are shown to users.
// A failed zod parse becomes one too (validationError), wherever it happens: in the route helper
// or in a service that parses input itself (the data room's multipart fields).
import type { z } from 'zod';
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

/** Turns zod issues into the API's `{ message, fieldErrors }` 400. */
export function validationError(error: z.ZodError): AppError {
  // Null prototype: a field named like an Object method (`constructor`) must not find one.
  const fieldErrors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  let message: string | undefined;
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      message ??= unknownFieldsMessage(issue.keys);
      continue;
    }
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
    if (!field) {
      message ??= issue.message;
      continue;
    }
    // One rule can fail several checks at once (1e308 is neither whole nor small): say it once.
    const messages = (fieldErrors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  const firstFieldMessage = Object.values(fieldErrors)[0]?.[0];
  return new AppError('invalid', message ?? firstFieldMessage ?? 'The request is not valid.', Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined);
}

// Unknown keys are the caller's text: name a few, each cut short, so the sentence stays readable.
function unknownFieldsMessage(keys: string[]): string {
  const shown = keys.slice(0, 5).map((key) => (key.length > 40 ? `${key.slice(0, 40)}…` : key));
  const more = keys.length > shown.length ? ` and ${keys.length - shown.length} more` : '';
  return `Unknown field${keys.length > 1 ? 's' : ''}: ${shown.join(', ')}${more}.`;
}
