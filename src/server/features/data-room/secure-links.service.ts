// Secure links, the founder's side (issue #20; docs/data-room.md, "Secure links"): make a link for
// some of one's own documents, change its settings or switch it off, and see who came through it.
// The token is made here and shown once, in the URL; the database keeps only its sha256. Every
// query names the startup in its where clause, so a founder reaches only their own links.
import { and, count, desc, eq, inArray, isNotNull, max, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CreateSecureLinkBody,
  SecureLinkSummary,
  SecureLinkVisitor as SecureLinkVisitorSchema,
  UpdateSecureLinkBody,
} from '../../../shared/contracts/secure-links';
import { invalid, notFound } from '../../app-error';
import { documents, documentViews, secureLinkDocuments, secureLinks, secureLinkSessions } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import { hashPassword } from '../auth';
import { newSecret } from './link-rules';
import { ensureNdaVersionExists } from './nda.service';

type SecureLinkRow = typeof secureLinks.$inferSelect;
type CreateBody = z.output<typeof CreateSecureLinkBody>;
type UpdateBody = z.output<typeof UpdateSecureLinkBody>;
type SecureLinkVisitor = z.infer<typeof SecureLinkVisitorSchema>;

const LINK_MISSING = 'This link does not exist.';
const NOT_YOUR_DOCUMENTS = 'Choose documents from your data room.';
const PAST_END_DATE = 'The end date must be in the future.';

/** The startup's own documents among `ids` (deduplicated); 400 when any is missing or someone else's. */
async function ownDocumentIds(ctx: ServiceContext, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const rows = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(inArray(documents.id, wanted), eq(documents.userId, ctx.actor.id)));
  if (rows.length !== wanted.length) throw invalid(NOT_YOUR_DOCUMENTS, { documentIds: [NOT_YOUR_DOCUMENTS] });
  return wanted;
}

function futureDate(ctx: ServiceContext, iso: string | null): Date | null {
  if (iso === null) return null;
  const at = new Date(iso);
  if (at.getTime() <= ctx.clock().getTime()) throw invalid(PAST_END_DATE, { expiresAt: [PAST_END_DATE] });
  return at;
}

/** The summaries of these links (all the startup's own), in the order given. */
async function summariesOf(ctx: ServiceContext, links: SecureLinkRow[]): Promise<SecureLinkSummary[]> {
  if (links.length === 0) return [];
  const linkIds = links.map((link) => link.id);
  const [linkedDocuments, viewStats, visitorEmails] = await Promise.all([
    ctx.db
      .select({ linkId: secureLinkDocuments.secureLinkId, id: documents.id, name: documents.name })
      .from(secureLinkDocuments)
      .innerJoin(documents, eq(documents.id, secureLinkDocuments.documentId))
      .where(inArray(secureLinkDocuments.secureLinkId, linkIds))
      .orderBy(documents.name, documents.id),
    ctx.db
      .select({ linkId: documentViews.secureLinkId, views: count(), lastViewedAt: max(documentViews.openedAt) })
      .from(documentViews)
      .where(inArray(documentViews.secureLinkId, linkIds))
      .groupBy(documentViews.secureLinkId),
    // A visitor is an address that proved itself, or (on a link that asks for no proof) one that viewed.
    ctx.db
      .selectDistinct({ linkId: secureLinkSessions.secureLinkId, email: sql<string>`lower(${secureLinkSessions.email})` })
      .from(secureLinkSessions)
      .where(and(inArray(secureLinkSessions.secureLinkId, linkIds), isNotNull(secureLinkSessions.verifiedAt)))
      .union(
        ctx.db
          .selectDistinct({ linkId: sql<number>`${documentViews.secureLinkId}`, email: sql<string>`lower(${documentViews.visitorEmail})` })
          .from(documentViews)
          .where(and(inArray(documentViews.secureLinkId, linkIds), isNotNull(documentViews.visitorEmail))),
      ),
  ]);
  return links.map((link) => {
    const stats = viewStats.find((row) => row.linkId === link.id);
    const lastViewedAt = stats?.lastViewedAt ? new Date(stats.lastViewedAt) : null;
    return {
      id: link.id,
      name: link.name,
      documents: linkedDocuments.filter((row) => row.linkId === link.id).map((row) => ({ id: row.id, name: row.name })),
      requireEmailVerification: link.requireEmailVerification,
      allowedEmails: link.allowedEmails,
      hasPassword: link.passwordHash !== null,
      expiresAt: link.expiresAt?.toISOString() ?? null,
      canDownload: link.canDownload,
      watermark: link.watermark,
      ndaRequired: link.ndaRequired,
      disabledAt: link.disabledAt?.toISOString() ?? null,
      createdAt: link.createdAt.toISOString(),
      visitors: visitorEmails.filter((row) => row.linkId === link.id).length,
      views: Number(stats?.views ?? 0),
      lastViewedAt: lastViewedAt ? lastViewedAt.toISOString() : null,
    };
  });
}

