// Puts the server's per-field messages (ApiError.fieldErrors, e.g. a taken username on 409 or a
// common password on 400) under the matching form fields, so they read like client validation.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): void {
  if (!(error instanceof ApiError)) return;
  let isFirst = true;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: isFirst });
    isFirst = false;
  }
}
