// Secure links (issue #20; docs/data-room.md, "Secure links"): a founder sends documents to someone
// without an account. Covers verification with the code from the real outbox, allow-lists (email
// and @domain, a forwarded link), the password, expiry on the test clock, switching a link off
// under an open session, throttling (per code, per link, per IP), hashed storage (no raw token,
// cookie or code in any table), the noindex and no-referrer headers, views in the visitor's name
// and in the founder's analytics, and the history a registered, verified address claims.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { queryRows } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { redactUrl } from '../../src/server/logging';
import { documentViews, ndaAcceptances, secureLinks, secureLinkSessions } from '../../src/server/db/schema';
import { LINK_THROTTLE_LIMITS } from '../../src/server/features/data-room/link-throttle';
import { buildStartupProfileBody, uniqueSuffix } from '../factories';
import { docxBytes, pdfBytes } from '../support/document-fixtures';
import { multipartPayload } from '../support/multipart';
import { outboxReader } from '../support/outbox';
import { createTestClock, TestClient, useTestSuite } from '../support/test-app';
import { pdfPageTexts } from '../support/pdf-text';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-secure-links-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const clock = createTestClock();
const suite = useTestSuite({ clock, env: { DATA_DIR: dataDir } });
const emailsTo = outboxReader(dataDir);

let ipCounter = 0;
const nextIp = () => `198.18.70.${++ipCounter}`;
const DAY_MS = 24 * 60 * 60_000;

// ---------------------------------------------------------------------------------------------
// The founder's side

async function founder(companyName = `Linkco ${uniqueSuffix()}`) {
  const client = new TestClient(suite.app, nextIp());
  const { user } = await client.register('startup');
  await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName }) });
  const upload = async (name: string, file: { filename: string; content: Buffer }, category = 'Pitch Deck') => {
    const { payload, headers } = multipartPayload({ name, type: category }, file);
    const response = await client.request({ method: 'POST', url: '/api/documents', payload, headers });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; name: string };
  };
  const deck = await upload('Deck', { filename: 'deck.pdf', content: pdfBytes(2) });
  return { client, user, companyName, deck, upload };
}

const LINK_DEFAULTS = {
  name: 'Series A',
  requireEmailVerification: true,
  allowedEmails: [] as string[],
  password: null as string | null,
  expiresAt: null as string | null,
  canDownload: false,
  watermark: false,
  ndaRequired: false,
};

async function createLink(owner: TestClient, documentIds: number[], settings: Partial<typeof LINK_DEFAULTS> = {}) {
  const response = await owner.request({ method: 'POST', url: '/api/data-room/links', payload: { ...LINK_DEFAULTS, ...settings, documentIds } });
  expect(response.statusCode, response.body).toBe(201);
  const { link, url } = response.json() as { link: { id: number }; url: string };
  const token = /\/v\/([A-Za-z0-9_-]+)$/.exec(url)![1]!;
  return { link, url, token };
}

const patchLink = (owner: TestClient, linkId: number, payload: object) => owner.request({ method: 'PATCH', url: `/api/data-room/links/${linkId}`, payload });

// ---------------------------------------------------------------------------------------------
// The visitor's side: a browser without an account, keeping the cookies the link API sets.

class Visitor {
  readonly cookies: Record<string, string> = {};
  constructor(readonly ip = nextIp()) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await suite.app.inject({ remoteAddress: this.ip, ...options, cookies: { ...this.cookies } });
    await suite.app.jobs.idle();
    for (const cookie of response.cookies) this.cookies[cookie.name] = cookie.value;
    return response;
  }
  state = (token: string) => this.request({ method: 'GET', url: `/api/links/${token}` });
  start = (token: string, email: string) => this.request({ method: 'POST', url: `/api/links/${token}/session`, payload: { email } });
  verify = (token: string, code: string) => this.request({ method: 'POST', url: `/api/links/${token}/session/verify`, payload: { code } });
  password = (token: string, password: string) => this.request({ method: 'POST', url: `/api/links/${token}/session/password`, payload: { password } });
  content = (token: string, documentId: number, query = '', headers: Record<string, string> = {}) =>
    this.request({ method: 'GET', url: `/api/links/${token}/documents/${documentId}/content${query}`, headers });
}

