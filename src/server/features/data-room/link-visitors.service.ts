// Secure links, the visitor's side (issue #20; docs/data-room.md, "Secure links"): someone without
// an account opens /v/:token, gives an email (proven with a 6-digit code when the link asks, and
// always when it has an allow-list), a password if set, accepts the NDA if required, and reads.
//
// Every request starts over from the token and the browser's cookie: the link must be live (not
// switched off, not expired), the session's email allowed, every step passed, and the document
// still in the link. So a change by the founder applies on the visitor's very next request.
// Tokens, session cookies and codes are stored as sha256 hashes only; the code is made by the job
// that emails it, so it is never in a table or a job's payload.
import type { Readable } from 'node:stream';
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PageTimeBatch } from '../../../shared/contracts/document-insight';
import type { AcceptNdaBody } from '../../../shared/contracts/nda';
import type { VisitorLinkState } from '../../../shared/contracts/secure-links';
import type { Actor } from '../../actor';
import { AppError, conflict, forbidden, invalid, notFound } from '../../app-error';
import { documents, documentViews, ndaAcceptances, secureLinkDocuments, secureLinks, secureLinkSessions, users } from '../../db/schema';
import type { MailContext } from '../../mail';
import { renderEmail } from '../../mail';
import { inTransaction, type ServiceContext } from '../../service-context';
import { BlobNotFoundError, type BlobStore, type ByteRange } from '../../storage/blob-store';
import { onEmailVerified, verifyPassword, waitInWords } from '../auth';
import { notify } from '../notifications';
import { recordSecurityEvent } from '../security';
import { parseByteRange } from './byte-range';
import { announceDocumentChange, documentViewSourceKey } from './data-room-context';
import { addPageTimes, VIEW_ENTRY_SESSION_MS } from './document-views.service';
import { ALLOWED_EXTENSIONS } from './file-detection';
import {
  CODE_TTL_MS,
  codeMatches,
  hashSecret,
  isEmailAllowed,
  LINK_SENTENCES,
  MAX_WRONG_CODES_PER_CODE,
  newSecret,
  newVisitorCode,
  nextVisitorStep,
  requiresVerification,
  VISITOR_SESSION_MS,
  visitorCookieName,
} from './link-rules';
import { linkThrottleFor, LINK_THROTTLE_LIMITS, type GuessKind } from './link-throttle';
import { currentNdaVersion, hasAcceptedNdaVersion, isNdaRequiredFor, recordNdaAcceptance, type StoredNdaVersion } from './nda.service';
import { ndaAcceptorKey } from './nda-rules';
import { companyNameOf } from './summaries';
import { stampedCopy } from './watermark-stamp';

/** A visitor's request: nobody is signed in (or whoever is does not matter), and documents are read from storage. */
export interface LinkVisitorContext extends ServiceContext<Actor | null> {
  blobs: BlobStore;
}

/** The job that emails a code: it has the mailer. */
export type LinkCodeMailContext = ServiceContext<null> & MailContext;

/** The job that sends a visitor their code; its payload names the session, never a code. */
export const SEND_LINK_CODE_JOB = 'data-room.send-link-code';

type LinkRow = typeof secureLinks.$inferSelect;
type SessionRow = typeof secureLinkSessions.$inferSelect;

/** What each visitor request carries: the token in the URL and the browser's cookies. */
interface VisitorRequest {
  token: string;
  cookies: Record<string, string | undefined>;
}

/** A cookie for the route to set: this link's session, in this browser. */
export interface VisitorCookie {
  name: string;
  value: string;
  expiresAt: Date;
}

function throttled(message: string, retryAfterMs: number): AppError {
  return new AppError('throttled', message, undefined, { 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) });
}

