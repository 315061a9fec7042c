// Builds the real Fastify app on a test database, with a controllable clock and a helper that
// carries the session cookie between injected requests like a browser would.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { BlobStore } from '../../src/server/storage/blob-store';
import { openTestDatabase } from './test-database';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { buildRegistration } from '../factories';
import type { RegisterBody, User } from '../../src/shared/contracts/auth';
import type { UserType } from '../../src/shared/enums';

export interface TestClock {
  now: () => Date;
  advanceDays(days: number): void;
  advanceMs(ms: number): void;
}

export function createTestClock(start = new Date('2026-11-01T12:00:00Z')): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advanceDays: (days) => (current += days * 24 * 60 * 60 * 1000), advanceMs: (ms) => (current += ms) };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: TestClock;
  blobStore?: BlobStore;
}

/** The real app on a test database; files go to a fresh temp DATA_DIR, removed when the app closes. */
export async function buildTestApp(database: DatabaseHandle, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-test-data-'));
  // Suites register many users from a few addresses; the registration throttle's own tests set it low.
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, REGISTRATION_MAX_PER_IP_PER_HOUR: '100000', ...options.env });
  const app = await buildApp({ env, database, now: options.clock?.now, clientDir: null, logger: false, blobStore: options.blobStore });
  app.addHook('onClose', async () => rmSync(dataDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}

/** Reads the session cookie value set by a response, if any. */
export function sessionCookieFrom(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'vm_session' && cookie.value !== '')?.value;
}

/** A signed-in (or not) browser-like client: remembers the session cookie it is given. */
export class TestClient {
  sessionToken: string | undefined;
  constructor(
    readonly app: FastifyInstance,
    readonly ip = '203.0.113.10',
  ) {}

  /**
   * Sends one request. By default it also waits for the background work the request started
   * (re-scoring, learning), so the next step of a test never races it; pass
   * `{ waitForBackground: false }` to observe a request on its own.
   */
  async request(options: InjectOptions, { waitForBackground = true } = {}): Promise<LightMyRequestResponse> {
    const cookies = { ...(options.cookies ?? {}), ...(this.sessionToken ? { vm_session: this.sessionToken } : {}) };
    const response = await this.app.inject({ remoteAddress: this.ip, ...options, cookies });
    if (waitForBackground) await this.app.jobs.idle();
    const setCookie = response.cookies.find((cookie) => cookie.name === 'vm_session');
    if (setCookie) this.sessionToken = setCookie.value === '' ? undefined : setCookie.value;
    return response;
  }

  async register(userType: UserType, overrides: Partial<RegisterBody> = {}): Promise<{ user: User; registration: RegisterBody }> {
    const registration = buildRegistration(userType, overrides);
    const response = await this.request({ method: 'POST', url: '/api/register', payload: registration });
    if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
    return { user: response.json(), registration };
  }
}

/**
 * Opens a database and builds the app once for the enclosing test file, closing both afterwards.
 * Read `suite.app` / `suite.database` inside tests (they are set by the time tests run).
 */
export function useTestSuite(options: TestAppOptions = {}): { app: FastifyInstance; database: DatabaseHandle } {
  const suite = {} as { app: FastifyInstance; database: DatabaseHandle };
  beforeAll(async () => {
    suite.database = await openTestDatabase();
    suite.app = await buildTestApp(suite.database, options);
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.database?.close();
  });
  return suite;
}
