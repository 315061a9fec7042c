// Health endpoints, and what users get while the database is out of reach: a 503 with
// Retry-After and a sentence, then normal service once it is back (no restart needed).
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectPostgres } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/client';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../src/shared/errors';
import { buildTestApp, TestClient, useTestSuite } from '../support/test-app';
import { isPostgresRun, openTestDatabase } from '../support/test-database';

const suite = useTestSuite();

describe('health endpoints', () => {
  it('GET /healthz answers 200 without a session, and is not cached', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /readyz answers 200 when the database answers and is fully migrated', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('GET /readyz answers 503 while a migration this build ships is missing', async () => {
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      suite.database.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await suite.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const response = await suite.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json().status).toBe('migrating');
    } finally {
      await suite.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
  });
});

/** A TCP relay to PostgreSQL that a test can cut and restore, as if the database went down. */
async function startRelay(target: { host: string; port: number }, port = 0): Promise<{ port: number; stop(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!isPostgresRun())('while PostgreSQL is unreachable', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers 503 with Retry-After and a sentence, then serves again once it is back', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const realUrl = new URL(database.connectionString!);
    let relay = await startRelay({ host: realUrl.hostname, port: Number(realUrl.port || 5432) });
    const relayPort = relay.port;
    const relayedUrl = new URL(realUrl);
    relayedUrl.hostname = '127.0.0.1';
    relayedUrl.port = String(relayPort);
    const relayed = connectPostgres(relayedUrl.toString(), { error: () => {} });
    const app = await buildTestApp(relayed);
    cleanups.push(async () => {
      await app.close();
      await relayed.close().catch(() => {});
      await relay.stop();
    });

    const client = new TestClient(app);
    await client.register('startup');
    expect((await client.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);

    await relay.stop();
    // A read the answer cache does not keep (http/answer-cache.ts): a kept one, such as /api/user,
    // may still be served from memory for up to its 30 s, which is the point of keeping it.
    for (const request of [
      { method: 'GET' as const, url: '/api/documents' },
      { method: 'POST' as const, url: '/api/login', payload: { username: 'someone', password: 'whatever-it-is' } },
    ]) {
      const response = await client.request(request, { waitForBackground: false });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    relay = await startRelay({ host: realUrl.hostname, port: Number(realUrl.port || 5432) }, relayPort);
    expect((await client.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
