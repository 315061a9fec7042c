// Cross-cutting HTTP behaviour: cross-site refusal, security headers, caching, error shapes.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadEnv } from '../../src/server/env';
import { securityEvents } from '../../src/server/db/schema';
import { buildRegistration } from '../factories';
import { TestClient, buildTestApp, useTestSuite } from '../support/test-app';

const suite = useTestSuite();

describe('cross-site requests', () => {
  const loginPayload = { username: 'someone', password: 'Whatever-123' };

  it('refuses a mutating request whose Origin is another site', async () => {
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example', host: 'localhost:5000' },
      payload: loginPayload,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This request came from another site and was refused.');
  });

  it('refuses a mutating request marked Sec-Fetch-Site: cross-site, even without Origin', async () => {
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: buildRegistration('startup'),
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a cross-site logout, so a foreign page cannot sign users out', async () => {
    const client = new TestClient(suite.app);
    await client.register('startup');
    const response = await client.request({ method: 'POST', url: '/api/logout', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect((await client.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('allows the same origin and same-origin fetch metadata', async () => {
    const registration = buildRegistration('investor');
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'http://localhost:5000', host: 'localhost:5000', 'sec-fetch-site': 'same-origin' },
      payload: registration,
    });
    expect(response.statusCode).toBe(201);
  });

  it('lets GET requests through whatever their origin (they change nothing)', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/user', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(401);
  });

  it('uses APP_ORIGIN as our own origin when configured (behind a proxy)', async () => {
    const proxied = await buildTestApp(suite.database, { env: { APP_ORIGIN: 'https://app.venturematch.test' } });
    try {
      const ours = await proxied.inject({
        method: 'POST',
        url: '/api/register',
        headers: { origin: 'https://app.venturematch.test', host: 'internal:5000' },
        payload: buildRegistration('startup'),
      });
      expect(ours.statusCode).toBe(201);
      const theirs = await proxied.inject({
        method: 'POST',
        url: '/api/register',
        headers: { origin: 'http://internal:5000', host: 'internal:5000' },
        payload: buildRegistration('startup'),
      });
      expect(theirs.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('records the refusal in the security log', async () => {
    await suite.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '192.0.2.77',
      headers: { origin: 'https://evil.example' },
      payload: loginPayload,
    });
    const events = await suite.database.db.select().from(securityEvents).where(eq(securityEvents.ip, '192.0.2.77'));
    expect(events.map((event) => event.eventType)).toContain('cross_site_denied');
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff, no-referrer and no X-Powered-By', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/user' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('marks every API answer Cache-Control: no-store', async () => {
    const client = new TestClient(suite.app);
    await client.register('startup');
    const response = await client.request({ method: 'GET', url: '/api/user' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS and a Secure __Host- cookie only in production', async () => {
    const production = await buildTestApp(suite.database, { env: { NODE_ENV: 'production', APP_ORIGIN: 'https://app.example.com' } });
    try {
      const response = await production.inject({ method: 'POST', url: '/api/register', payload: buildRegistration('investor') });
      expect(response.statusCode).toBe(201);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(String(response.headers['set-cookie'])).toMatch(/^__Host-vm_session=.*; Secure/i);
    } finally {
      await production.close();
    }
    const development = await suite.app.inject({ method: 'GET', url: '/api/user' });
    expect(development.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('error responses', () => {
  it('answers malformed JSON with a readable 400', async () => {
    const response = await suite.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers a body over 100 kB with 413', async () => {
    const response = await suite.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'someone', password: 'x'.repeat(120_000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request is too large.' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('answers an unexpected failure with a bare 500 that leaks nothing', async () => {
    const broken = await buildApp({ env: loadEnv({ NODE_ENV: 'test' }), database: suite.database, clientDir: null, logger: false });
    broken.get('/api/explode', async () => {
      throw new Error('relation "secret_table" does not exist at /srv/suite.app/db.ts:42');
    });
    const response = await broken.inject({ method: 'GET', url: '/api/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
    await broken.close();
  });
});
