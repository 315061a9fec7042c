// Regression tests for issue #12 ("Bad input gets a 4xx, never a 5xx"): each case here answered
// 500 before the fix. Ids past PostgreSQL's integer range, text PostgreSQL cannot store (NUL, lone
// surrogates), and page cursors that decode to impossible values are all 400s with a sentence.
import { describe, expect, it, beforeAll } from 'vitest';
import { matches } from '../../src/server/db/schema';
import { findLoneSurrogate, findNulCharacter } from '../../src/server/http/input-guards';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { matchState } from '../support/match-state';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let startup: TestClient;
let investor: TestClient;
let startupId: number;
let investorId: number;

const TOO_BIG = 2 ** 31; // 2147483648: one past PostgreSQL's integer
const ID_MESSAGE = 'The id must be a positive whole number.';
const CURSOR_MESSAGE = 'That page link is no longer valid. Reload and try again.';

beforeAll(async () => {
  startup = new TestClient(suite.app, '198.18.80.1');
  startupId = (await startup.register('startup')).user.id;
  await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody() });
  investor = new TestClient(suite.app, '198.18.80.2');
  investorId = (await investor.register('investor')).user.id;
  await investor.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody() });
  await suite.database.db.insert(matches).values({ startupId, investorId, score: 75, ...matchState('accepted') });
});

const as = (role: 'startup' | 'investor') => (role === 'startup' ? startup : investor);

