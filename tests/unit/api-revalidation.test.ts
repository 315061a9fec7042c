// The API client revalidates GETs (issue #16): it keeps each GET URL's last answer with its ETag,
// sends the tag back as If-None-Match and returns the kept answer on 304. A fake fetch stands in
// for the server (the server's side, the 304 itself, is proven in tests/api and the browser suite).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineEndpoint } from '../../src/shared/contracts/endpoint';
import { ApiError, REVALIDATION_CACHE_MAX_ENTRIES, api, endpointRef, forgetKeptAnswers, keptAnswerCount, readApiErrorBody } from '../../src/client/lib/api';
import { z } from 'zod';

const listThings = defineEndpoint({
  method: 'GET',
  path: '/api/things',
  query: z.object({ page: z.number().optional() }),
  response: z.array(z.object({ id: z.number() })),
});
const createThing = defineEndpoint({ method: 'POST', path: '/api/things', body: z.object({ name: z.string() }), response: z.object({ id: z.number() }) });

interface SentRequest {
  url: string;
  method: string;
  ifNoneMatch: string | null;
}

/** A fake server: answers each request with the next queued response, and records what was sent. */
function fakeServer() {
  const sent: SentRequest[] = [];
  const queue: Array<() => Response> = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    sent.push({ url, method: init.method ?? 'GET', ifNoneMatch: headers.get('If-None-Match') });
    const next = queue.shift();
    if (!next) throw new Error(`no answer queued for ${url}`);
    return next();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    sent,
    ok: (body: unknown, etag?: string) =>
      queue.push(() => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...(etag ? { ETag: etag } : {}) } })),
    notModified: (etag: string) => queue.push(() => new Response(null, { status: 304, headers: { ETag: etag } })),
    fail: (status: number, body: unknown) => queue.push(() => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  };
}

beforeEach(() => forgetKeptAnswers());
afterEach(() => {
  vi.unstubAllGlobals();
  forgetKeptAnswers();
});

