// The typed API client: every call names a shared contract, so inputs and outputs are inferred
// from the same zod schemas the server validates with. No response type is written by hand here.
// Four ways to call, one set of rules (URL building, cookies, error sentences):
//   api()       JSON in, JSON out: almost every call;
//   apiRaw()    the Response itself, for bodies that are not JSON (a document's bytes, a CSV);
//   apiUpload() multipart with upload progress (XMLHttpRequest: fetch() reports none);
//   apiUrl()    just the URL, for <a href download> and viewers that fetch by themselves.
// A 401 on a call made while signed in means the session ended elsewhere: onSessionEnded()
// listeners hear of it (the signed-in area, which sends the tab to sign in).
// A GET through api() revalidates: the answer's ETag is kept with its data, sent back as
// If-None-Match, and a 304 returns the kept data (see "Revalidation" below).
// This module is on the sign-in screen's critical path, so it reads error bodies without zod
// (docs/performance.md, "First load"): nothing here may import a schema at run time.
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '@shared/contracts/endpoint';
import type { ApiErrorBody } from '@shared/errors';

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

/**
 * What api() needs of an endpoint at run time: its method and path. A full contract is one; so is
 * a zod-free reference to one (features/auth/endpoints.ts), which screens on the first load use so
 * that they need no schema library (a unit test keeps each reference equal to its contract).
 */
export interface EndpointRef<E extends Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never set: carries the contract's type, so inputs and the answer are inferred from it. */
  readonly contract?: E;
}

/** A reference to contract `E` by its method and path (see EndpointRef). */
export function endpointRef<E extends Endpoint>(method: E['method'], path: E['path']): EndpointRef<E> {
  return { method, path };
}

type EndpointLike<E extends Endpoint> = E | EndpointRef<E>;

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
export function apiUrl<E extends Endpoint>(endpoint: EndpointLike<E>, location: Location<E> = {}): string {
  return buildUrl(endpoint.path, location.params as Record<string, unknown>, location.query as Record<string, unknown>);
}

/**
 * The server's error body (ApiErrorBody: a message, and per-field messages), read by hand so that
 * no zod schema is needed on the sign-in screen. Anything else is not ours, and undefined.
 */
export function readApiErrorBody(bodyText: string): ApiErrorBody | undefined {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return undefined; // Not JSON: a proxy's HTML page, an empty body.
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, fieldErrors } = body as Record<string, unknown>;
  if (typeof message !== 'string') return undefined;
  if (fieldErrors === undefined) return { message };
  if (typeof fieldErrors !== 'object' || fieldErrors === null || Array.isArray(fieldErrors)) return undefined;
  const fields = Object.entries(fieldErrors);
  const isEveryListOfStrings = fields.every(([, list]) => Array.isArray(list) && list.every((item) => typeof item === 'string'));
  return isEveryListOfStrings ? { message, fieldErrors: Object.fromEntries(fields) as Record<string, string[]> } : undefined;
}

function errorFrom(status: number, bodyText: string, statusText: string, describeFailure?: DescribeFailure): ApiError {
  const body = readApiErrorBody(bodyText);
  if (body) return new ApiError(status, body.message, body.fieldErrors);
  const described = describeFailure?.(status);
  if (described) return new ApiError(status, described);
  const fallback = status >= 500 ? 'Something went wrong on our side. Please try again.' : statusText || 'The request failed.';
  return new ApiError(status, fallback);
}

async function toApiError(response: Response, describeFailure?: DescribeFailure): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return errorFrom(response.status, text, response.statusText, describeFailure);
}

async function send<E extends Endpoint>(endpoint: EndpointLike<E>, input: Input<E>, url = apiUrl(endpoint, input), ifNoneMatch?: string): Promise<Response> {
  const hasBody = input.body !== undefined;
  const headers: Record<string, string> = {};
  // The JSON header and body only when there is a body.
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
  try {
    return await fetch(url, {
      method: endpoint.method,
      credentials: 'include',
      headers: hasBody || ifNoneMatch ? headers : undefined,
      body: hasBody ? JSON.stringify(input.body) : undefined,
      signal: input.signal,
      keepalive: input.keepalive,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, UNREACHABLE);
  }
}

// --- Revalidation -------------------------------------------------------------------------------
// The server tags every JSON 200 of a GET with a weak ETag and answers a matching If-None-Match
// with 304 and no body (ADR 0033), but its answers are `no-store`, so the browser keeps nothing and
// never asks. This tab keeps the last answer of each GET URL (path and query) with its tag, in
// memory only, and sends the tag back: an unchanged list costs a header, not a download and a
// parse. The tag is a hash of the body, so a 304 can only ever return the very same bytes. Still,
// the map is emptied whenever the signed-in account may change (sign-in, sign-out, any 401), so
// one account's answers never sit in a tab that another uses.

/** Most GET URLs a tab keeps answers for; the least recently used is dropped first. */
export const REVALIDATION_CACHE_MAX_ENTRIES = 200;
/** An answer longer than this (in characters of JSON) is not kept: memory over a rare saving. */
export const REVALIDATION_CACHE_MAX_ANSWER_LENGTH = 1_000_000;

const revalidationCache = new Map<string, { etag: string; data: unknown }>();

function keptAnswer(url: string): { etag: string; data: unknown } | undefined {
  const kept = revalidationCache.get(url);
  if (kept) {
    // Map keeps insertion order: re-inserting marks it the most recently used.
    revalidationCache.delete(url);
    revalidationCache.set(url, kept);
  }
  return kept;
}

function keepAnswer(url: string, etag: string, data: unknown): void {
  revalidationCache.delete(url);
  revalidationCache.set(url, { etag, data });
  while (revalidationCache.size > REVALIDATION_CACHE_MAX_ENTRIES) revalidationCache.delete(revalidationCache.keys().next().value!);
}

/** Drops every kept answer: called when the account in this tab may change (sign-in, sign-out). */
export function forgetKeptAnswers(): void {
  revalidationCache.clear();
}

/** How many GET answers this tab keeps for revalidation (for tests and diagnostics). */
export function keptAnswerCount(): number {
  return revalidationCache.size;
}

export async function api<E extends Endpoint>(endpoint: EndpointLike<E>, input: Input<E> = {}): Promise<EndpointResponse<E>> {
  const url = apiUrl(endpoint, input);
  const isGet = endpoint.method === 'GET';
  const kept = isGet ? keptAnswer(url) : undefined;
  const response = await send(endpoint, input, url, kept?.etag);
  if (response.status === 401) forgetKeptAnswers();
  if (response.status === 304 && kept) return kept.data as EndpointResponse<E>;
  if (!response.ok) throw reportSessionEnd(await toApiError(response), input.expectsUnauthorized);
  const text = await response.text();
  const data = JSON.parse(text) as EndpointResponse<E>;
  const etag = response.headers.get('ETag');
  if (isGet && etag && text.length <= REVALIDATION_CACHE_MAX_ANSWER_LENGTH) keepAnswer(url, etag, data);
  else if (isGet) revalidationCache.delete(url);
  return data;
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
