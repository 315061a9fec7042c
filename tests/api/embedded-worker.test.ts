// The embedded database in its worker thread (ADR 0034), opened as the server opens it: a temp
// DATA_DIR, the directory lock, migrations, Drizzle on top. Proves that the services see the same
// values as with an in-process PGlite, that transactions keep their meaning across the thread, that
// live events still arrive, and that the main thread stays free while a query runs.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openEmbedded, queryRows, type DatabaseHandle } from '../../src/server/db/client';
import { DataDirLockedError } from '../../src/server/db/data-dir-lock';
import { isDatabaseUnavailable } from '../../src/server/db/database-errors';
import { runMigrations } from '../../src/server/db/migrate';
import { users } from '../../src/server/db/schema';
import { createEventHub, type HubEvent } from '../../src/server/realtime/event-hub';

let dataDir: string;
let database: DatabaseHandle;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-embedded-worker-'));
  database = await openEmbedded(dataDir);
  await runMigrations(database);
  await database.db.execute(sql`create table worker_probe (id int primary key, note text not null)`);
});

afterAll(async () => {
  await database?.close().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

let userCounter = 0;
async function insertUser(db: Pick<DatabaseHandle['db'], 'insert'> = database.db) {
  const name = `worker_user_${++userCounter}`;
  const [user] = await db
    .insert(users)
    .values({ username: name, passwordHash: 'x', email: `${name}@example.test`, userType: 'startup', firstName: 'Ada', lastName: 'Lovelace' })
    .returning();
  return user!;
}

describe('values across the thread', () => {
  it('maps rows through Drizzle as an in-process PGlite does: timestamps as Dates, integers as numbers', async () => {
    const user = await insertUser();
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(user.createdAt.getTime())).toBe(false);
    expect(typeof user.id).toBe('number');
    const [again] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(again).toEqual(user);
  });

  it('answers raw SQL with jsonb as objects, int as numbers, bigint as BigInt, numeric as exact text', async () => {
    const [row] = await queryRows<{ document: unknown; count: unknown; big: unknown; amount: unknown; missing: unknown }>(
      database.db,
      sql`select ${JSON.stringify({ stage: 'seed', tags: ['a', 'b'] })}::jsonb as document, 3::int as count, 9007199254740993::bigint as big,
          12.50::numeric as amount, null::text as missing`,
    );
    expect(row).toEqual({ document: { stage: 'seed', tags: ['a', 'b'] }, count: 3, big: 9007199254740993n, amount: '12.50', missing: null });
  });

  it('passes a SQL error back with its SQLSTATE code and constraint, as services expect', async () => {
    const user = await insertUser();
    const duplicate = database.db
      .insert(users)
      .values({ username: user.username, passwordHash: 'x', email: 'other@example.test', userType: 'startup', firstName: 'A', lastName: 'B' });
    const error: unknown = await duplicate.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    const cause = (error as { cause?: { code?: string; constraint?: string; severity?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.severity).toBe('ERROR');
    expect(cause?.constraint).toMatch(/username/);
  });
});

describe('transactions', () => {
  it('commits when the function returns and rolls back when it throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (1, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_probe values (2, 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await queryRows<{ id: number }>(database.db, sql`select id from worker_probe where id in (1, 2) order by id`);
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('rolls back a nested savepoint alone, and on tx.rollback() the whole transaction', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (3, 'outer')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into worker_probe values (4, 'inner')`);
          throw new Error('inner fails');
        })
        .catch(() => {});
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_probe values (5, 'rolled back')`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    const rows = await queryRows<{ id: number }>(database.db, sql`select id from worker_probe where id between 3 and 5 order by id`);
    expect(rows).toEqual([{ id: 3 }]);
  });

  it('never interleaves the statements of two concurrent transactions', async () => {
    const log: string[] = [];
    const run = (name: string) =>
      database.db.transaction(async (tx) => {
        log.push(`${name} begin`);
        const [row] = await queryRows<{ note: string }>(tx, sql`select ${name}::text as note`);
        // A pause inside the transaction: the other one must still wait for this one's commit.
        await new Promise((resolve) => setTimeout(resolve, 20));
        log.push(`${row!.note} end`);
      });
    await Promise.all([run('first'), run('second')]);
    expect(log).toEqual(['first begin', 'first end', 'second begin', 'second end']);
  });

  it('serves a query sent while a transaction is open after that transaction, seeing its commit', async () => {
    let releaseTransaction!: () => void;
    const held = new Promise<void>((resolve) => (releaseTransaction = resolve));
    let hasInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (hasInserted = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (6, 'seen after commit')`);
      hasInserted();
      await held;
    });
    await inserted;
    const outside = queryRows<{ note: string }>(database.db, sql`select note from worker_probe where id = 6`);
    releaseTransaction();
    await transaction;
    expect(await outside).toEqual([{ note: 'seen after commit' }]);
  });
});

describe('live events', () => {
  it('delivers an event published in a transaction at its commit, through the event hub', async () => {
    const hub = createEventHub(database, { warn: () => {} });
    await hub.start();
    const received = new Promise<HubEvent>((resolve) => {
      const unsubscribe = hub.subscribe(4242, (event) => {
        unsubscribe();
        resolve(event);
      });
    });
    await database.db.transaction((tx) => hub.publish(tx, [4242], { type: 'message', messageId: 7, senderId: 1, receiverId: 4242 }));
    expect(await received).toEqual({ type: 'message', messageId: 7, senderId: 1, receiverId: 4242 });
    await hub.stop();
  });
});

describe('the main thread while the database works', () => {
  it('keeps turning the event loop during a slow query', async () => {
    let ticks = 0;
    let isRunning = true;
    const tick = () => {
      ticks++;
      if (isRunning) setImmediate(tick);
    };
    setImmediate(tick);
    // A deliberately heavy query: on an in-process PGlite no tick could run until it ended.
    const query = queryRows<{ total: string }>(database.db, sql`select sum(a * b)::text as total from generate_series(1, 400) a, generate_series(1, 2000) b`);
    const ticksBeforeAnswer = await query.then(() => ticks);
    isRunning = false;
    expect(ticksBeforeAnswer).toBeGreaterThan(0);
  });
});

describe('closing', () => {
  it('ends the worker and releases the data directory, so it opens again at once with the data kept', async () => {
    await expect(openEmbedded(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await database.close();
    // A query after close fails as "database unavailable" (a 503), not as a bug.
    const afterClose: unknown = await queryRows(database.db, sql`select 1`).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect((afterClose as { cause?: Error }).cause?.message).toMatch(/embedded database thread stopped/);
    expect(isDatabaseUnavailable(afterClose)).toBe(true);

    database = await openEmbedded(dataDir);
    const rows = await queryRows<{ note: string }>(database.db, sql`select note from worker_probe where id = 1`);
    expect(rows).toEqual([{ note: 'kept' }]);
  });
});
