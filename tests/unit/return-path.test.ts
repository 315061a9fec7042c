// Where sign-in returns to (issue #15): a deep link survives sign-in, but `?next=` comes from the
// address bar, so only a path of this app that the router knows is ever followed. Anything else
// (another site, a script URL, an unknown path) means the dashboard.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { authPathReturningTo, returnPathFromSearch, safeReturnPath } from '../../src/client/features/auth/return-path';

describe('safeReturnPath', () => {
  it('keeps a path of the app with its query and hash', () => {
    expect(safeReturnPath('/investor/startups?status=accepted')).toBe('/investor/startups?status=accepted');
    expect(safeReturnPath('/messages?partner=12#latest')).toBe('/messages?partner=12#latest');
    expect(safeReturnPath('/startup/42')).toBe('/startup/42');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/investor/startups'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a tab that browsers drop (/\\t/ becomes //)', '/\t/evil.example'],
    ['a newline', '/investor/startups\n'],
    ['a leading space', ' /investor/startups'],
    ['a relative path', 'investor/startups'],
    ['an encoded protocol-relative path', '/%2F%2Fevil.example'],
    ['a path that climbs out of a route', '/investor/startups/../../evil'],
    ['a path the router does not know', '/admin'],
    ['a public profile without a numeric id', '/startup/abc'],
    ['the sign-in page itself (a loop)', '/auth?next=/investor/startups'],
    ["a secure link's page, whose token has no business in ?next=", '/v/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['an empty string', ''],
    ['an absurdly long path', `/investor/startups?q=${'a'.repeat(3000)}`],
  ])('refuses %s', (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, ['/messages'], { href: '/messages' }]) expect(safeReturnPath(value)).toBeNull();
  });

  it('never returns anything but a same-origin path, whatever it is given', () => {
    const origin = 'https://app.venturematch.test';
    const candidates = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.string().map((rest) => `/${rest}`),
      fc.string().map((rest) => `//${rest}`),
      fc.constantFrom('/', '\\', '/\\', '\t', '\n', '%2F', 'javascript:', '/investor/startups').chain((prefix) => fc.string().map((rest) => prefix + rest)),
    );
    fc.assert(
      fc.property(candidates, (value) => {
        const path = safeReturnPath(value);
        if (path === null) return;
        expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
        expect(new URL(path, origin).origin).toBe(origin);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the ?next= parameter on /auth', () => {
  it('carries the deep link, encoded, and reads it back', () => {
    const authPath = authPathReturningTo('/investor/startups?status=accepted');
    expect(authPath).toBe('/auth?next=%2Finvestor%2Fstartups%3Fstatus%3Daccepted');
    expect(returnPathFromSearch(authPath.slice(authPath.indexOf('?')))).toBe('/investor/startups?status=accepted');
  });

  it('is left out for the home page and for anything unsafe', () => {
    expect(authPathReturningTo('/')).toBe('/auth');
    expect(authPathReturningTo('//evil.example')).toBe('/auth');
    expect(authPathReturningTo('/no-such-screen')).toBe('/auth');
  });

  it('is ignored when it points away from the app', () => {
    expect(returnPathFromSearch('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathFromSearch('?next=//evil.example')).toBeNull();
    expect(returnPathFromSearch('?next=%2F%5Cevil.example')).toBeNull();
    expect(returnPathFromSearch('?next=javascript:alert(1)')).toBeNull();
    expect(returnPathFromSearch('')).toBeNull();
  });
});