/** The startup's own link, or 404 (another startup's link is "missing" too). */
async function ownLink(ctx: ServiceContext, linkId: number): Promise<SecureLinkRow> {
  const [link] = await ctx.db
    .select()
    .from(secureLinks)
    .where(and(eq(secureLinks.id, linkId), eq(secureLinks.startupId, ctx.actor.id)));
  if (!link) throw notFound(LINK_MISSING);
  return link;
}

/** The startup's links, newest first. */
export async function listSecureLinks(ctx: ServiceContext): Promise<SecureLinkSummary[]> {
  const links = await ctx.db
    .select()
    .from(secureLinks)
    .where(eq(secureLinks.startupId, ctx.actor.id))
    .orderBy(desc(secureLinks.createdAt), desc(secureLinks.id));
  return summariesOf(ctx, links);
}

/**
 * Makes a link for some of the startup's own documents. The answer's URL carries the token: it is
 * never shown again, since only the token's hash is kept.
 */
export async function createSecureLink(
  ctx: ServiceContext,
  input: { settings: CreateBody; origin: string },
): Promise<{ link: SecureLinkSummary; url: string }> {
  const { settings } = input;
  const expiresAt = futureDate(ctx, settings.expiresAt);
  // Hashed before the transaction: argon2's 35 ms should not hold it open.
  const passwordHash = settings.password === null ? null : await hashPassword(settings.password);
  const { secret: token, hash: tokenHash } = newSecret();
  const link = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const documentIds = await ownDocumentIds(txCtx, settings.documentIds);
    // A link that asks for the NDA needs one to show: with none yet, the template becomes version 1.
    if (settings.ndaRequired) await ensureNdaVersionExists(txCtx, { startupId: ctx.actor.id });
    const [row] = await tx
      .insert(secureLinks)
      .values({
        startupId: ctx.actor.id,
        tokenHash,
        name: settings.name,
        requireEmailVerification: settings.requireEmailVerification,
        allowedEmails: [...new Set(settings.allowedEmails)],
        passwordHash,
        expiresAt,
        canDownload: settings.canDownload,
        watermark: settings.watermark,
        ndaRequired: settings.ndaRequired,
        createdAt: ctx.clock(),
      })
      .returning();
    await tx.insert(secureLinkDocuments).values(documentIds.map((documentId) => ({ secureLinkId: row!.id, documentId })));
    return row!;
  });
  const [summary] = await summariesOf(ctx, [link]);
  return { link: summary!, url: new URL(`/v/${token}`, input.origin).toString() };
}

/**
 * Changes a link's settings; `disabled` switches it off (or on) at once. Every visitor request
 * re-reads the link, so a change applies to open sessions on their next request. A new password
 * asks everyone for it again.
 */
