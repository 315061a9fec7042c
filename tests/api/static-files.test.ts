// The built client as the server sends it: precompressed hashed assets with a year-long immutable
// cache, the app shell revalidated on every load, and no shell in place of a missing asset.
// A tiny fake build stands in for dist/client, so the test needs no `npm run build`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { openTestDatabase } from '../support/test-database';

const SHELL = '<!doctype html><html lang="en"><head><title>VentureMatch</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let workDir: string;
let clientDir: string;
let database: DatabaseHandle;
let app: FastifyInstance;

/** Writes a file with the .br and .gz siblings the build makes. Each sibling's bytes differ, so a test can tell which one was sent. */
function writeWithSiblings(file: string, content: string): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'vm-static-files-'));
  clientDir = path.join(workDir, 'client');
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  writeWithSiblings(path.join(clientDir, 'index.html'), SHELL);
  writeWithSiblings(path.join(clientDir, 'assets', 'app-abc123.js'), SCRIPT);
  database = await openTestDatabase();
  app = await buildApp({ env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(workDir, 'data') }), database, clientDir, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('hashed assets', () => {
  it('sends the brotli file to a browser that accepts br, cached for a year as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('sends the gzip file to a browser that accepts only gzip', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);
  });

  it('sends the plain file when the browser accepts no encoding', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe(SCRIPT);
  });

  it('answers a missing asset with 404, never with the app shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-old999.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).not.toBe(IMMUTABLE);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('gives the compressed siblings no address of their own', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js.br' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the app shell', () => {
  it.each(['/', '/index.html', '/startup/dashboard', '/auth?next=%2Fmessages'])('serves %s as the shell, revalidated on every load', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.equals(brotliCompressSync(SHELL))).toBe(true);
  });

  it('keeps the security headers on static files', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the API beside the static files', () => {
  it('keeps its JSON 404 and its no-store header', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/does-not-exist', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
