// "Download your data" (issue #17; docs/decisions/0040-account-export-and-deletion.md): the ZIP's
// entries per role, what each JSON file holds (and never holds: another user's private data), the
// documents' bytes, long tables read in pages, and the archive streamed: a 50 MB data room goes
// out without the server's memory growing with it, and a client that hangs up stops the reading.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { activities, documentAccess, matches, messages, milestones, securityEvents } from '../../src/server/db/schema';
import { storeUploadedDocument } from '../../src/server/features/data-room/documents.service';
import type { BlobStore } from '../../src/server/storage/blob-store';
import { createDiskBlobStore } from '../../src/server/storage/disk';
import { buildInvestorProfileBody, buildStartupProfileBody } from '../factories';
import { pdfBytes, textBytes } from '../support/document-fixtures';
import { explanation, matchState } from '../support/match-state';
import { multipartPayload } from '../support/multipart';
import { serviceContext } from '../support/service-context';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';

const MiB = 1024 * 1024;

// Garbage is collected when V8 chooses: without a collection, a streamed archive's spent chunks
// still count until the next one. The test collects before it measures, so it measures what is
// held, not what is waiting to be freed (vitest does not start node with --expose-gc).
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

// The disk store, with every stream it hands out recorded: the disconnect test checks they close.
const blobDir = mkdtempSync(path.join(os.tmpdir(), 'vm-export-blobs-'));
const disk = createDiskBlobStore(blobDir);
const openedStreams: Readable[] = [];
const trackingStore: BlobStore = {
  kind: 'disk',
  putFile: (key, filePath, metadata) => disk.putFile(key, filePath, metadata),
  read: async (key, range) => {
    const stream = await disk.read(key, range);
    openedStreams.push(stream);
    return stream;
  },
  delete: (key) => disk.delete(key),
  list: () => disk.list(),
};
afterAll(() => rmSync(blobDir, { recursive: true, force: true }));

const clock = createTestClock(new Date('2026-11-01T12:00:00Z'));
const suite = useTestSuite({ clock, blobStore: trackingStore });

let baseUrl: string;
beforeAll(async () => {
  baseUrl = await suite.app.listen({ port: 0, host: '127.0.0.1' });
});

let ipCounter = 0;
const newClient = () => new TestClient(suite.app, `198.18.70.${++ipCounter}`);

async function startup(companyName = 'Export Robotics') {
  const client = newClient();
  const { user, registration } = await client.register('startup');
  const saved = await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName }) });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user, registration };
}

async function investor(firmName = 'Export Ventures') {
  const client = newClient();
  const { user, registration } = await client.register('investor');
  const saved = await client.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName }) });
  expect(saved.statusCode, saved.body).toBe(200);
  return { client, user, registration };
}

