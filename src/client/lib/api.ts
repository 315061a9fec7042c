// The typed API client: every call names a shared contract, so inputs and outputs are inferred
// from the same zod schemas the server validates with. No response type is written by hand here.
// Four ways to call, one set of rules (URL building, cookies, error sentences):
//   api()       JSON in, JSON out: almost every call;
//   apiRaw()    the Response itself, for bodies that are not JSON (a document's bytes, a CSV);
//   apiUpload() multipart with upload progress (XMLHttpRequest: fetch() reports none);
//   apiUrl()    just the URL, for <a href download> and viewers that fetch by themselves.
// A 401 on a call made while signed in means the session ended elsewhere: onSessionEnded()
// listeners hear of it (the signed-in area, which sends the tab to sign in).
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '@shared/contracts/endpoint';
import { ApiErrorBody } from '@shared/errors';

/** A failed call. `message` is the server's sentence, ready for a toast or a form. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const UNREACHABLE = 'Cannot reach VentureMatch. Check your connection and try again.';

/** What a call says when it finds the session gone, in a toast or on the sign-in screen. */
export const SESSION_ENDED_MESSAGE = 'Your session ended. Please sign in again.';

const sessionEndedListeners = new Set<() => void>();

/**
 * Calls `listener` when a call is refused with 401 (unless the call expects one), and returns the
 * unsubscribe function. Only the signed-in area listens, so a 401 before anyone is signed in (the
 * first session check) is just "signed out".
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** A refused call's error; a 401 also tells the listeners that the session ended. */
function reportSessionEnd(error: ApiError, expectsUnauthorized = false): ApiError {
  if (error.status !== 401 || expectsUnauthorized || sessionEndedListeners.size === 0) return error;
  for (const listener of [...sessionEndedListeners]) listener();
  return new ApiError(401, SESSION_ENDED_MESSAGE);
}

type Location<E> = {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
};

type Input<E> = Location<E> & {
  body?: EndpointBody<E>;
  signal?: AbortSignal;
  /** Let the request outlive the page (e.g. closing a document view as the tab closes). */
  keepalive?: boolean;
  /** A 401 is this call's answer (wrong password, already signed out), not news that the session ended. */
  expectsUnauthorized?: boolean;
};

/**
 * The sentence for a failure whose body is not our JSON error shape (a proxy's page, an empty
 * body). Returning undefined keeps the generic one.
 */
type DescribeFailure = (status: number) => string | undefined;

function buildUrl(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const queryString = search.toString();
  return queryString ? `${filled}?${queryString}` : filled;
}

/** Where an endpoint lives, with its path parameters and query filled in. */
export function apiUrl<E extends Endpoint>(endpoint: E, location: Location<E> = {}): string {
  return buildUrl(endpoint.path, location.params as Record<string, unknown>, location.query as Record<string, unknown>);
}

function errorFrom(status: number, bodyText: string, statusText: string, describeFailure?: DescribeFailure): ApiError {
  try {
    const parsed = ApiErrorBody.safeParse(JSON.parse(bodyText));
    if (parsed.success) return new ApiError(status, parsed.data.message, parsed.data.fieldErrors);
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall through to a generic sentence.
  }
  const described = describeFailure?.(status);
  if (described) return new ApiError(status, described);
  const fallback = status >= 500 ? 'Something went wrong on our side. Please try again.' : statusText || 'The request failed.';
  return new ApiError(status, fallback);
}

async function toApiError(response: Response, describeFailure?: DescribeFailure): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return errorFrom(response.status, text, response.statusText, describeFailure);
}

async function send<E extends Endpoint>(endpoint: E, input: Input<E>): Promise<Response> {
  const hasBody = input.body !== undefined;
  try {
    return await fetch(apiUrl(endpoint, input), {
      method: endpoint.method,
      credentials: 'include',
      // The JSON header and body only when there is a body.
      headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
      body: hasBody ? JSON.stringify(input.body) : undefined,
      signal: input.signal,
      keepalive: input.keepalive,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, UNREACHABLE);
  }
}

export async function api<E extends Endpoint>(endpoint: E, input: Input<E> = {}): Promise<EndpointResponse<E>> {
  const response = await send(endpoint, input);
  if (!response.ok) throw reportSessionEnd(await toApiError(response), input.expectsUnauthorized);
  return (await response.json()) as EndpointResponse<E>;
}

/**
 * A successful Response, unread, for endpoints whose body is not JSON (`raw: 'response'`); a
 * failure still becomes an ApiError with the server's sentence (e.g. access revoked).
 */
export async function apiRaw<E extends Endpoint>(endpoint: E, input: Input<E> & { describeFailure?: DescribeFailure } = {}): Promise<Response> {
  const response = await send(endpoint, input);
  if (!response.ok) throw reportSessionEnd(await toApiError(response, input.describeFailure), input.expectsUnauthorized);
  return response;
}

export interface UploadInput<E> {
  params?: EndpointParams<E>;
  form: FormData;
  /** Called with 0–1 as the bytes leave the browser. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
  describeFailure?: DescribeFailure;
}

/**
 * A multipart upload (`raw: 'request'`) with real progress. fetch() reports no upload progress,
 * so this uses XMLHttpRequest, whose `upload.onprogress` fires as bytes are sent (ADR 0105). The
 * answer is parsed with the contract's response schema.
 */
export function apiUpload<E extends Endpoint>(
  endpoint: E,
  { params, form, onProgress, signal, describeFailure }: UploadInput<E>,
): Promise<EndpointResponse<E>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(endpoint.method, apiUrl(endpoint, { params }));
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(endpoint.response.parse(JSON.parse(request.responseText)) as EndpointResponse<E>);
        } catch {
          reject(new ApiError(request.status, 'The server sent an answer we could not read. Please reload the page.'));
        }
        return;
      }
      reject(reportSessionEnd(errorFrom(request.status, request.responseText, request.statusText, describeFailure)));
    };
    request.onerror = () => reject(new ApiError(0, UNREACHABLE));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
