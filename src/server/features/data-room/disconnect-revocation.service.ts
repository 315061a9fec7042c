// When a connection ends (a disconnect or a block): every live grant between the pair is revoked in
// that transaction, as a revocation by hand would (docs/data-room.md): the investor's next read
// fails, and open previews close on the documents_changed event.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { documentAccess, documents } from '../../db/schema';
import { onDisconnected, type ConnectedPair } from '../matching';
import { recordSecurityEvent } from '../security';
import { announceDocumentChange, type ConnectedPairContext } from './data-room-context';

/** Revokes every unrevoked grant of the startup's documents to the investor; answers how many. */
export async function revokePairGrants(ctx: ConnectedPairContext, pair: ConnectedPair): Promise<number> {
  const { startupId, investorId } = pair;
  const owned = ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.userId, startupId));
  const revoked = await ctx.db
    .update(documentAccess)
    .set({ revokedAt: ctx.clock() })
    .where(and(eq(documentAccess.userId, investorId), isNull(documentAccess.revokedAt), inArray(documentAccess.documentId, owned)))
    .returning({ documentId: documentAccess.documentId });
  for (const { documentId } of revoked) {
    await recordSecurityEvent(ctx, {
      eventType: 'document_access_revoked',
      userId: ctx.actor?.id ?? null,
      detail: { documentId, granteeId: investorId, reason: 'connection_ended' },
    });
  }
  if (revoked.length > 0) await announceDocumentChange(ctx, { userIds: [startupId, investorId], documentId: null });
  return revoked.length;
}

// Loading this module registers the reaction (the data room's index.ts loads it).
onDisconnected(revokePairGrants);