export async function updateSecureLink(ctx: ServiceContext, input: { linkId: number; changes: UpdateBody }): Promise<SecureLinkSummary> {
  const { changes } = input;
  const expiresAt = changes.expiresAt === undefined ? undefined : futureDate(ctx, changes.expiresAt);
  const passwordHash = changes.password === undefined || changes.password === null ? changes.password : await hashPassword(changes.password);
  const now = ctx.clock();
  const link = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const current = await ownLink(txCtx, input.linkId);
    const documentIds = changes.documentIds === undefined ? undefined : await ownDocumentIds(txCtx, changes.documentIds);
    if (changes.ndaRequired) await ensureNdaVersionExists(txCtx, { startupId: ctx.actor.id });
    const [row] = await tx
      .update(secureLinks)
      .set({
        name: changes.name,
        requireEmailVerification: changes.requireEmailVerification,
        allowedEmails: changes.allowedEmails === undefined ? undefined : [...new Set(changes.allowedEmails)],
        passwordHash,
        expiresAt,
        canDownload: changes.canDownload,
        watermark: changes.watermark,
        ndaRequired: changes.ndaRequired,
        // Switching off keeps the first moment it was switched off.
        disabledAt: changes.disabled === undefined ? undefined : changes.disabled ? (current.disabledAt ?? now) : null,
      })
      .where(and(eq(secureLinks.id, current.id), eq(secureLinks.startupId, ctx.actor.id)))
      .returning();
    if (documentIds) {
      await tx.delete(secureLinkDocuments).where(eq(secureLinkDocuments.secureLinkId, current.id));
      await tx.insert(secureLinkDocuments).values(documentIds.map((documentId) => ({ secureLinkId: current.id, documentId })));
    }
    if (passwordHash !== undefined) {
      await tx.update(secureLinkSessions).set({ passwordPassedAt: null }).where(eq(secureLinkSessions.secureLinkId, current.id));
    }
    return row!;
  });
  const [summary] = await summariesOf(ctx, [link]);
  return summary!;
}

/**
 * Who came through a link: each address given, whether and when it was proven, its views and time,
 * and the account it belongs to once that address registered and was verified.
 */
export async function listSecureLinkVisitors(ctx: ServiceContext, input: { linkId: number }): Promise<SecureLinkVisitor[]> {
  const link = await ownLink(ctx, input.linkId);
  const [sessions, views] = await Promise.all([
    ctx.db
      .select({ email: sql<string>`lower(${secureLinkSessions.email})`, verifiedAt: max(secureLinkSessions.verifiedAt) })
      .from(secureLinkSessions)
      .where(eq(secureLinkSessions.secureLinkId, link.id))
      .groupBy(sql`lower(${secureLinkSessions.email})`),
    ctx.db
      .select({
        email: sql<string>`lower(${documentViews.visitorEmail})`,
        views: count(),
        totalViewMs: sum(documentViews.durationMs),
        lastViewedAt: max(documentViews.openedAt),
        userId: max(documentViews.viewerId),
      })
      .from(documentViews)
      .where(and(eq(documentViews.secureLinkId, link.id), isNotNull(documentViews.visitorEmail)))
      .groupBy(sql`lower(${documentViews.visitorEmail})`),
  ]);
  const emails = [...new Set([...sessions.map((row) => row.email), ...views.map((row) => row.email)])];
  const visitors = emails.map((email) => {
    const session = sessions.find((row) => row.email === email);
    const viewed = views.find((row) => row.email === email);
    const lastViewedAt = viewed?.lastViewedAt ? new Date(viewed.lastViewedAt) : null;
    const verifiedAt = session?.verifiedAt ? new Date(session.verifiedAt) : null;
    return {
      email,
      verifiedAt: verifiedAt?.toISOString() ?? null,
      views: Number(viewed?.views ?? 0),
      totalViewMs: Number(viewed?.totalViewMs ?? 0),
      lastViewedAt: lastViewedAt?.toISOString() ?? null,
      userId: viewed?.userId ?? null,
    };
  });
  // The most recent readers first, then those who never opened anything.
  return visitors.sort((a, b) => (b.lastViewedAt ?? '').localeCompare(a.lastViewedAt ?? '') || a.email.localeCompare(b.email));
}
