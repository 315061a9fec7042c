// The one error shape every API failure uses, so the client can always show the server's sentence.
import { z } from 'zod';

export const ApiErrorBody = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Stable codes the server maps to HTTP statuses; the client may branch on the status. */
export const ERROR_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  // A secure link that was switched off or has expired (issue #20): it existed, and will not come back.
  gone: 410,
  payload_too_large: 413,
  throttled: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Said with every 503: the database (or the instance) is briefly out of reach; the client retries. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'VentureMatch is briefly unavailable. Please try again in a moment.';