const CODE_SUBJECT = /^\d{6} is your code for .+'s documents$/;

// Codes already read, by Message-ID: two emails written in the same test-clock millisecond may sort
// either way in the outbox, so "the newest" is the one not read before.
const readCodeMails = new Set<string>();

/** The code of the one code email to this address not read before. */
async function latestCode(email: string): Promise<string> {
  const unread = (await emailsTo(email)).filter((mail) => CODE_SUBJECT.test(mail.subject ?? '') && !readCodeMails.has(mail.messageId!));
  expect(unread).toHaveLength(1);
  readCodeMails.add(unread[0]!.messageId!);
  return /^(\d{6}) /.exec(unread[0]!.subject!)![1]!;
}

const newEmail = (domain = 'outside.example') => `visitor.${uniqueSuffix()}@${domain}`;

/** A visitor who gave their email and typed the code from the outbox. */
async function verifiedVisitor(token: string, email = newEmail()) {
  const visitor = new Visitor();
  expect((await visitor.start(token, email)).statusCode).toBe(200);
  const verified = await visitor.verify(token, await latestCode(email));
  expect(verified.statusCode, verified.body).toBe(200);
  return { visitor, email, state: verified.json() };
}

const pdfText = (bytes: Uint8Array) => pdfPageTexts(bytes);

// ---------------------------------------------------------------------------------------------