async function upload(client: TestClient, name: string, file: { filename: string; content: Buffer }) {
  const { payload, headers } = multipartPayload({ name, type: 'Pitch Deck' }, file);
  const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

/** Every entry of a ZIP, by name, with its bytes (read with yauzl, as any unzip tool would). */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

async function exportOf(client: TestClient) {
  const response = await client.request({ method: 'GET', url: '/api/account/export' });
  expect(response.statusCode, response.body).toBe(200);
  const entries = await unzip(response.rawPayload);
  const json = (name: string) => JSON.parse(entries.get(name)!.toString('utf8'));
  return { response, entries, json };
}

describe('GET /api/account/export', () => {
  it('gives a startup its profile, matches, messages, milestones, feed and own documents, with a README', async () => {
    const me = await startup('Export Robotics');
    const partner = await investor('Partner Capital');
    const stranger = await investor('Declining Partners');
    const [connected] = await suite.database.db
      .insert(matches)
      .values({ startupId: me.user.id, investorId: partner.user.id, score: 81, ...matchState('accepted'), breakdown: explanation('fit') })
      .returning();
    // The investor declined with a reason they chose not to share: it must not leak through the export.
    await suite.database.db.insert(matches).values({
      startupId: me.user.id,
      investorId: stranger.user.id,
      score: 44,
      ...matchState('rejected', 'investor'),
      investorDeclineReason: 'not_a_fit',
      investorSharesReason: false,
    });
    for (const [from, to, content] of [
      [me, partner, 'Hello from the startup'],
      [partner, me, 'Hello back from the investor'],
    ] as const) {
      const sent = await from.client.request({ method: 'POST', url: '/api/messages', payload: { receiverId: to.user.id, content } });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const plan = await me.client.request({ method: 'POST', url: '/api/milestones', payload: { title: 'Due diligence call', investorId: partner.user.id } });
    expect(plan.statusCode, plan.body).toBe(201);
    const deck = pdfBytes(3);
    const notes = textBytes();
    const first = await upload(me.client, 'Deck', { filename: 'deck.pdf', content: deck });
    await upload(me.client, 'Deck', { filename: 'deck-v2.pdf', content: pdfBytes(2) });
    await upload(me.client, '../../etc/passwd: "notes"?', { filename: 'notes.txt', content: notes });
    await me.client.request({ method: 'POST', url: `/api/documents/${first.id}/access`, payload: { userId: partner.user.id } });

    const { response, entries, json } = await exportOf(me.client);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="venturematch-export-${me.registration.username}-2026-11-01.zip"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect([...entries.keys()]).toEqual([
      'README.txt',
      'profile.json',
      'matches.json',
      'messages.json',
      'milestones.json',
      'saved-searches.json',
      'activity.json',
      'notifications.json',
      'notification-preferences.json',
      'documents/Deck.pdf',
      'documents/Deck (2).pdf',
      'documents/_.._etc_passwd_ _notes__.txt',
    ]);

    const readme = entries.get('README.txt')!.toString('utf8');
    expect(readme).toContain('Exported: 2026-11-01T12:00:00.000Z');
    for (const name of ['profile.json', 'matches.json', 'messages.json', 'milestones.json', 'activity.json', 'documents/Deck (2).pdf']) {
      expect(readme).toContain(name);
    }
    expect(readme).not.toContain('portfolio.json');

    const profile = json('profile.json');
    expect(profile.account).toEqual({
      id: me.user.id,
      username: me.registration.username,
      email: me.registration.email.toLowerCase(),
      emailVerifiedAt: null,
      pendingEmail: null,
      userType: 'startup',
      firstName: me.registration.firstName,
      lastName: me.registration.lastName,
      createdAt: expect.any(String),
    });
    expect(profile.profile).toMatchObject({ companyName: 'Export Robotics', industry: 'SaaS' });
    expect(profile.dataRoomSettings).toEqual({ autoShareCategories: [] });

    const exportedMatches = json('matches.json').matches;
    expect(exportedMatches).toHaveLength(2);
    expect(exportedMatches[0]).toMatchObject({
      id: connected!.id,
      counterpart: { userId: partner.user.id, name: `${partner.registration.firstName} ${partner.registration.lastName}`, organization: 'Partner Capital' },
      status: 'accepted',
      myDecision: 'accepted',
      theirDecision: 'accepted',
      score: 81,
      // The startup's side of the explanation, in its own voice only.
      explanation: { topReasons: ['fit: your stage fits'], biggestShortfall: 'fit: you are early', unknowns: ['traction'], investorFit: 0.8, startupFit: 0.6 },
    });
    expect(exportedMatches[1]).toMatchObject({ status: 'rejected', theirDecision: 'rejected', theirDeclineReason: null });

    const conversations = json('messages.json').conversations;
    expect(conversations).toHaveLength(1);
    expect(conversations[0].partner).toEqual({
      userId: partner.user.id,
      name: `${partner.registration.firstName} ${partner.registration.lastName}`,
      organization: 'Partner Capital',
      userType: 'investor',
    });
    expect(conversations[0].messages.map((message: { direction: string; content: string }) => [message.direction, message.content])).toEqual([
      ['sent', 'Hello from the startup'],
      ['received', 'Hello back from the investor'],
    ]);
    expect(json('milestones.json').milestones).toEqual([
      expect.objectContaining({ title: 'Due diligence call', partner: expect.objectContaining({ userId: partner.user.id }) }),
    ]);
    const feed = json('activity.json').activities;
    expect(feed.map((entry: { activityType: string }) => entry.activityType)).toEqual(
      expect.arrayContaining(['account_created', 'document_uploaded', 'message_sent']),
    );

    expect(entries.get('documents/Deck.pdf')!.equals(deck)).toBe(true);
    expect(entries.get('documents/_.._etc_passwd_ _notes__.txt')!.equals(notes)).toBe(true);

    // Nothing private of anyone else: no other user's address, no password hash.
    const everything = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    for (const other of [partner, stranger]) expect(everything).not.toContain(other.registration.email.toLowerCase());
    expect(everything).not.toMatch(/\$argon2/);
    expect(everything).not.toContain('not_a_fit');

    const [logged] = await suite.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, me.user.id), eq(securityEvents.eventType, 'account_exported')));
    expect(logged).toMatchObject({ ip: me.client.ip, detail: { documents: 3 } });
  });

  it('gives an investor portfolio.json and never the documents others shared with them', async () => {
    const me = await investor('Portfolio Partners');
    const owner = await startup('Sharing Startup');
    await suite.database.db.insert(matches).values({ startupId: owner.user.id, investorId: me.user.id, score: 70, ...matchState('accepted') });
    const shared = await upload(owner.client, 'Shared deck', { filename: 'deck.pdf', content: pdfBytes() });
    const granted = await owner.client.request({ method: 'POST', url: `/api/documents/${shared.id}/access`, payload: { userId: me.user.id } });
    expect(granted.statusCode, granted.body).toBe(201);
    const company = await me.client.request({
      method: 'POST',
      url: '/api/portfolio',
      payload: { companyName: 'Acme', industry: 'SaaS', stage: 'Seed', investmentDate: '2024-05-01', investmentAmount: 250_000, description: 'Backed early.' },
    });
    expect(company.statusCode, company.body).toBe(201);
    const deal = await me.client.request({
      method: 'POST',
      url: '/api/investor/track-record',
      payload: { companyName: 'Earlier Deal', investedOn: '2023-02-01', stage: 'Seed', industry: 'SaaS', amountUsd: 500_000 },
    });
    expect(deal.statusCode, deal.body).toBe(201);

    const { entries, json } = await exportOf(me.client);
    expect([...entries.keys()]).toEqual([
      'README.txt',
      'profile.json',
      'matches.json',
      'messages.json',
      'milestones.json',
      'portfolio.json',
      'track-record.json',
      'saved-searches.json',
      'activity.json',
      'notifications.json',
      'notification-preferences.json',
    ]);
    expect(json('portfolio.json').portfolio).toEqual([
      expect.objectContaining({ companyName: 'Acme', investmentAmount: 250_000, investmentDate: '2024-05-01' }),
    ]);
    expect(json('track-record.json').investments).toEqual([
      expect.objectContaining({ companyName: 'Earlier Deal', investedOn: '2023-02-01', stage: 'Seed', amountUsd: 500_000 }),
    ]);
    expect(json('profile.json').profile).toMatchObject({ firmName: 'Portfolio Partners' });
    expect(json('profile.json')).not.toHaveProperty('dataRoomSettings');
    expect(json('matches.json').matches[0]).toMatchObject({ counterpart: { userId: owner.user.id, organization: 'Sharing Startup' }, explanation: null });
    expect(entries.get('README.txt')!.toString('utf8')).toContain('portfolio.json');
  });

  // Fair intake: a request waiting in the investor's weekly queue has not reached them, so their
  // export must not tell them who asked, as the match screens do not.
  it('shows an investor a request still in their weekly queue as unanswered, and a delivered one as asked', async () => {
    const me = await investor('Queue Keeping Capital');
    const waiting = await startup('Still Queued Co');
    const asked = await startup('Delivered Co');
    const pendingRequest = { ...matchState('pending'), startupDecision: 'accepted' as const, requestedAt: clock.now() };
    await suite.database.db.insert(matches).values([
      {
        startupId: waiting.user.id,
        investorId: me.user.id,
        score: 70,
        ...pendingRequest,
        requestQueuedUntil: new Date(clock.now().getTime() + 5 * 86_400_000),
      },
      { startupId: asked.user.id, investorId: me.user.id, score: 71, ...pendingRequest, requestDeliveredAt: clock.now() },
    ]);
    const exported = (await exportOf(me.client)).json('matches.json').matches as Array<{
      counterpart: { userId: number };
      theirDecision: string;
      myDecision: string;
    }>;
    const decisionsBy = new Map(exported.map((match) => [match.counterpart.userId, [match.myDecision, match.theirDecision]]));
    expect(decisionsBy.get(waiting.user.id)).toEqual(['pending', 'pending']);
    expect(decisionsBy.get(asked.user.id)).toEqual(['pending', 'accepted']);
    // The startup's own export still shows its accept.
    const theirs = (await exportOf(waiting.client)).json('matches.json').matches as Array<{ myDecision: string }>;
    expect(theirs.map((match) => match.myDecision)).toEqual(['accepted']);
  });

  it('reads long conversations and feeds in pages, every row once and in order', async () => {
    const me = await startup('Chatty Co');
    const partner = await investor('Patient Capital');
    const base = clock.now().getTime();
    const rows = Array.from({ length: 1234 }, (_, index) => ({
      senderId: index % 3 === 0 ? partner.user.id : me.user.id,
      receiverId: index % 3 === 0 ? me.user.id : partner.user.id,
      content: `message ${index}`,
      read: index % 2 === 0,
      // Pairs of messages share a timestamp: the keyset must order by id within one.
      sentAt: new Date(base + Math.floor(index / 2) * 1000),
    }));
    await suite.database.db.insert(messages).values(rows);
    await suite.database.db.insert(activities).values(
      Array.from({ length: 1100 }, (_, index) => ({
        userId: me.user.id,
        activityType: 'profile_updated',
        description: `entry ${index}`,
        createdAt: new Date(base + Math.floor(index / 3) * 1000),
      })),
    );
    await suite.database.db
      .insert(milestones)
      .values(Array.from({ length: 3 }, (_, index) => ({ startupId: me.user.id, investorId: partner.user.id, title: `step ${index}` })));

    const { json } = await exportOf(me.client);
    const thread = json('messages.json').conversations[0].messages;
    expect(thread.map((message: { content: string }) => message.content)).toEqual(rows.map((row) => row.content));
    expect(thread[0]).toMatchObject({ direction: 'received', read: true });
    const feed = json('activity.json').activities.filter((entry: { description: string }) => entry.description.startsWith('entry '));
    expect(feed.map((entry: { description: string }) => entry.description)).toEqual(Array.from({ length: 1100 }, (_, index) => `entry ${1099 - index}`));
    expect(json('milestones.json').milestones).toHaveLength(3);
  });

  it('answers 401 without a session, and a HEAD request without building the archive', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/account/export' });
    expect(response.statusCode).toBe(401);
    const me = await startup('Head Only Co');
    const head = await me.client.request({ method: 'HEAD', url: '/api/account/export' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/zip');
    const logged = await suite.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, me.user.id), eq(securityEvents.eventType, 'account_exported')));
    expect(logged).toEqual([]);
  });
});

