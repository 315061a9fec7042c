// Sending less (issue #16): JSON answers of 1 kB or more are compressed for clients that accept it,
// raw answers (document bytes, the live event stream) never are, and GET answers carry an ETag so a
// client that kept the body gets 304 and no body while nothing changed.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../src/server/db/schema';
import { recordActivity } from '../../src/server/features/activity';
import { buildStartupProfileBody } from '../factories';
import { serviceContext } from '../support/service-context';
import { multipartPayload } from '../support/multipart';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.17.${++ipCounter}`);

/** A startup whose activity feed is well over 1 kB of JSON. */
async function startupWithLongFeed(): Promise<{ client: TestClient; userId: number }> {
  const client = newClient();
  const { user } = await client.register('startup');
  await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: 'Compressible Co' }) });
  await suite.database.db.insert(activities).values(
    Array.from({ length: 20 }, (_, i) => ({
      userId: user.id,
      activityType: 'profile_updated',
      description: `Updated the company profile, change number ${i}`,
    })),
  );
  return { client, userId: user.id };
}

describe('compression of JSON answers', () => {
  let client: TestClient;
  let identityBody: string;
  beforeAll(async () => {
    ({ client } = await startupWithLongFeed());
    const identity = await client.request({ method: 'GET', url: '/api/activities' });
    identityBody = identity.body;
    expect(Buffer.byteLength(identityBody)).toBeGreaterThan(1024);
    // Without Accept-Encoding nothing is compressed.
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('sends brotli when the client accepts it, gzip when it accepts only that, the same JSON either way', async () => {
    const brotli = await client.request({ method: 'GET', url: '/api/activities', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(identityBody);
    expect(brotli.rawPayload.length).toBeLessThan(Buffer.byteLength(identityBody));

    const gzip = await client.request({ method: 'GET', url: '/api/activities', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identityBody);
  });

  it('leaves answers under 1 kB as they are', async () => {
    const small = await client.request({ method: 'GET', url: '/api/user', headers: { 'accept-encoding': 'br, gzip' } });
    expect(Buffer.byteLength(small.body)).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ userType: 'startup' });
  });

  it('never compresses a document’s bytes: they keep their type and length', async () => {
    const content = Buffer.from(
      `month,revenue\n${Array.from({ length: 300 }, (_, i) => `2026-${String((i % 12) + 1).padStart(2, '0')},${40_000 + i}`).join('\n')}\n`,
    );
    const { payload, headers } = multipartPayload(
      { name: 'Revenue', type: 'Financial Projections' },
      { filename: 'revenue.csv', content, contentType: 'text/csv' },
    );
    const uploaded = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const download = await client.request({ method: 'GET', url: `/api/documents/${uploaded.json().id}/content`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it('never compresses the live event stream: an event reaches a client that accepts compression as it happens', async () => {
    const baseUrl = await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const { client: listener, userId } = await startupWithLongFeed();
    const controller = new AbortController();
    try {
      const response = await fetch(`${baseUrl}/api/events`, {
        headers: { cookie: `vm_session=${listener.sessionToken}`, 'accept-encoding': 'br, gzip' },
        signal: controller.signal,
      });
      expect(response.headers.get('content-encoding')).toBeNull();
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      const readUntil = async (text: string) => {
        while (!received.includes(text)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended before ${text}`);
          received += decoder.decode(value, { stream: true });
        }
      };
      await readUntil(': connected');
      // A compressor would hold this short event in its buffer; the read below would then never end.
      await suite.database.db.transaction((tx) => suite.app.events.publish(tx, [userId], { type: 'documents_changed', documentId: 4242 }));
      await readUntil('"documentId":4242');
    } finally {
      controller.abort();
    }
  });
});

describe('ETag and If-None-Match on GET answers', () => {
  it('answers 304 with no body while the list is unchanged, and 200 with a new tag once it changes', async () => {
    const { client, userId } = await startupWithLongFeed();
    const first = await client.request({ method: 'GET', url: '/api/activities' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const unchanged = await client.request({ method: 'GET', url: '/api/activities', headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    // Still never stored by a browser or a proxy: only a client that kept the body sends the tag back.
    expect(unchanged.headers['cache-control']).toBe('no-store');

    // Any of several tags, strong or weak, names it too.
    const amongOthers = await client.request({ method: 'GET', url: '/api/activities', headers: { 'if-none-match': `"other", ${etag.slice(2)}` } });
    expect(amongOthers.statusCode).toBe(304);

    // Through the app's one way of recording an entry, which announces it: the cached answer goes.
    await recordActivity(serviceContext(suite.app), { userId, activityType: 'profile_updated', description: 'One more change' });
    const changed = await client.request({ method: 'GET', url: '/api/activities', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().items[0].description).toBe('One more change');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('tags the lists the dashboard loads, each answering 304 when asked again with its tag', async () => {
    const { client } = await startupWithLongFeed();
    for (const url of ['/api/matches/startup', '/api/messages/conversations', '/api/documents', '/api/activities', '/api/dashboard/stats', '/api/blocks']) {
      const first = await client.request({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      const again = await client.request({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('gives each user their own answer: another user’s tag for the same URL is not a match', async () => {
    const { client: first } = await startupWithLongFeed();
    const { client: second } = await startupWithLongFeed();
    const tag = (await first.request({ method: 'GET', url: '/api/activities' })).headers.etag as string;
    expect((await second.request({ method: 'GET', url: '/api/activities', headers: { 'if-none-match': tag } })).statusCode).toBe(200);
  });

  it('never tags an error or a change: a 401 and a POST answer have no ETag', async () => {
    const signedOut = await suite.app.inject({ method: 'GET', url: '/api/activities', headers: { 'if-none-match': '*' } });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers.etag).toBeUndefined();
    const client = newClient();
    await client.register('investor');
    const blocked = await client.request({ method: 'POST', url: '/api/logout', headers: { 'if-none-match': '*' } });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.headers.etag).toBeUndefined();
  });
});
