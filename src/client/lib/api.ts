// The typed API client: every call names a shared contract, so inputs and outputs are inferred
// from the same zod schemas the server validates with. No response type is written by hand here.
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

type Input<E> = {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  signal?: AbortSignal;
};

function buildUrl(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const queryString = search.toString();
  return queryString ? `${filled}?${queryString}` : filled;
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = ApiErrorBody.safeParse(JSON.parse(text));
    if (parsed.success) return new ApiError(response.status, parsed.data.message, parsed.data.fieldErrors);
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall through to a generic sentence.
  }
  const fallback = response.status >= 500 ? 'Something went wrong on our side. Please try again.' : response.statusText || 'The request failed.';
  return new ApiError(response.status, fallback);
}

export async function api<E extends Endpoint>(endpoint: E, input: Input<E> = {}): Promise<EndpointResponse<E>> {
  const hasBody = input.body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, input.params as Record<string, unknown>, input.query as Record<string, unknown>), {
      method: endpoint.method,
      credentials: 'include',
      // Spec §7: the JSON header and body only when there is a body.
      headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
      body: hasBody ? JSON.stringify(input.body) : undefined,
      signal: input.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach VentureMatch. Check your connection and try again.');
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as EndpointResponse<E>;
}