describe('making a link', () => {
  it('answers the URL once, with a 256-bit token, and keeps only its hash', async () => {
    const owner = await founder();
    const { link, url, token } = await createLink(owner.client, [owner.deck.id], { allowedEmails: ['@Fund.example', 'a@b.example', 'a@b.example'] });
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/v\/[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(link).toMatchObject({
      name: 'Series A',
      documents: [{ id: owner.deck.id, name: 'Deck' }],
      allowedEmails: ['@fund.example', 'a@b.example'],
      hasPassword: false,
    });
    const [row] = await suite.database.db.select().from(secureLinks).where(eq(secureLinks.id, link.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const listed = await owner.client.request({ method: 'GET', url: '/api/data-room/links' });
    expect(JSON.stringify(listed.json())).not.toContain(token);
  });

  it("refuses another startup's documents, a past end date, and another startup's link", async () => {
    const owner = await founder();
    const other = await founder();
    const foreign = await owner.client.request({
      method: 'POST',
      url: '/api/data-room/links',
      payload: { ...LINK_DEFAULTS, documentIds: [owner.deck.id, other.deck.id] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Choose documents from your data room.');
    const past = await owner.client.request({
      method: 'POST',
      url: '/api/data-room/links',
      payload: { ...LINK_DEFAULTS, documentIds: [owner.deck.id], expiresAt: new Date(clock.now().getTime() - 1000).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('The end date must be in the future.');
    const { link } = await createLink(other.client, [other.deck.id]);
    expect((await patchLink(owner.client, link.id, { disabled: true })).statusCode).toBe(404);
    expect((await owner.client.request({ method: 'GET', url: `/api/data-room/links/${link.id}/visitors` })).statusCode).toBe(404);
  });
});

describe('opening a link', () => {
  it('verifies the email with a 6-digit code from the email, then serves the documents', async () => {
    const owner = await founder();
    const { token } = await createLink(owner.client, [owner.deck.id]);
    const visitor = new Visitor();
    const first = await visitor.state(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ companyName: owner.companyName, linkName: 'Series A', step: 'email', email: null, documents: [] });

    const email = newEmail();
    const started = await visitor.start(token, `  ${email.toUpperCase()} `);
    expect(started.json()).toMatchObject({ step: 'code', email });
    const cookie = started.cookies.find((entry) => entry.name.startsWith('vm_link_'))!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/links' });
    // Cookie dates have whole seconds.
    expect(Math.floor(cookie.expires!.getTime() / 1000)).toBe(Math.floor((clock.now().getTime() + DAY_MS) / 1000));

    // Nothing is readable before the code.
    const early = await visitor.content(token, owner.deck.id);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Finish the steps on this link before opening its documents.');

    const code = await latestCode(email);
    const wrong = await visitor.verify(token, code === '000000' ? '000001' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This code is not right. Check the email and try again.');
    const right = await visitor.verify(token, code);
    expect(right.json()).toMatchObject({ step: 'ready', documents: [{ id: owner.deck.id, name: 'Deck', type: 'application/pdf', watermark: false }] });

    const read = await visitor.content(token, owner.deck.id, '', { range: 'bytes=0-4' });
    expect(read.statusCode).toBe(206);
    expect(read.body).toBe('%PDF-');
    // A document outside the link is not reachable through it.
    const other = await owner.upload('Secret', { filename: 'secret.pdf', content: pdfBytes(1) });
    expect((await visitor.content(token, other.id)).statusCode).toBe(404);
  });

  it('expires the code after 10 minutes', async () => {
    const owner = await founder();
    const { token } = await createLink(owner.client, [owner.deck.id]);
    const visitor = new Visitor();
    const email = newEmail();
    await visitor.start(token, email);
    const code = await latestCode(email);
    clock.advanceMs(10 * 60_000 + 1);
    const late = await visitor.verify(token, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('This code has expired or was typed wrong too many times. Ask for a new code.');
  });

  it('takes the email as given when the link asks for no verification and has no allow-list', async () => {
    const owner = await founder();
    const { token } = await createLink(owner.client, [owner.deck.id], { requireEmailVerification: false });
    const email = newEmail();
    const started = await new Visitor().start(token, email);
    expect(started.json()).toMatchObject({ step: 'ready', email });
    expect(await emailsTo(email)).toHaveLength(0);
  });

  it('answers unknown tokens 404 and malformed ones 400, with sentences', async () => {
    const unknown = await new Visitor().state('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This link does not exist. Check that you copied all of it.');
    const malformed = await new Visitor().state('short');
    expect(malformed.statusCode).toBe(400);
  });
});

describe('allow-lists', () => {
  it('lets in listed emails and @domains only, and always asks them for the code', async () => {
    const owner = await founder();
    const listed = newEmail('partners.example');
    // Verification off, but an allow-list forces it: otherwise anyone could type a listed address.
    const { token } = await createLink(owner.client, [owner.deck.id], { requireEmailVerification: false, allowedEmails: [listed, '@fund.example'] });

    const outsider = newEmail('elsewhere.example');
    const refused = await new Visitor().start(token, outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`This link is not available for ${outsider}.`);
    expect(await emailsTo(outsider)).toHaveLength(0);
    // A subdomain or a look-alike is not the domain.
    expect((await new Visitor().start(token, newEmail('sub.fund.example'))).statusCode).toBe(403);
    expect((await new Visitor().start(token, newEmail('notfund.example'))).statusCode).toBe(403);

    expect((await new Visitor().start(token, listed)).json()).toMatchObject({ step: 'code' });
    const { state } = await verifiedVisitor(token, newEmail('fund.example'));
    expect(state.step).toBe('ready');
  });

  it('does not open a forwarded link for another email, nor for the listed one without its inbox', async () => {
    const owner = await founder();
    const listed = newEmail('partners.example');
    const { token } = await createLink(owner.client, [owner.deck.id], { allowedEmails: [listed] });
    await verifiedVisitor(token, listed);

    // The forward reaches someone else: their browser has no session, and their own email is refused.
    const forwardee = new Visitor();
    expect((await forwardee.start(token, newEmail())).statusCode).toBe(403);
    // Typing the listed address sends the code to the listed inbox, not to them.
    expect((await forwardee.start(token, listed)).json()).toMatchObject({ step: 'code' });
    expect((await forwardee.content(token, owner.deck.id)).statusCode).toBe(403);
  });

  it('closes an open session at once when its email leaves the allow-list', async () => {
    const owner = await founder();
    const listed = newEmail('partners.example');
    const { link, token } = await createLink(owner.client, [owner.deck.id], { allowedEmails: [listed] });
    const { visitor } = await verifiedVisitor(token, listed);
    expect((await visitor.content(token, owner.deck.id)).statusCode).toBe(200);
    await patchLink(owner.client, link.id, { allowedEmails: ['@fund.example'] });
    const after = await visitor.content(token, owner.deck.id);
    expect(after.statusCode).toBe(403);
    expect((await visitor.state(token)).json()).toMatchObject({ step: 'email', email: null });
  });
});

describe('password, expiry and switching off', () => {
  it('asks for the password after the code, and again after the founder changes it', async () => {
    const owner = await founder();
    const { link, token } = await createLink(owner.client, [owner.deck.id], { password: 'open sesame 42' });
    const { visitor, state } = await verifiedVisitor(token);
    expect(state).toMatchObject({ step: 'password', requiresPassword: true, documents: [] });
    const wrong = await visitor.password(token, 'guess');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This password is not right.');
    expect((await visitor.password(token, 'open sesame 42')).json()).toMatchObject({ step: 'ready' });
    const [row] = await suite.database.db.select().from(secureLinks).where(eq(secureLinks.id, link.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    await patchLink(owner.client, link.id, { password: 'a new secret 7' });
    expect((await visitor.content(token, owner.deck.id)).statusCode).toBe(403);
    expect((await visitor.state(token)).json()).toMatchObject({ step: 'password' });
  });

  it('stops at its end date (410 with the date), and the session lasts no longer than the link', async () => {
    const owner = await founder();
    const expiresAt = new Date(clock.now().getTime() + 2 * 60 * 60_000);
    const { token } = await createLink(owner.client, [owner.deck.id], { expiresAt: expiresAt.toISOString() });
    const visitor = new Visitor();
    const email = newEmail();
    const started = await visitor.start(token, email);
    expect(Math.floor(started.cookies.find((entry) => entry.name.startsWith('vm_link_'))!.expires!.getTime() / 1000)).toBe(
      Math.floor(expiresAt.getTime() / 1000),
    );
    await visitor.verify(token, await latestCode(email));
    expect((await visitor.content(token, owner.deck.id)).statusCode).toBe(200);

    clock.advanceMs(2 * 60 * 60_000);
    const expired = await visitor.content(token, owner.deck.id);
    expect(expired.statusCode).toBe(410);
    const day = `${expiresAt.getUTCDate()} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][expiresAt.getUTCMonth()]} ${expiresAt.getUTCFullYear()}`;
    expect(expired.json().message).toBe(`This link expired on ${day}. Ask ${owner.companyName} for a new one.`);
    expect((await new Visitor().state(token)).statusCode).toBe(410);
  });

  it('stops an open session at once when switched off, and resumes when switched on', async () => {
    const owner = await founder();
    const { link, token } = await createLink(owner.client, [owner.deck.id]);
    const { visitor } = await verifiedVisitor(token);
    const view = await visitor.request({ method: 'POST', url: `/api/links/${token}/documents/${owner.deck.id}/views` });
    expect(view.statusCode).toBe(201);

    const off = await patchLink(owner.client, link.id, { disabled: true });
    expect(off.json().disabledAt).toBe(clock.now().toISOString());
    const stopped = await visitor.content(token, owner.deck.id, '', { range: 'bytes=5-9' });
    expect(stopped.statusCode).toBe(410);
    expect(stopped.json().message).toBe(`${owner.companyName} has disabled this link.`);
    expect((await visitor.request({ method: 'POST', url: `/api/links/${token}/documents/${owner.deck.id}/views` })).statusCode).toBe(410);
    // The time already spent is still recorded.
    const closed = await visitor.request({
      method: 'POST',
      url: `/api/links/${token}/documents/${owner.deck.id}/views/${view.json().viewId}/close`,
      payload: { durationMs: 5000 },
    });
    expect(closed.statusCode).toBe(200);

    await patchLink(owner.client, link.id, { disabled: false });
    expect((await visitor.content(token, owner.deck.id)).statusCode).toBe(200);
  });
});

describe('downloads', () => {
  it('refuses downloads unless allowed; stamps a watermarked PDF with the email on every page; refuses a watermarked DOCX', async () => {
    const owner = await founder();
    const plan = await owner.upload('Plan', { filename: 'plan.docx', content: docxBytes() }, 'Business Plan');
    const viewOnly = await createLink(owner.client, [owner.deck.id]);
    const { visitor: reader } = await verifiedVisitor(viewOnly.token);
    const refused = await reader.content(viewOnly.token, owner.deck.id, '?download=1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`${owner.companyName} has not allowed downloads from this link.`);

    const { token } = await createLink(owner.client, [owner.deck.id, plan.id], { canDownload: true, watermark: true });
    const { visitor, email } = await verifiedVisitor(token);
    const stamped = await visitor.content(token, owner.deck.id, '?download=1');
    expect(stamped.statusCode).toBe(200);
    expect(stamped.headers['cache-control']).toBe('private, no-store');
    expect(stamped.headers['content-disposition']).toMatch(/^attachment/);
    const pages = await pdfText(stamped.rawPayload);
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page).toContain(email);

    const docx = await visitor.content(token, plan.id, '?download=1');
    expect(docx.statusCode).toBe(403);
    expect(docx.json().message).toBe('Plan is watermarked, so it can be viewed here but not downloaded.');

    // A PDF pdf-lib cannot rewrite is never sent unstamped (403, not a 500).
    const broken = await owner.upload('Broken', { filename: 'broken.pdf', content: Buffer.from(`%PDF-1.4\n%${'garbage '.repeat(50)}\n%%EOF\n`, 'latin1') });
    const withBroken = await createLink(owner.client, [broken.id], { canDownload: true, watermark: true });
    const brokenVisitor = await verifiedVisitor(withBroken.token);
    const unstampable = await brokenVisitor.visitor.content(withBroken.token, broken.id, '?download=1');
    expect(unstampable.statusCode).toBe(403);
    expect(unstampable.json().message).toBe('Broken is watermarked and could not be stamped, so it can be viewed here but not downloaded.');
  });
});

describe('the NDA step', () => {
  it('asks for the NDA after verification, refuses an outdated version, and records the acceptance under the email', async () => {
    const owner = await founder();
    const { link, token } = await createLink(owner.client, [owner.deck.id], { ndaRequired: true });
    const { visitor, email, state } = await verifiedVisitor(token);
    expect(state.step).toBe('nda');
    expect(state.nda.text).toContain(owner.companyName);
    expect((await visitor.content(token, owner.deck.id)).statusCode).toBe(403);

    const accept = (contentHash: string) =>
      visitor.request({ method: 'POST', url: `/api/links/${token}/session/nda`, payload: { fullName: 'Grace Hopper', agree: true, contentHash } });
    const stale = await accept('f'.repeat(64));
    expect(stale.statusCode).toBe(409);
    expect((await accept(state.nda.contentHash)).json()).toMatchObject({ step: 'ready' });
    const rows = await suite.database.db.select().from(ndaAcceptances).where(eq(ndaAcceptances.secureLinkId, link.id));
    expect(rows).toEqual([expect.objectContaining({ email, typedName: 'Grace Hopper', acceptorKey: `email:${email}`, investorId: null })]);
    expect((await visitor.content(token, owner.deck.id)).statusCode).toBe(200);
  });
});

describe('views', () => {
  it("counts in the visitor's name, in the link's visitors and in the founder's document list", async () => {
    const owner = await founder();
    const { link, token } = await createLink(owner.client, [owner.deck.id]);
    const { visitor, email } = await verifiedVisitor(token);
    const opened = await visitor.request({ method: 'POST', url: `/api/links/${token}/documents/${owner.deck.id}/views` });
    expect(opened.statusCode).toBe(201);
    const viewId = opened.json().viewId as number;
    const close = (durationMs: number) =>
      visitor.request({ method: 'POST', url: `/api/links/${token}/documents/${owner.deck.id}/views/${viewId}/close`, payload: { durationMs } });
    // The founder is told, as for a platform open, in the verified email's name.
    const notificationsOf = async () =>
      ((await owner.client.request({ method: 'GET', url: '/api/notifications?limit=100' })).json().items as Array<{ type: string; sentence: string }>).filter(
        (item) => item.type === 'document_opened',
      );
    expect((await notificationsOf()).map((item) => item.sentence)).toEqual([`${email} (secure link) opened ${owner.deck.name}`]);
    expect((await close(42_000)).statusCode).toBe(200);
    expect((await notificationsOf()).map((item) => item.sentence)).toEqual([`${email} (secure link) opened ${owner.deck.name} · 1 min`]);
    expect((await close(1)).statusCode).toBe(404);
    // Another browser cannot close it.
    const stranger = await verifiedVisitor(token);
    const foreignClose = await stranger.visitor.request({
      method: 'POST',
      url: `/api/links/${token}/documents/${owner.deck.id}/views/${viewId}/close`,
      payload: { durationMs: 1 },
    });
    expect(foreignClose.statusCode).toBe(404);

    const [row] = await suite.database.db.select().from(documentViews).where(eq(documentViews.id, viewId));
    expect(row).toMatchObject({ viewerId: null, secureLinkId: link.id, visitorEmail: email, durationMs: 42_000 });
    const visitors = (await owner.client.request({ method: 'GET', url: `/api/data-room/links/${link.id}/visitors` })).json();
    expect(visitors[0]).toEqual({
      email,
      verifiedAt: expect.any(String),
      views: 1,
      totalViewMs: 42_000,
      lastViewedAt: clock.now().toISOString(),
      userId: null,
    });
    const summary = (await owner.client.request({ method: 'GET', url: '/api/data-room/links' })).json()[0];
    expect(summary).toMatchObject({ id: link.id, visitors: 2, views: 1, lastViewedAt: clock.now().toISOString() });
    const listed = (await owner.client.request({ method: 'GET', url: '/api/documents' }))
      .json()
      .find((document: { id: number }) => document.id === owner.deck.id);
    expect(listed).toMatchObject({ viewCount: 1, lastViewedAt: clock.now().toISOString() });
  });

  it('gives the history of a proven address to the account that registers and verifies it; an unproven address keeps none', async () => {
    const owner = await founder();
    const email = newEmail('angel.example');
    const proven = await createLink(owner.client, [owner.deck.id], { ndaRequired: true });
    const { visitor, state } = await verifiedVisitor(proven.token, email);
    await visitor.request({
      method: 'POST',
      url: `/api/links/${proven.token}/session/nda`,
      payload: { fullName: 'Ada L', agree: true, contentHash: state.nda.contentHash },
    });
    await visitor.request({ method: 'POST', url: `/api/links/${proven.token}/documents/${owner.deck.id}/views` });
    // The same address typed on a link that asks for no proof: anyone could have typed it.
    const unproven = await createLink(owner.client, [owner.deck.id], { requireEmailVerification: false });
    const typed = new Visitor();
    await typed.start(unproven.token, email);
    await typed.request({ method: 'POST', url: `/api/links/${unproven.token}/documents/${owner.deck.id}/views` });

    const investor = new TestClient(suite.app, nextIp());
    const { user } = await investor.register('investor', { email });
    const mails = await emailsTo(email, 'Confirm your email address for VentureMatch');
    const verifyToken = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text ?? '')![1]!;
    expect((await investor.request({ method: 'POST', url: '/api/email/verify', payload: { token: verifyToken } })).statusCode).toBe(200);

    const views = await suite.database.db
      .select()
      .from(documentViews)
      .where(sql`lower(${documentViews.visitorEmail}) = ${email}`);
    expect(views.find((view) => view.secureLinkId === proven.link.id)?.viewerId).toBe(user.id);
    expect(views.find((view) => view.secureLinkId === unproven.link.id)?.viewerId).toBeNull();
    const [acceptance] = await suite.database.db.select().from(ndaAcceptances).where(eq(ndaAcceptances.secureLinkId, proven.link.id));
    expect(acceptance!.investorId).toBe(user.id);
    const visitors = (await owner.client.request({ method: 'GET', url: `/api/data-room/links/${proven.link.id}/visitors` })).json();
    expect(visitors[0]).toMatchObject({ email, userId: user.id });
  });
});

describe('throttling', () => {
  it('spends a code after 5 wrong tries', async () => {
    const owner = await founder();
    const { token } = await createLink(owner.client, [owner.deck.id]);
    const visitor = new Visitor();
    const email = newEmail();
    await visitor.start(token, email);
    const code = await latestCode(email);
    const wrongCode = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 4; i++) expect((await visitor.verify(token, wrongCode)).json().message).toBe('This code is not right. Check the email and try again.');
    expect((await visitor.verify(token, wrongCode)).json().message).toBe('This code has expired or was typed wrong too many times. Ask for a new code.');
    // Even the right code no longer works; a new one does.
    expect((await visitor.verify(token, code)).statusCode).toBe(400);
    await visitor.start(token, email);
    expect((await visitor.verify(token, await latestCode(email))).json()).toMatchObject({ step: 'ready' });
  });

  it('answers 429 once a link has had too many wrong codes, from any address', async () => {
    const owner = await founder();
    const { token } = await createLink(owner.client, [owner.deck.id]);
    const limit = LINK_THROTTLE_LIMITS.wrongGuessesPerLink.points;
    let wrongs = 0;
    let last: LightMyRequestResponse | undefined;
    while (wrongs < limit) {
      // A new visitor (own IP, own email) for every 4 guesses: only the link's bucket fills.
      const visitor = new Visitor();
      const email = newEmail();
      await visitor.start(token, email);
      const wrongCode = (await latestCode(email)) === '333333' ? '444444' : '333333';
      for (let i = 0; i < 4 && wrongs < limit; i++, wrongs++) last = await visitor.verify(token, wrongCode);
    }
    expect(last!.statusCode).toBe(400);
    const late = new Visitor();
    const email = newEmail();
    await late.start(token, email);
    const blocked = await late.verify(token, await latestCode(email));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many wrong codes were typed for this link in the last 15 minutes\. Try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 429 to an IP that guesses across many links', async () => {
    const owner = await founder();
    const ip = nextIp();
    const limit = LINK_THROTTLE_LIMITS.wrongGuessesPerIp.points;
    let wrongs = 0;
    while (wrongs < limit) {
      const { token } = await createLink(owner.client, [owner.deck.id]);
      const visitor = new Visitor(ip);
      const email = newEmail();
      await visitor.start(token, email);
      const wrongCode = (await latestCode(email)) === '555555' ? '666666' : '555555';
      for (let i = 0; i < 4 && wrongs < limit; i++, wrongs++) expect((await visitor.verify(token, wrongCode)).statusCode).toBe(400);
    }
    const { token } = await createLink(owner.client, [owner.deck.id]);
    const fromSameIp = new Visitor(ip);
    const email = newEmail();
    await fromSameIp.start(token, email);
    expect((await fromSameIp.verify(token, await latestCode(email))).statusCode).toBe(429);
    // The same link from another network is unaffected.
    expect((await verifiedVisitor(token)).state.step).toBe('ready');
  });

  it('throttles wrong passwords per link, and code emails per address', async () => {
    const owner = await founder();
    const { token } = await createLink(owner.client, [owner.deck.id], { requireEmailVerification: false, password: 'right horse 9' });
    const visitor = new Visitor();
    await visitor.start(token, newEmail());
    for (let i = 0; i < LINK_THROTTLE_LIMITS.wrongGuessesPerLink.points; i++) expect((await visitor.password(token, `wrong ${i}`)).statusCode).toBe(400);
    const blocked = await visitor.password(token, 'right horse 9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many wrong passwords were typed for this link/);

    const verifying = await createLink(owner.client, [owner.deck.id]);
    const email = newEmail();
    for (let i = 0; i < LINK_THROTTLE_LIMITS.codeEmailsPerAddress.points; i++) expect((await new Visitor().start(verifying.token, email)).statusCode).toBe(200);
    const tooMany = await new Visitor().start(verifying.token, email);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toMatch(new RegExp(`^We have sent too many codes to ${email.replace(/\./g, '\\.')}`));
    expect(await emailsTo(email)).toHaveLength(LINK_THROTTLE_LIMITS.codeEmailsPerAddress.points);
  });
});

describe('storage and headers', () => {
  it('keeps no raw token, session cookie or code in any table', async () => {
    const owner = await founder();
    const { token } = await createLink(owner.client, [owner.deck.id]);
    const visitor = new Visitor();
    const email = newEmail();
    await visitor.start(token, email);
    const code = await latestCode(email);
    const cookieValue = Object.values(visitor.cookies)[0]!;
    // A wrong guess, a right one, a read: every place a secret could be written has had its chance.
    await visitor.verify(token, code === '999999' ? '999998' : '999999');
    const [pending] = await suite.database.db.select().from(secureLinkSessions).where(eq(secureLinkSessions.email, email));
    expect(pending!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    await visitor.verify(token, code);
    await visitor.content(token, owner.deck.id);

    const tables = await queryRows<{ table_name: string }>(
      suite.database.db,
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const names = tables.map((row) => row.table_name);
    expect(names).toEqual(expect.arrayContaining(['secure_links', 'secure_link_sessions', 'jobs', 'security_events', 'rate_limits']));
    for (const name of names) {
      const rows = await queryRows<{ row: string }>(suite.database.db, sql`select t::text as row from ${sql.identifier(name)} t`);
      const text = rows.map((row) => row.row).join('\n');
      expect(text, name).not.toContain(token);
      expect(text, name).not.toContain(cookieValue);
      // The code is six digits: look for it only where it would be stored on its own.
      expect(text.includes(`"${code}"`) || text.includes(`,${code},`) || text.includes(`(${code},`), name).toBe(false);
    }
  });

  it('keeps the token out of request logs and the security log', () => {
    const token = 'D'.repeat(43);
    expect(redactUrl(`/api/links/${token}/documents/1/content?download=1`)).toBe('/api/links/[redacted]/documents/1/content?download=[redacted]');
    expect(redactUrl(`/v/${token}`)).toBe('/v/[redacted]');
  });

  it('sends noindex and no-referrer on the link API and on the visitor page', async () => {
    const owner = await founder();
    const { token } = await createLink(owner.client, [owner.deck.id]);
    for (const url of [`/api/links/${token}`, `/api/links/${'B'.repeat(43)}`, `/v/${token}`]) {
      const response = await suite.app.inject({ method: 'GET', url });
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
    const { visitor } = await verifiedVisitor(token);
    const read = await visitor.content(token, owner.deck.id);
    expect(read.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('sends them with the app shell served for /v/:token, and only there', async () => {
    const clientDir = path.join(dataDir, 'client');
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html lang="en"><head><title>VentureMatch</title></head><body></body></html>');
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(dataDir, 'shell') }),
      database: suite.database,
      clientDir,
      logger: false,
    });
    try {
      const page = await app.inject({ method: 'GET', url: `/v/${'C'.repeat(43)}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      const elsewhere = await app.inject({ method: 'GET', url: '/startup/dashboard' });
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.headers['x-robots-tag']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