/** The link behind a token, if it is live; 404 for an unknown token, 410 when switched off or expired. */
async function liveLink(ctx: ServiceContext<Actor | null>, token: string): Promise<LinkRow & { companyName: string }> {
  const [link] = await ctx.db
    .select()
    .from(secureLinks)
    .where(eq(secureLinks.tokenHash, hashSecret(token)));
  if (!link) throw notFound(LINK_SENTENCES.unknown);
  const companyName = await companyNameOf(ctx, link.startupId);
  if (link.disabledAt) throw new AppError('gone', LINK_SENTENCES.disabled(companyName));
  if (link.expiresAt && link.expiresAt.getTime() <= ctx.clock().getTime()) throw new AppError('gone', LINK_SENTENCES.expired(companyName, link.expiresAt));
  return { ...link, companyName };
}

/** This browser's unexpired session on this link, or null. */
async function sessionOf(ctx: ServiceContext<Actor | null>, link: LinkRow, cookies: VisitorRequest['cookies']): Promise<SessionRow | null> {
  const value = cookies[visitorCookieName(link.id)];
  if (!value || value.length > 100) return null;
  const [session] = await ctx.db
    .select()
    .from(secureLinkSessions)
    .where(
      and(eq(secureLinkSessions.sessionHash, hashSecret(value)), eq(secureLinkSessions.secureLinkId, link.id), gt(secureLinkSessions.expiresAt, ctx.clock())),
    );
  return session ?? null;
}

/** The documents of the link that still exist (a deleted document leaves the link with it). */
async function linkDocuments(ctx: ServiceContext<Actor | null>, link: LinkRow) {
  return (
    ctx.db
      .select({ id: documents.id, name: documents.name, type: documents.type, size: documents.size, watermark: documents.watermark })
      .from(secureLinkDocuments)
      .innerJoin(documents, eq(documents.id, secureLinkDocuments.documentId))
      // The owner condition is belt and braces: a link only ever holds its founder's documents.
      .where(and(eq(secureLinkDocuments.secureLinkId, link.id), eq(documents.userId, link.startupId)))
      .orderBy(documents.name, documents.id)
  );
}

/**
 * The account a proven address belongs to, when that account has proven it too: views and NDA
 * acceptances made through the link are then that account's. An address typed on a link that asks
 * for no proof is never attributed to anyone.
 */
