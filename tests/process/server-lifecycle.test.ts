// The server as an operator runs it: SIGTERM under load ends cleanly, and a crash (kill -9) on the
// embedded database does not stop the next start. Each test drives `src/server/main.ts` as a child
// process; nothing here asserts elapsed time (the exit code says whether shutdown beat its timeout).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRegistration } from '../factories';
import { multipartPayload } from '../support/multipart';
import { startServerProcess, type ServerProcess } from '../support/server-process';

// Each test starts one or two real servers (a fresh embedded database is migrated on the first).
const PROCESS_TEST_TIMEOUT_MS = 120_000;
const dirs: string[] = [];
const running: ServerProcess[] = [];
afterEach(() => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vm-process-'));
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  running.push(server);
  return server;
}

/** Polls a condition (bounded), for state another process changes. */
async function waitFor(condition: () => boolean, attempts = 200): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      if (condition()) return;
    } catch {
      // not there yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition never held');
}

async function registerStartup(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(buildRegistration('startup')),
  });
  expect(response.status).toBe(201);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('vm_session='));
  return cookie!.split(';')[0]!;
}

/** Opens a live event stream; resolves `ended` when the server ends it. */
function openStream(server: ServerProcess, cookie: string): Promise<{ ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.baseUrl}/api/events`, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream refused: ${response.statusCode}`));
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      response.resume();
      // The first bytes ("connected") mean the server has registered the stream.
      response.once('data', () => resolve({ ended }));
    });
    request.on('error', reject);
  });
}

describe('SIGTERM', () => {
  it(
    'ends the event streams, finishes the request in flight, and exits 0',
    async () => {
      const dataDir = tempDataDir();
      const server = await start({ DATA_DIR: dataDir });
      const cookie = await registerStartup(server);
      const streams = await Promise.all([openStream(server, cookie), openStream(server, cookie)]);

      // An upload whose body is still arriving when the signal comes.
      const planText = 'The plan, in plain text.\n'.repeat(4000); // ~100 kB: half the body ends inside the file
      const { payload, headers } = multipartPayload({ type: 'Business Plan', name: 'Plan' }, { filename: 'plan.txt', content: Buffer.from(planText) });
      const upload = http.request(`${server.baseUrl}/api/documents`, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(payload.length), cookie },
      });
      const uploadResponse = new Promise<{ status: number; body: string }>((resolve, reject) => {
        upload.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        });
        upload.on('error', reject);
      });
      const half = Math.floor(payload.length / 2);
      upload.write(payload.subarray(0, half));
      // The signal comes once the server is writing the file to its temp dir (the request is in flight).
      await waitFor(() => readdirSync(path.join(dataDir, 'tmp')).some((name) => name.startsWith('upload-')));

      server.child.kill('SIGTERM');
      // Shutdown has begun once the server ends the streams (clients reconnect to another instance).
      await Promise.all(streams.map((stream) => stream.ended));
      upload.end(payload.subarray(half));

      const result = await uploadResponse;
      expect(result.status, result.body).toBe(201);
      expect(JSON.parse(result.body)).toMatchObject({ name: 'Plan' });
      // close-with-grace exits 1 when shutdown outlives SHUTDOWN_TIMEOUT_MS (10 s); 0 means it did not.
      expect(await server.exited).toBe(0);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'exits 0, not "failed to start", when the signal comes while the start-up is finishing after listen',
    async () => {
      // Sent as soon as the server says it listens: the job worker's first queries and the banner
      // are still to come, and fail on the closing app and database. That is the shutdown working.
      // One address (HOST=127.0.0.1): on "localhost" Fastify also binds ::1 after a DNS lookup, and
      // that lookup's callback failing on the closed server is a separate race, inside Fastify.
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          SEED_DEMO: 'false',
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          DATABASE_URL: '',
          DATA_DIR: tempDataDir(),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      let isSignalled = false;
      const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        // Once: a second signal means "exit now" (1).
        if (!isSignalled && output.includes('Server listening')) {
          isSignalled = true;
          child.kill('SIGTERM');
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      expect(await exited, output).toBe(0);
      expect(output).not.toContain('failed to start');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe('kill -9 on the embedded database', () => {
  it(
    'starts again at once on the same data directory, with the data intact',
    async () => {
      const dataDir = tempDataDir();
      const first = await start({ DATA_DIR: dataDir });
      const registration = buildRegistration('investor');
      const registered = await fetch(`${first.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registration),
      });
      expect(registered.status).toBe(201);

      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');

      // Straight away: the lock's owner is dead, so it is not in the way.
      const second = await start({ DATA_DIR: dataDir });
      expect((await fetch(`${second.baseUrl}/healthz`)).status).toBe(200);
      expect((await fetch(`${second.baseUrl}/readyz`)).status).toBe(200);
      const login = await fetch(`${second.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: registration.username, password: registration.password }),
      });
      expect(login.status).toBe(200);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'still refuses a second live server on the same directory',
    async () => {
      const dataDir = tempDataDir();
      await start({ DATA_DIR: dataDir });
      await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(/Another VentureMatch process is already using the data directory/);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