describe('revalidating GETs with ETags', () => {
  it('keeps a 200 with its tag, sends the tag next time, and returns the kept answer on 304', async () => {
    const server = fakeServer();
    server.ok([{ id: 1 }], 'W/"v1"');
    expect(await api(listThings)).toEqual([{ id: 1 }]);
    expect(server.sent[0]!.ifNoneMatch).toBeNull();

    server.notModified('W/"v1"');
    expect(await api(listThings)).toEqual([{ id: 1 }]);
    expect(server.sent[1]!.ifNoneMatch).toBe('W/"v1"');
  });

  it('replaces the kept answer when the server sends a new one', async () => {
    const server = fakeServer();
    server.ok([{ id: 1 }], 'W/"v1"');
    await api(listThings);
    server.ok([{ id: 1 }, { id: 2 }], 'W/"v2"');
    expect(await api(listThings)).toEqual([{ id: 1 }, { id: 2 }]);
    server.notModified('W/"v2"');
    expect(await api(listThings)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(server.sent.map((request) => request.ifNoneMatch)).toEqual([null, 'W/"v1"', 'W/"v2"']);
  });

  it('keeps answers per URL, query string included', async () => {
    const server = fakeServer();
    server.ok([{ id: 1 }], 'W/"page1"');
    await api(listThings, { query: { page: 1 } });
    server.ok([{ id: 2 }], 'W/"page2"');
    expect(await api(listThings, { query: { page: 2 } })).toEqual([{ id: 2 }]);
    expect(server.sent[1]).toMatchObject({ url: '/api/things?page=2', ifNoneMatch: null });
    server.ok([{ id: 3 }], 'W/"all"');
    await api(listThings);
    expect(server.sent[2]).toMatchObject({ url: '/api/things', ifNoneMatch: null });
  });

  it('never sends a tag with other methods, and keeps nothing from them', async () => {
    const server = fakeServer();
    server.ok({ id: 7 }, 'W/"created"');
    await api(createThing, { body: { name: 'x' } });
    server.ok({ id: 8 }, 'W/"created"');
    await api(createThing, { body: { name: 'x' } });
    expect(server.sent.map((request) => request.ifNoneMatch)).toEqual([null, null]);
    expect(keptAnswerCount()).toBe(0);
  });

  it('forgets everything on sign-out (forgetKeptAnswers), so the next account starts afresh', async () => {
    const server = fakeServer();
    server.ok([{ id: 1 }], 'W/"v1"');
    await api(listThings);
    forgetKeptAnswers();
    server.ok([{ id: 9 }], 'W/"other-user"');
    expect(await api(listThings)).toEqual([{ id: 9 }]);
    expect(server.sent[1]!.ifNoneMatch).toBeNull();
  });

  it('forgets everything when a call finds the session gone (401)', async () => {
    const server = fakeServer();
    server.ok([{ id: 1 }], 'W/"v1"');
    await api(listThings);
    server.fail(401, { message: 'Not signed in' });
    await expect(api(listThings)).rejects.toBeInstanceOf(ApiError);
    expect(keptAnswerCount()).toBe(0);
    server.ok([{ id: 9 }], 'W/"v9"');
    await api(listThings);
    expect(server.sent[2]!.ifNoneMatch).toBeNull();
  });

  it('does not keep an answer without a tag, nor an error', async () => {
    const server = fakeServer();
    server.ok([{ id: 1 }]);
    await api(listThings);
    server.fail(404, { message: 'Not found' });
    await expect(api(listThings, { query: { page: 3 } })).rejects.toThrow('Not found');
    expect(keptAnswerCount()).toBe(0);
  });

  it('keeps at most REVALIDATION_CACHE_MAX_ENTRIES answers, dropping the least recently used', async () => {
    const server = fakeServer();
    for (let page = 0; page <= REVALIDATION_CACHE_MAX_ENTRIES; page++) {
      server.ok([{ id: page }], `W/"p${page}"`);
      await api(listThings, { query: { page } });
    }
    expect(keptAnswerCount()).toBe(REVALIDATION_CACHE_MAX_ENTRIES);
    // Page 0 was the least recently used: it was dropped and is fetched without a tag.
    server.ok([{ id: 0 }], 'W/"p0"');
    await api(listThings, { query: { page: 0 } });
    expect(server.sent.at(-1)!.ifNoneMatch).toBeNull();
    // Page REVALIDATION_CACHE_MAX_ENTRIES is still kept.
    server.notModified(`W/"p${REVALIDATION_CACHE_MAX_ENTRIES}"`);
    expect(await api(listThings, { query: { page: REVALIDATION_CACHE_MAX_ENTRIES } })).toEqual([{ id: REVALIDATION_CACHE_MAX_ENTRIES }]);
  });

  it('calls a zod-free reference to a contract the same way as the contract', async () => {
    const server = fakeServer();
    server.ok([{ id: 1 }], 'W/"v1"');
    await api(listThings);
    server.notModified('W/"v1"');
    expect(await api(endpointRef<typeof listThings>('GET', '/api/things'))).toEqual([{ id: 1 }]);
    expect(server.sent[1]).toMatchObject({ url: '/api/things', method: 'GET', ifNoneMatch: 'W/"v1"' });
  });
});

describe('readApiErrorBody (the zod-free reader of the error shape)', () => {
  it('reads the message and the field messages', () => {
    expect(readApiErrorBody(JSON.stringify({ message: 'Taken', fieldErrors: { username: ['This username is already taken.'] } }))).toEqual({
      message: 'Taken',
      fieldErrors: { username: ['This username is already taken.'] },
    });
    expect(readApiErrorBody(JSON.stringify({ message: 'Nope' }))).toEqual({ message: 'Nope' });
  });

  it.each([
    ['HTML', '<html>Bad gateway</html>'],
    ['an empty body', ''],
    ['JSON without a message', JSON.stringify({ error: 'x' })],
    ['a message that is not a string', JSON.stringify({ message: 42 })],
    ['field messages that are not lists of strings', JSON.stringify({ message: 'x', fieldErrors: { a: 'y' } })],
    ['field messages in a list', JSON.stringify({ message: 'x', fieldErrors: [['a']] })],
    ['null', 'null'],
  ])('refuses %s', (_, text) => {
    expect(readApiErrorBody(text)).toBeUndefined();
  });

  it('gives a failure whose body is not ours a generic sentence', async () => {
    const server = fakeServer();
    server.fail(502, '<html>');
    await expect(api(listThings)).rejects.toThrow('Something went wrong on our side. Please try again.');
  });
});