async function accountOf(ctx: ServiceContext<Actor | null>, session: SessionRow): Promise<number | null> {
  if (!session.verifiedAt) return null;
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${session.email.toLowerCase()}`, isNotNull(users.emailVerifiedAt)));
  return row?.id ?? null;
}

interface Standing {
  link: LinkRow & { companyName: string };
  session: SessionRow | null;
  /** The NDA version to accept, when the link asks for one and this visitor has not accepted it. */
  pendingNda: StoredNdaVersion | null;
  accountId: number | null;
  step: VisitorLinkState['step'];
}

/**
 * Where this browser stands on the link. A session whose email the allow-list no longer lets in
 * counts as none (the visitor starts again with another email).
 */
async function standingOf(ctx: ServiceContext<Actor | null>, request: VisitorRequest): Promise<Standing> {
  const link = await liveLink(ctx, request.token);
  let session = await sessionOf(ctx, link, request.cookies);
  if (session && !isEmailAllowed(link.allowedEmails, session.email)) session = null;
  const accountId = session ? await accountOf(ctx, session) : null;
  let pendingNda: StoredNdaVersion | null = null;
  if (session) {
    const linkDocumentIds = (
      await ctx.db.select({ id: secureLinkDocuments.documentId }).from(secureLinkDocuments).where(eq(secureLinkDocuments.secureLinkId, link.id))
    ).map((row) => row.id);
    const isNdaNeeded = link.ndaRequired || (await isNdaRequiredFor(ctx, { documentIds: linkDocumentIds }));
    const version = isNdaNeeded ? await currentNdaVersion(ctx, { startupId: link.startupId }) : null;
    if (version) {
      // Accepted as this address, or (a proven address of an account) on the platform as that account.
      const hasAccepted =
        (await hasAcceptedNdaVersion(ctx, { ndaVersionId: version.id, acceptorKey: ndaAcceptorKey({ email: session.email }) })) ||
        (accountId !== null && (await hasAcceptedNdaVersion(ctx, { ndaVersionId: version.id, acceptorKey: ndaAcceptorKey({ investorId: accountId }) })));
      if (!hasAccepted) pendingNda = version;
    }
  }
  const step = nextVisitorStep({
    hasSession: session !== null,
    mustVerify: requiresVerification(link),
    isVerified: session?.verifiedAt != null,
    mustGivePassword: link.passwordHash !== null,
    hasGivenPassword: session?.passwordPassedAt != null,
    ndaPending: pendingNda !== null,
  });
  return { link, session, pendingNda, accountId, step };
}

async function stateOf(ctx: ServiceContext<Actor | null>, standing: Standing): Promise<VisitorLinkState> {
  const { link, session, step, pendingNda } = standing;
  return {
    companyName: link.companyName,
    linkName: link.name,
    step,
    email: session?.email ?? null,
    requiresPassword: link.passwordHash !== null,
    watermark: link.watermark,
    canDownload: link.canDownload,
    nda:
      step === 'nda' && pendingNda
        ? {
            version: pendingNda.version,
            text: pendingNda.text,
            contentHash: pendingNda.contentHash,
            source: pendingNda.source,
            createdAt: pendingNda.createdAt,
          }
        : null,
    documents: step === 'ready' ? (await linkDocuments(ctx, link)).map((document) => ({ ...document, watermark: link.watermark || document.watermark })) : [],
  };
}

/** Only a session that passed every step may read; 403 with the reason otherwise. */
function requireReady(standing: Standing): asserts standing is Standing & { session: SessionRow } {
  if (standing.step === 'ready' && standing.session) return;
  throw forbidden(standing.session ? LINK_SENTENCES.notReady : LINK_SENTENCES.noSession);
}

/** GET /api/links/:token: what the visitor must do next, and the documents once they may read. */
export async function getVisitorLink(ctx: ServiceContext<Actor | null>, input: VisitorRequest): Promise<VisitorLinkState> {
  return stateOf(ctx, await standingOf(ctx, input));
}

/**
 * POST /api/links/:token/session: starts this browser's session with an email. Refused (403) for
 * an email outside the allow-list. When the link asks for proof, a code is sent to the email (at
 * most 5 an hour per address); the previous session of this browser, if any, is left to expire.
 */
export async function startVisitorSession(
  ctx: ServiceContext<Actor | null>,
  input: VisitorRequest & { email: string; ip: string; userAgent: string },
): Promise<{ state: VisitorLinkState; cookie: VisitorCookie }> {
  const link = await liveLink(ctx, input.token);
  const email = input.email.trim().toLowerCase();
  if (!isEmailAllowed(link.allowedEmails, email)) throw forbidden(LINK_SENTENCES.notAllowed(email));
  const mustVerify = requiresVerification(link);
  if (mustVerify) {
    const waitMs = await linkThrottleFor(ctx.db).takeCodeEmail({ email, ip: input.ip });
    if (waitMs > 0) {
      throw throttled(
        `We have sent too many codes to ${email} or from your network in the last hour. Check your inbox, or try again in ${waitInWords(waitMs)}.`,
        waitMs,
      );
    }
  }
  const now = ctx.clock();
  const lifetimeEnd = new Date(now.getTime() + VISITOR_SESSION_MS);
  const expiresAt = link.expiresAt && link.expiresAt < lifetimeEnd ? link.expiresAt : lifetimeEnd;
  const { secret, hash } = newSecret();
  await ctx.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(secureLinkSessions)
      .values({ secureLinkId: link.id, sessionHash: hash, email, ip: input.ip, userAgent: input.userAgent.slice(0, 1000), createdAt: now, expiresAt })
      .returning({ id: secureLinkSessions.id });
    // The job makes the code when it sends it: the payload carries only the session's id.
    if (mustVerify) await ctx.jobs.enqueue(tx, SEND_LINK_CODE_JOB, { sessionId: session!.id }, { dedupeKey: `link-code:${session!.id}`, maxAttempts: 5 });
  });
  const cookie = { name: visitorCookieName(link.id), value: secret, expiresAt };
  const state = await stateOf(ctx, await standingOf(ctx, { token: input.token, cookies: { [cookie.name]: secret } }));
  return { state, cookie };
}

/**
 * The `data-room.send-link-code` job: makes a 6-digit code for the session, stores its hash (valid
 * 10 minutes, its wrong-attempt count reset), and emails it. If the send fails, the code is
 * forgotten and the retry makes a new one, so no code exists that was never sent.
 */
export async function sendVisitorCode(ctx: LinkCodeMailContext, input: { sessionId: number }): Promise<void> {
  const now = ctx.clock();
  const [row] = await ctx.db
    .select({ session: secureLinkSessions, link: secureLinks })
    .from(secureLinkSessions)
    .innerJoin(secureLinks, eq(secureLinks.id, secureLinkSessions.secureLinkId))
    .where(and(eq(secureLinkSessions.id, input.sessionId), isNull(secureLinkSessions.verifiedAt), gt(secureLinkSessions.expiresAt, now)));
  if (!row || row.link.disabledAt) return;
  const code = newVisitorCode();
  const codeHash = hashSecret(code);
  await ctx.db
    .update(secureLinkSessions)
    .set({ codeHash, codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS), codeAttempts: 0 })
    .where(eq(secureLinkSessions.id, input.sessionId));
  try {
    await ctx.mailer.send(
      renderEmail(
        {
          kind: 'secure-link-code',
          to: row.session.email,
          code,
          companyName: await companyNameOf(ctx, row.link.startupId),
          linkName: row.link.name,
          validMinutes: CODE_TTL_MS / 60_000,
        },
        // The code email has no link, so the origin is never used in it.
        'http://localhost',
      ),
    );
  } catch (error) {
    await ctx.db
      .update(secureLinkSessions)
      .set({ codeHash: null, codeExpiresAt: null })
      .where(and(eq(secureLinkSessions.id, input.sessionId), eq(secureLinkSessions.codeHash, codeHash)));
    throw error;
  }
}

/** 429 when this IP, or anyone, has guessed wrong too often at this link lately. */
async function refuseWhileThrottled(ctx: ServiceContext<Actor | null>, input: { kind: GuessKind; linkId: number; ip: string }): Promise<void> {
  const waitMs = await linkThrottleFor(ctx.db).guessWaitMs(input);
  if (waitMs === 0) return;
  const what = input.kind === 'code' ? 'codes' : 'passwords';
  const { minutes } = LINK_THROTTLE_LIMITS.wrongGuessesPerLink;
  throw throttled(`Too many wrong ${what} were typed for this link in the last ${minutes} minutes. Try again in ${waitInWords(waitMs)}.`, waitMs);
}

/**
 * POST /api/links/:token/session/verify: checks the code. Five wrong codes spend it; wrong codes
 * also count against the link and the IP (429 once either is full).
 */
export async function verifyVisitorCode(ctx: ServiceContext<Actor | null>, input: VisitorRequest & { code: string; ip: string }): Promise<VisitorLinkState> {
  const standing = await standingOf(ctx, input);
  const { link, session } = standing;
  if (!session) throw invalid(LINK_SENTENCES.noSession);
  if (standing.step !== 'code') return stateOf(ctx, standing);
  await refuseWhileThrottled(ctx, { kind: 'code', linkId: link.id, ip: input.ip });
  const now = ctx.clock();
  const isLive = and(
    eq(secureLinkSessions.id, session.id),
    isNotNull(secureLinkSessions.codeHash),
    gt(secureLinkSessions.codeExpiresAt, now),
    lt(secureLinkSessions.codeAttempts, MAX_WRONG_CODES_PER_CODE),
  );
  // One statement decides, so parallel guesses cannot pass the attempt limit.
  const isRight = session.codeHash !== null && codeMatches(input.code, session.codeHash);
  if (isRight) {
    const [verified] = await ctx.db
      .update(secureLinkSessions)
      .set({ verifiedAt: now, codeHash: null, codeExpiresAt: null })
      .where(and(isLive, eq(secureLinkSessions.codeHash, session.codeHash!)))
      .returning({ id: secureLinkSessions.id });
    if (verified) return stateOf(ctx, await standingOf(ctx, input));
    throw invalid(LINK_SENTENCES.codeSpent, { code: [LINK_SENTENCES.codeSpent] });
  }
  const [counted] = await ctx.db
    .update(secureLinkSessions)
    .set({
      codeAttempts: sql`${secureLinkSessions.codeAttempts} + 1`,
      // The fifth wrong code spends it.
      codeHash: sql`case when ${secureLinkSessions.codeAttempts} + 1 >= ${MAX_WRONG_CODES_PER_CODE} then null else ${secureLinkSessions.codeHash} end`,
    })
    .where(isLive)
    .returning({ codeHash: secureLinkSessions.codeHash });
  await linkThrottleFor(ctx.db).recordWrongGuess({ kind: 'code', linkId: link.id, ip: input.ip });
  const message = counted?.codeHash ? LINK_SENTENCES.wrongCode : LINK_SENTENCES.codeSpent;
  throw invalid(message, { code: [message] });
}

/** POST /api/links/:token/session/password: checks the link's password (throttled like codes). */
export async function submitVisitorPassword(
  ctx: ServiceContext<Actor | null>,
  input: VisitorRequest & { password: string; ip: string },
): Promise<VisitorLinkState> {
  const standing = await standingOf(ctx, input);
  const { link, session } = standing;
  if (!session) throw invalid(LINK_SENTENCES.noSession);
  if (standing.step === 'code') throw invalid(LINK_SENTENCES.notReady);
  if (standing.step !== 'password') return stateOf(ctx, standing);
  await refuseWhileThrottled(ctx, { kind: 'password', linkId: link.id, ip: input.ip });
  if (!(await verifyPassword(link.passwordHash, input.password))) {
    await linkThrottleFor(ctx.db).recordWrongGuess({ kind: 'password', linkId: link.id, ip: input.ip });
    throw invalid(LINK_SENTENCES.wrongPassword, { password: [LINK_SENTENCES.wrongPassword] });
  }
  await ctx.db.update(secureLinkSessions).set({ passwordPassedAt: ctx.clock() }).where(eq(secureLinkSessions.id, session.id));
  return stateOf(ctx, await standingOf(ctx, input));
}

/**
 * POST /api/links/:token/session/nda: records the acceptance of the version the visitor read (409
 * when a newer one was saved since), as their address, with what they typed, their IP and browser.
 */
export async function acceptVisitorNda(
  ctx: ServiceContext<Actor | null>,
  input: VisitorRequest & { acceptance: z.output<typeof AcceptNdaBody>; ip: string; userAgent: string },
): Promise<VisitorLinkState> {
  const standing = await standingOf(ctx, input);
  const { link, session, pendingNda } = standing;
  if (!session) throw invalid(LINK_SENTENCES.noSession);
  if (standing.step !== 'nda' || !pendingNda) {
    if (standing.step === 'ready') return stateOf(ctx, standing);
    throw invalid(LINK_SENTENCES.notReady);
  }
  if (pendingNda.contentHash !== input.acceptance.contentHash) throw conflict(LINK_SENTENCES.ndaChanged);
  await recordNdaAcceptance(ctx, {
    startupId: link.startupId,
    ndaVersionId: pendingNda.id,
    // Keyed by the address: the account (if the address is a proven one's) is named by claimLinkHistory.
    investorId: null,
    secureLinkId: link.id,
    email: session.email,
    typedName: input.acceptance.fullName,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  if (standing.accountId !== null) {
    await ctx.db
      .update(ndaAcceptances)
      .set({ investorId: standing.accountId })
      .where(
        and(
          eq(ndaAcceptances.ndaVersionId, pendingNda.id),
          eq(ndaAcceptances.acceptorKey, ndaAcceptorKey({ email: session.email })),
          isNull(ndaAcceptances.investorId),
        ),
      );
  }
  return stateOf(ctx, await standingOf(ctx, input));
}

/** One document of a ready visitor's link; 404 when it is not (or no longer) in the link. */
async function readableLinkDocument(ctx: ServiceContext<Actor | null>, standing: Standing, documentId: number) {
  const [document] = await ctx.db
    .select()
    .from(documents)
    .innerJoin(secureLinkDocuments, and(eq(secureLinkDocuments.documentId, documents.id), eq(secureLinkDocuments.secureLinkId, standing.link.id)))
    .where(and(eq(documents.id, documentId), eq(documents.userId, standing.link.startupId)));
  if (!document?.documents.storageKey) throw notFound(LINK_SENTENCES.documentMissing);
  return { ...document.documents, storageKey: document.documents.storageKey };
}

async function readBlob(blobs: BlobStore, key: string, range?: ByteRange): Promise<Readable> {
  try {
    return await blobs.read(key, range);
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw notFound('The file of this document is missing from storage. Ask its owner to upload it again.');
    throw error;
  }
}

/** What the content route sends: the document's bytes (a stream, or a stamped copy), or a 416. */
export type VisitorDocumentBody =
  | { kind: 'unsatisfiable'; size: number }
  | { kind: 'bytes'; document: { name: string; type: string }; body: Readable | Uint8Array; size: number; range: ByteRange | null; acceptRanges: boolean };

/**
 * GET /api/links/:token/documents/:documentId/content: re-checks everything, then the bytes. A
 * download (`download=1`) needs the link's download switch; a watermarked PDF is stamped with the
 * visitor's email (whole, never ranged, never cached), and a watermarked file of another type is
 * never downloaded.
 */
export async function readVisitorDocument(
  ctx: LinkVisitorContext,
  input: VisitorRequest & { documentId: number; isDownload: boolean; rangeHeader: string | undefined; ip: string },
): Promise<VisitorDocumentBody> {
  const standing = await standingOf(ctx, input);
  requireReady(standing);
  const { link, session } = standing;
  const document = await readableLinkDocument(ctx, standing, input.documentId);
  const isWatermarked = link.watermark || document.watermark;
  if (input.isDownload) {
    if (!link.canDownload) throw forbidden(LINK_SENTENCES.noDownload(link.companyName));
    if (isWatermarked && document.type !== ALLOWED_EXTENSIONS.pdf) throw forbidden(LINK_SENTENCES.watermarkedNoDownload(document.name));
  }
  const isFirstChunk = !input.rangeHeader || /^bytes=0-/.test(input.rangeHeader);
  if (isFirstChunk) {
    await recordSecurityEvent(ctx, {
      eventType: 'document_read',
      userId: standing.accountId,
      ip: input.ip,
      detail: { documentId: document.id, secureLinkId: link.id, email: session.email, download: input.isDownload },
    });
  }
  if (input.isDownload && isWatermarked) {
    const stamped = await stampedCopy({
      original: await readBlob(ctx.blobs, document.storageKey),
      document,
      identity: { viewerName: session.email, email: session.email, companyName: link.companyName, at: ctx.clock() },
      log: ctx.log,
    });
    return { kind: 'bytes', document, body: stamped, size: stamped.byteLength, range: null, acceptRanges: false };
  }
  const range = parseByteRange(input.rangeHeader, document.size) ?? null;
  if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size: document.size };
  return { kind: 'bytes', document, body: await readBlob(ctx.blobs, document.storageKey, range ?? undefined), size: document.size, range, acceptRanges: true };
}

/**
 * POST /api/links/:token/documents/:documentId/views: records an open, in the name of the session's
 * email (and of its account, when the address is a proven one's on both sides). The founder's
 * screens refresh: link views count in the document's views.
 */
export async function startVisitorView(ctx: ServiceContext<Actor | null>, input: VisitorRequest & { documentId: number }): Promise<{ viewId: number }> {
  const standing = await standingOf(ctx, input);
  requireReady(standing);
  const document = await readableLinkDocument(ctx, standing, input.documentId);
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    // As on the platform: reopening within a reading session tells the founder once.
    const [recentOpen] = await tx
      .select({ id: documentViews.id })
      .from(documentViews)
      .where(
        and(
          eq(documentViews.documentId, document.id),
          eq(documentViews.secureLinkId, standing.link.id),
          eq(documentViews.visitorEmail, standing.session.email),
          gt(documentViews.openedAt, new Date(now.getTime() - VIEW_ENTRY_SESSION_MS)),
        ),
      )
      .limit(1);
    const [view] = await tx
      .insert(documentViews)
      .values({
        documentId: document.id,
        viewerId: standing.accountId,
        secureLinkId: standing.link.id,
        visitorEmail: standing.session.email,
        openedAt: now,
        // Issue #21: the version open now, so its analytics stay apart from the next version's.
        version: document.currentVersion,
      })
      .returning({ id: documentViews.id });
    if (!recentOpen) {
      // The founder's "{email} opened {document} through a secure link", like a platform open.
      await notify(txCtx, {
        recipientId: standing.link.startupId,
        type: 'document_opened',
        payload: {
          documentId: document.id,
          viewId: view!.id,
          visitorEmail: standing.session.email,
          ...(standing.accountId ? { partnerId: standing.accountId } : {}),
        },
        sourceKey: documentViewSourceKey(view!.id),
      });
    }
    await announceDocumentChange(txCtx, { userIds: [standing.link.startupId], documentId: document.id });
    return { viewId: view!.id };
  });
}

/**
 * The link and this browser's session for closing a view or adding its page times: these may come
 * after the link was switched off or the session ended (the time spent is still true), so only the
 * link must exist and the cookie name a session of it. 404 otherwise.
 */
async function viewSession(ctx: Pick<ServiceContext<Actor | null>, 'db'>, input: VisitorRequest) {
  const [link] = await ctx.db
    .select()
    .from(secureLinks)
    .where(eq(secureLinks.tokenHash, hashSecret(input.token)));
  if (!link) throw notFound(LINK_SENTENCES.unknown);
  const value = input.cookies[visitorCookieName(link.id)];
  const [session] =
    value && value.length <= 100
      ? await ctx.db
          .select()
          .from(secureLinkSessions)
          .where(and(eq(secureLinkSessions.sessionHash, hashSecret(value)), eq(secureLinkSessions.secureLinkId, link.id)))
      : [];
  if (!session) throw notFound(LINK_SENTENCES.viewMissing);
  return { link, session };
}

/** POST …/views/:viewId/close: how long the preview stayed open. Only for a view of this link and this email, once. */
export async function endVisitorView(
  ctx: ServiceContext<Actor | null>,
  input: VisitorRequest & { documentId: number; viewId: number; durationMs: number },
): Promise<void> {
  // A view may close after the link was switched off or the session ended: the time spent is still
  // true, so only the link itself must exist and the cookie name this view's email.
  const { link, session } = await viewSession(ctx, input);
  await ctx.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(documentViews)
      .set({ durationMs: input.durationMs })
      .where(
        and(
          eq(documentViews.id, input.viewId),
          eq(documentViews.documentId, input.documentId),
          eq(documentViews.secureLinkId, link.id),
          eq(documentViews.visitorEmail, session.email),
          isNull(documentViews.durationMs),
        ),
      )
      .returning({ id: documentViews.id });
    if (!closed) throw notFound(LINK_SENTENCES.viewMissing);
    const txCtx = inTransaction(ctx, tx);
    await announceDocumentChange(txCtx, { userIds: [link.startupId], documentId: input.documentId });
    // Only the view that opened a reading session has a notification; for the others this finds none.
    await notify(txCtx, {
      recipientId: link.startupId,
      type: 'document_opened',
      payload: { durationMs: input.durationMs },
      sourceKey: documentViewSourceKey(input.viewId),
      isUpdateOnly: true,
    });
  });
}

/**
 * POST …/views/:viewId/pages: time on each page, from the session that opened the view (404 for
 * anyone else). Like the close, it may arrive after the link was switched off or expired or the
 * session ended: accepted for 5 minutes after the view closed or access ended (docs/data-room.md,
 * "Page-level analytics").
 */
export async function recordVisitorPageTime(
  ctx: LinkVisitorContext,
  input: VisitorRequest & { documentId: number; viewId: number; pages: PageTimeBatch['pages'] },
): Promise<void> {
  const { link, session } = await viewSession(ctx, input);
  const [view] = await ctx.db
    .select({
      id: documentViews.id,
      documentId: documentViews.documentId,
      version: documentViews.version,
      openedAt: documentViews.openedAt,
      durationMs: documentViews.durationMs,
    })
    .from(documentViews)
    .where(
      and(
        eq(documentViews.id, input.viewId),
        eq(documentViews.documentId, input.documentId),
        eq(documentViews.secureLinkId, link.id),
        eq(documentViews.visitorEmail, session.email),
      ),
    );
  if (!view) throw notFound(LINK_SENTENCES.viewMissing);
  const now = ctx.clock();
  // Access ends with the first of: the link switched off, the link's expiry, the session's end.
  const endings = [link.disabledAt, link.expiresAt, session.expiresAt].filter((at): at is Date => at !== null && at.getTime() <= now.getTime());
  const accessEndedAt = endings.length > 0 ? new Date(Math.min(...endings.map((at) => at.getTime()))) : null;
  // Taken out of the link, or the address no longer allowed: access ended at a time nobody recorded.
  const [stillInLink] = await ctx.db
    .select({ id: secureLinkDocuments.documentId })
    .from(secureLinkDocuments)
    .where(and(eq(secureLinkDocuments.secureLinkId, link.id), eq(secureLinkDocuments.documentId, input.documentId)));
  const isAccessGoneUntimed = !stillInLink || !isEmailAllowed(link.allowedEmails, session.email);
  await addPageTimes(ctx, { view: { ...view, accessEndedAt, isAccessGoneUntimed }, pages: input.pages });
}

/**
 * The reaction to an account proving its address (auth's onEmailVerified, inside that
 * transaction): views and NDA acceptances made through links by that address, where the visitor
 * proved it with a code, become the account's. Addresses typed on links that ask for no proof
 * are never claimed: anyone could have typed them.
 */
export async function claimLinkHistory(ctx: ServiceContext<Actor | null>, input: { userId: number; email: string }): Promise<void> {
  const email = input.email.toLowerCase();
  const provenOnLink = (linkId: typeof documentViews.secureLinkId | typeof ndaAcceptances.secureLinkId) =>
    sql`exists (select 1 from ${secureLinkSessions} where ${secureLinkSessions.secureLinkId} = ${linkId}
        and lower(${secureLinkSessions.email}) = ${email} and ${secureLinkSessions.verifiedAt} is not null)`;
  await ctx.db
    .update(documentViews)
    .set({ viewerId: input.userId })
    .where(
      and(
        isNull(documentViews.viewerId),
        isNotNull(documentViews.secureLinkId),
        sql`lower(${documentViews.visitorEmail}) = ${email}`,
        provenOnLink(documentViews.secureLinkId),
      ),
    );
  await ctx.db
    .update(ndaAcceptances)
    .set({ investorId: input.userId })
    .where(
      and(
        isNull(ndaAcceptances.investorId),
        isNotNull(ndaAcceptances.secureLinkId),
        sql`lower(${ndaAcceptances.email}) = ${email}`,
        provenOnLink(ndaAcceptances.secureLinkId),
      ),
    );
}

// Loading the data room registers the claim with auth (index.ts imports this module).
onEmailVerified(claimLinkHistory);
