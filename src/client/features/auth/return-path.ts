// Where sign-in returns to. A signed-out visit to a deep link goes to /auth?next=<path>, and
// signing in (or registering) lands back on it. `next` comes from the address bar, so anyone can
// write it: a link to /auth?next=https://evil.example must not turn the sign-in page into an
// open redirect. Only a path of this app is accepted, and only one the router knows; anything
// else means "the dashboard".
import { PUBLIC_ROUTES, ROUTES, paths } from '@/app/paths';

/** The query parameter that carries the return path on /auth. */
export const RETURN_PARAM = 'next';

// Longer than any real address in the app; a longer one is not ours.
const MAX_RETURN_PATH_LENGTH = 2048;
// Only for parsing: a relative path resolved against it must stay on it to be same-origin.
const PLACEHOLDER_ORIGIN = 'https://venturematch.invalid';

/** The signed-in screens a return path may open (not /auth itself, nor the other public screens). */
function isAppPath(pathname: string): boolean {
  return Object.values(ROUTES).some((route) => {
    if (PUBLIC_ROUTES.includes(route)) return false;
    return typeof route === 'string' ? route === pathname : route.test(pathname);
  });
}

/**
 * The path to return to after sign-in, or null when `value` is not a path of this app. Refused:
 * absolute URLs (`https://…`, `javascript:…`), protocol-relative ones (`//evil.example`, and
 * `/\evil.example`, which browsers read the same way), control characters (browsers drop tabs
 * and newlines, so `/\t/evil.example` would become `//evil.example`), and paths no route matches.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes and control characters have no place in our paths, and browsers rewrite both.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || !isAppPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /auth, remembering `returnTo` (a path with its query) when it is worth coming back to. The
 * home page is left out: the dashboard is where sign-in goes anyway.
 */
export function authPathReturningTo(returnTo: string): string {
  const path = safeReturnPath(returnTo);
  if (!path || path === ROUTES.home) return paths.auth;
  return `${paths.auth}?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}

/** The safe return path in an /auth query string (`?next=…`), or null. */
export function returnPathFromSearch(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}