describe('the archive is streamed', () => {
  /** A 50 MB data room written straight through the data room's service (no 50 MB of HTTP uploads). */
  async function startupWithLargeDataRoom() {
    const owner = await startup('Heavy Data Room');
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'vm-export-large-'));
    const ctx = serviceContext(suite.app, { id: owner.user.id, userType: 'startup' as const, sessionId: 'test' });
    const hashes: string[] = [];
    try {
      for (let index = 0; index < 5; index++) {
        const content = pdfBytes(1 + index, 10 * MiB);
        const tmpPath = path.join(scratch, `upload-${index}`);
        writeFileSync(tmpPath, content);
        hashes.push(createHash('sha256').update(content).digest('hex'));
        await storeUploadedDocument(ctx, {
          upload: { tmpPath, filename: `part-${index}.pdf`, size: content.length, sha256: hashes[index]!, fields: { type: 'Financial Projections' } },
          ip: '127.0.0.1',
        });
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    return { owner, hashes };
  }

  it('sends a 50 MB data room without the server’s memory growing with it, to a slow reader', async () => {
    const { owner } = await startupWithLargeDataRoom();
    collectGarbage();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakArrayBuffers = before.arrayBuffers;
    let peakHeap = before.heapUsed;
    let received = 0;
    const zipHash = createHash('sha256');
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${baseUrl}/api/account/export`, { headers: { cookie: `vm_session=${owner.client.sessionToken!}` } }, (response) => {
        expect(response.statusCode).toBe(200);
        void (async () => {
          let chunks = 0;
          for await (const chunk of response as AsyncIterable<Buffer>) {
            received += chunk.length;
            zipHash.update(chunk);
            // A slow reader: the server must wait for it rather than buffer the archive.
            if (++chunks % 8 === 0) await new Promise((wait) => setTimeout(wait, 1));
            // Every few MB, what the process holds while the archive is in flight.
            if (chunks % 64 === 0) {
              collectGarbage();
              const now = process.memoryUsage();
              peakRss = Math.max(peakRss, now.rss);
              peakArrayBuffers = Math.max(peakArrayBuffers, now.arrayBuffers);
              peakHeap = Math.max(peakHeap, now.heapUsed);
            }
          }
        })().then(resolve, reject);
      });
      request.on('error', reject);
    });
    expect(received).toBeGreaterThan(50 * MiB);
    // Buffering the archive would hold all of its 50 MB; streaming holds a few pipe buffers. The
    // bounds leave room for the allocator and the database's own caches.
    expect((peakArrayBuffers - before.arrayBuffers) / MiB).toBeLessThan(25);
    expect((peakHeap - before.heapUsed) / MiB).toBeLessThan(25);
    expect((peakRss - before.rss) / MiB).toBeLessThan(25);
  }, 120_000);

  it('stops reading when the client hangs up: the document being read is closed and no other is opened', async () => {
    const { owner } = await startupWithLargeDataRoom();
    openedStreams.length = 0;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${baseUrl}/api/account/export`, { headers: { cookie: `vm_session=${owner.client.sessionToken!}` } }, (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          // Well into the first document: hang up.
          if (received > 2 * MiB && !request.destroyed) {
            request.destroy();
            resolve();
          }
        });
        response.on('error', () => {});
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    expect(openedStreams).toHaveLength(1);
    const [reading] = openedStreams;
    if (!reading!.closed) await new Promise((closed) => reading!.once('close', closed));
    expect(reading!.destroyed).toBe(true);
    // The server goes on answering (and a later export of the same account works).
    const again = await owner.client.request({ method: 'GET', url: '/api/account/export' });
    expect(again.statusCode).toBe(200);
    expect(openedStreams.length).toBe(6);
    // The grants table was never touched by an export (a read-only operation).
    expect(await suite.database.db.select().from(documentAccess).where(eq(documentAccess.grantedBy, owner.user.id))).toEqual([]);
  }, 120_000);
});
