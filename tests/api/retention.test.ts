// Rows that strangers can make us write (failed sign-ins, cross-site refusals, throttle counters)
// are swept by age and capped by count, so a flood cannot grow the database without bound. The
// audit trail of signed-in actions is kept.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAppJobQueue, JOB_NAMES } from '../../src/server/app-jobs';
import { rateLimits, securityEvents } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { sweepAnonymousTraffic } from '../../src/server/features/security/retention.service';
import { createTestClock, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
const DAY = 86_400_000;

/** A sweep's context on the suite's database, with time standing still at `now`. */
const sweepContext = (now: Date) => ({ db: suite.database.db, clock: () => now });

/** Rows the sweep counts as anonymous traffic (see retention.service.ts). */
async function countAnonymousEvents(): Promise<number> {
  const [row] = await suite.database.db
    .select({ value: sql<number>`count(*)::int` })
    .from(securityEvents)
    .where(sql`${securityEvents.userId} is null or ${securityEvents.eventType} in ('login_failed', 'login_throttled', 'cross_site_denied')`);
  return row!.value;
}

async function countEvents(marker: string): Promise<number> {
  const [row] = await suite.database.db
    .select({ value: sql<number>`count(*)::int` })
    .from(securityEvents)
    .where(sql`${securityEvents.detail}->>'marker' = ${marker}`);
  return row!.value;
}

describe('the anonymous-traffic sweep', () => {
  it('deletes old anonymous events and keeps recent ones and the signed-in audit trail', async () => {
    const marker = `age-${Math.random()}`;
    const now = new Date('2026-11-20T00:00:00Z');
    const old = new Date(now.getTime() - 100 * DAY);
    const recent = new Date(now.getTime() - 10 * DAY);
    await suite.database.db.insert(securityEvents).values([
      { eventType: 'login_failed', userId: null, detail: { marker }, createdAt: old },
      { eventType: 'cross_site_denied', userId: null, detail: { marker }, createdAt: old },
      // A failed sign-in on a real username is still a stranger's traffic.
      { eventType: 'login_failed', userId: 1, detail: { marker }, createdAt: old },
      { eventType: 'login_failed', userId: null, detail: { marker }, createdAt: recent },
      // The audit trail of what signed-in users did stays.
      { eventType: 'document_uploaded', userId: 1, detail: { marker }, createdAt: old },
    ]);
    await sweepAnonymousTraffic(sweepContext(now), { anonymousEventDays: 90, maxAnonymousEvents: 1_000_000, maxRateLimitRows: 1_000_000 });
    const left = await suite.database.db
      .select({ eventType: securityEvents.eventType, createdAt: securityEvents.createdAt })
      .from(securityEvents)
      .where(sql`${securityEvents.detail}->>'marker' = ${marker}`);
    expect(left.map((row) => row.eventType).sort()).toEqual(['document_uploaded', 'login_failed']);
    expect(left.find((row) => row.eventType === 'login_failed')!.createdAt).toEqual(recent);
  });

  it('caps anonymous events at the newest N, however recent the flood', async () => {
    const marker = `flood-${Math.random()}`;
    const now = new Date();
    await suite.database.db.execute(sql`
      insert into security_events (event_type, user_id, ip, detail, created_at)
      select 'login_throttled', null, '198.51.100.' || (n % 250), jsonb_build_object('marker', ${marker}::text, 'n', n), now()
        from generate_series(1, 500) as n`);
    const cap = 200;
    await sweepAnonymousTraffic(sweepContext(now), { anonymousEventDays: 90, maxAnonymousEvents: cap, maxRateLimitRows: 1_000_000 });
    // The flood is the newest traffic, so the 200 kept are all from it (older anonymous rows went first).
    expect(await countEvents(marker)).toBe(200);
    expect(await countAnonymousEvents()).toBe(200);
    // The newest ones are the ones kept.
    const kept = await suite.database.db
      .select({ detail: securityEvents.detail })
      .from(securityEvents)
      .where(sql`${securityEvents.detail}->>'marker' = ${marker}`);
    expect(Math.min(...kept.map((row) => Number(row.detail!.n)))).toBe(301);
  });

  it('deletes expired throttle counters and caps the live ones', async () => {
    const now = new Date('2026-11-20T00:00:00Z');
    const prefix = `retention-${Math.random()}`;
    await suite.database.db
      .insert(rateLimits)
      .values([
        { key: `${prefix}:expired`, points: 3, expire: new Date(now.getTime() - 1000) },
        ...Array.from({ length: 5 }, (_, index) => ({ key: `${prefix}:live-${index}`, points: 1, expire: new Date(now.getTime() + (index + 1) * 60_000) })),
      ]);
    const [others] = await suite.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(rateLimits)
      .where(sql`${rateLimits.key} not like ${`${prefix}%`} and ${rateLimits.expire} >= ${now}`);
    const result = await sweepAnonymousTraffic(sweepContext(now), {
      anonymousEventDays: 90,
      maxAnonymousEvents: 1_000_000,
      maxRateLimitRows: others!.value + 3,
    });
    expect(result.expiredRateLimits).toBeGreaterThanOrEqual(1);
    const left = await suite.database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like ${`${prefix}%`}`);
    // The three that expire last are kept; the two closest to expiry go.
    expect(left.map((row) => row.key).sort()).toEqual([`${prefix}:live-2`, `${prefix}:live-3`, `${prefix}:live-4`]);
  });

  it('runs as a scheduled durable job with the configured policy', async () => {
    const marker = `job-${Math.random()}`;
    const clock = createTestClock(new Date('2026-11-20T00:00:00Z'));
    await suite.database.db
      .insert(securityEvents)
      .values({ eventType: 'login_failed', userId: null, detail: { marker }, createdAt: new Date(clock.now().getTime() - 8 * DAY) });
    const queue = createAppJobQueue({
      db: suite.database.db,
      clock: clock.now,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      engines: suite.app.matchingEngines,
      env: loadEnv({ RETENTION_ANONYMOUS_EVENT_DAYS: '7' }),
      sessionPolicy: suite.app.config.sessionPolicy,
      isSoleWorker: false,
    });
    await queue.enqueue(suite.database.db, JOB_NAMES.sweepAnonymousTraffic);
    await queue.idle();
    expect(await countEvents(marker)).toBe(0);
  });
});

describe('a flood of failed sign-ins', () => {
  it('leaves at most the cap of rows behind after the sweep', async () => {
    const marker = 'flood-user';
    for (let attempt = 0; attempt < 30; attempt++) {
      await suite.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `192.0.2.${attempt}`,
        payload: { username: `${marker}-${attempt}`, password: 'not-the-password' },
      });
    }
    const flooded = await suite.database.db
      .select({ id: securityEvents.id })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.eventType, 'login_failed'),
          inArray(
            securityEvents.ip,
            Array.from({ length: 30 }, (_, index) => `192.0.2.${index}`),
          ),
        ),
      );
    expect(flooded.length).toBe(30);
    await sweepAnonymousTraffic(sweepContext(new Date()), { anonymousEventDays: 90, maxAnonymousEvents: 10, maxRateLimitRows: 10 });
    const [limits] = await suite.database.db.select({ value: sql<number>`count(*)::int` }).from(rateLimits);
    expect(await countAnonymousEvents()).toBe(10);
    expect(limits!.value).toBeLessThanOrEqual(10);
  });
});