describe('ids at or above 2^31 are a 400, not a database overflow', () => {
  it.each([
    ['a match id in the path', 'startup', 'POST', `/api/matches/${TOO_BIG}/update`, { status: 'accepted' }, 'id', ID_MESSAGE],
    ['an eleven-digit startup id in the path', 'investor', 'GET', '/api/startups/99999999999', undefined, 'id', ID_MESSAGE],
    ['an investor id in the path', 'startup', 'GET', `/api/investors/${TOO_BIG}`, undefined, 'id', ID_MESSAGE],
    ['a document id in the path', 'startup', 'GET', `/api/documents/${TOO_BIG}/access`, undefined, 'id', ID_MESSAGE],
    ['a grantee id in the path', 'startup', 'DELETE', `/api/documents/1/access/${TOO_BIG}`, undefined, 'userId', ID_MESSAGE],
    ['a view id in the path', 'investor', 'POST', `/api/documents/1/views/${TOO_BIG}/close`, { durationMs: 10 }, 'viewId', ID_MESSAGE],
    ['a message id in the path', 'investor', 'POST', `/api/messages/${TOO_BIG}/read`, undefined, 'id', ID_MESSAGE],
    ['a partner id in the path', 'startup', 'GET', `/api/messages/${TOO_BIG}`, undefined, 'partnerId', 'The partner id must be a positive whole number.'],
    ['a milestone id in the path', 'startup', 'DELETE', `/api/milestones/${TOO_BIG}`, undefined, 'id', ID_MESSAGE],
    ['a portfolio id in the path', 'investor', 'PATCH', `/api/portfolio/${TOO_BIG}`, { companyName: 'Renamed' }, 'id', ID_MESSAGE],
    ['a partner id in the query', 'startup', 'GET', `/api/milestones?partnerId=${TOO_BIG}`, undefined, 'partnerId', 'Choose a connected partner'],
    [
      'a partner id in the thread query',
      'startup',
      'GET',
      `/api/messages?partnerId=${TOO_BIG}`,
      undefined,
      'partnerId',
      'The partner id must be a positive whole number.',
    ],
    ['a receiver id in a body', 'startup', 'POST', '/api/messages', { receiverId: TOO_BIG, content: 'Hi' }, 'receiverId', 'Choose who to send the message to'],
    ['a partner id in a body', 'startup', 'POST', '/api/milestones', { title: 'Intro call', investorId: TOO_BIG }, 'investorId', 'Choose a connected partner'],
    ['a grantee id in a body', 'startup', 'POST', '/api/documents/1/access', { userId: TOO_BIG }, 'userId', 'Choose an investor to share with'],
    [
      'a startup id in a body',
      'investor',
      'POST',
      '/api/portfolio',
      {
        companyName: 'Acme',
        industry: 'SaaS',
        stage: 'Seed',
        investmentDate: '2024-05-01',
        investmentAmount: 1000,
        description: 'A company we backed early.',
        startupId: TOO_BIG,
      },
      'startupId',
      'Choose a connected startup',
    ],
  ] as const)('%s', async (_name, role, method, url, payload, field, message) => {
    const response = await as(role).request({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors[field]).toEqual([message]);
  });

  it('still accepts 2^31 - 1, the largest integer id, and answers it is not there', async () => {
    const response = await startup.request({ method: 'POST', url: `/api/matches/${2 ** 31 - 1}/update`, payload: { status: 'accepted' } });
    expect(response.statusCode).toBe(404);
  });

  it('bounds the page size and the view duration with a sentence', async () => {
    const page = await startup.request({ method: 'GET', url: '/api/activities?limit=1e400' });
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toBe('limit must be between 1 and 100');
    const view = await investor.request({ method: 'POST', url: '/api/documents/1/views/1/close', payload: { durationMs: 1e308 } });
    expect(view.statusCode).toBe(400);
    expect(view.json().fieldErrors.durationMs).toEqual(['The viewing time must be a whole number of milliseconds, at most one day.']);
  });
});

describe('text PostgreSQL cannot store is a 400 naming the field', () => {
  it('refuses a NUL character in the login username', async () => {
    const response = await new TestClient(suite.app, '198.18.80.10').request({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ada\u0000', password: 'whatever-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The field “username” contains a character that is not allowed (NUL, \\u0000).',
      fieldErrors: { username: ['Remove the NUL character (\\u0000) from this text.'] },
    });
  });

  it('refuses a NUL character in a profile field, and in a nested one', async () => {
    const flat = await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: 'Acme\u0000 Inc' }) });
    expect(flat.statusCode).toBe(400);
    expect(flat.json().message).toBe('The field “companyName” contains a character that is not allowed (NUL, \\u0000).');
    const nested = await startup.request({
      method: 'PUT',
      url: '/api/startup/profile',
      payload: buildStartupProfileBody({
        team: [
          { name: 'Ada', role: 'CEO' },
          { name: 'Grace', role: 'C\u0000TO' },
        ],
      }),
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().fieldErrors).toEqual({ 'team.1.role': ['Remove the NUL character (\\u0000) from this text.'] });
  });

  it('refuses a NUL character in a message', async () => {
    const response = await startup.request({ method: 'POST', url: '/api/messages', payload: { receiverId: investorId, content: 'Hello\u0000there' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The field “content” contains a character that is not allowed (NUL, \\u0000).');
  });

  it('refuses a NUL character in a query string and in a field name', async () => {
    const query = await startup.request({ method: 'GET', url: '/api/activities?cursor=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe('The field “cursor” contains a character that is not allowed (NUL, \\u0000).');
    const key = await startup.request({ method: 'POST', url: '/api/messages', payload: { receiverId: investorId, content: 'Hi', 'x\u0000': 1 } });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toBe('The field “x\\u0000” contains a character that is not allowed (NUL, \\u0000).');
  });

  // A lone surrogate turns into U+FFFD in a text column, but JSON.stringify writes it as `\ud800`
  // and PostgreSQL refuses that in jsonb: the team list and the failed-login record both failed.
  it.each([
    [
      'the login username (logged as jsonb on failure)',
      () => new TestClient(suite.app, '198.18.80.11'),
      'POST',
      '/api/login',
      { username: 'ada\ud800', password: 'whatever-password' },
      'username',
    ],
    [
      'a team member (a jsonb column)',
      () => startup,
      'PUT',
      '/api/startup/profile',
      buildStartupProfileBody({ team: [{ name: 'Ada \udc00', role: 'CEO' }] }),
      'team.0.name',
    ],
  ] as const)('refuses a lone surrogate in %s', async (_name, client, method, url, payload, field) => {
    const response = await client().request({ method, url, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(`The field “${field}” contains a broken character (half of a Unicode pair, such as a cut-off emoji).`);
  });

  it('keeps whole emoji, right-to-left marks and combining characters', async () => {
    const response = await startup.request({
      method: 'POST',
      url: '/api/messages',
      payload: { receiverId: investorId, content: '👩‍👩‍👧 \u202eשלום\u202c e\u0301' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().content).toBe('👩‍👩‍👧 \u202eשלום\u202c e\u0301');
  });

  it('finds the first such field anywhere in a value', () => {
    expect(findNulCharacter({ a: 'ok', b: [{ c: 'fine' }, { d: 'x\u0000' }] })).toBe('b.1.d');
    expect(findNulCharacter({ 'k\u0000': 'v' })).toBe('k\u0000');
    expect(findNulCharacter('\u0000')).toBe('');
    expect(findNulCharacter({ a: 'clean', n: 1, z: null })).toBeNull();
    expect(findLoneSurrogate({ ok: '😀', bad: ['\ud83d'] })).toBe('bad.0');
    // Iterative: nesting deeper than the call stack allows is still searched.
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findNulCharacter(deep)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
  });
});

describe('page cursors that decode to impossible values are a 400', () => {
  const cursor = (text: string) => Buffer.from(text).toString('base64url');
  it.each([
    ['a date past year 275760', cursor('+275760-09-13T00:00:01.000Z|1')],
    ['year 0, which PostgreSQL does not have', cursor('0000-12-31T23:59:59.999Z|1')],
    ['a date before 4713 BC', cursor('-005000-01-01T00:00:00.000Z|1')],
    ['a date far in the future', cursor('99999-01-01T00:00:00.000Z|1')],
    ['an id past 2^31 - 1', cursor(`2026-01-01T00:00:00.000Z|${TOO_BIG}`)],
    ['a negative id', cursor('2026-01-01T00:00:00.000Z|-1')],
    ['a fractional id', cursor('2026-01-01T00:00:00.000Z|1.5')],
    ['February 30th', cursor('2026-02-30T00:00:00.000Z|1')],
    ['garbage', 'bm90LWEtY3Vyc29y'],
  ])('%s', async (_name, value) => {
    for (const url of [`/api/activities?cursor=${value}`, `/api/messages/${investorId}?before=${value}`]) {
      const response = await startup.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(CURSOR_MESSAGE);
    }
  });
});
