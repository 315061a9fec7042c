// Auto-share: a startup picks document categories, and whenever it connects with an investor (both
// accepted their match) its documents in those categories are shared with that investor, inside the
// transaction that connects them.
import { and, eq, inArray } from 'drizzle-orm';
import type { DataRoomSettings } from '../../../shared/contracts/documents';
import { DOCUMENT_CATEGORIES } from '../../../shared/enums';
import { dataRoomSettings, documentAccess, documents } from '../../db/schema';
import type { ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { onConnected, type ConnectedPair } from '../matching';
import { notify } from '../notifications';
import type { ConnectedPairContext } from './data-room-context';
import { investorName } from './summaries';

export async function getDataRoomSettings(ctx: ServiceContext): Promise<DataRoomSettings> {
  const [row] = await ctx.db.select().from(dataRoomSettings).where(eq(dataRoomSettings.startupId, ctx.actor.id));
  return { autoShareCategories: (row?.autoShareCategories ?? []) as DataRoomSettings['autoShareCategories'] };
}

export async function updateDataRoomSettings(ctx: ServiceContext, input: DataRoomSettings): Promise<DataRoomSettings> {
  // Keep the categories in their canonical order, whatever order the client sent.
  const categories = DOCUMENT_CATEGORIES.filter((category) => input.autoShareCategories.includes(category));
  await ctx.db
    .insert(dataRoomSettings)
    .values({ startupId: ctx.actor.id, autoShareCategories: categories })
    .onConflictDoUpdate({ target: dataRoomSettings.startupId, set: { autoShareCategories: categories, updatedAt: ctx.clock() } });
  return { autoShareCategories: categories };
}

/**
 * When a pair connects: shares the startup's documents in its chosen categories with that
 * investor. `ctx` is the decision's, inside its transaction (`inTransaction`), so the shares commit
 * or roll back with the decision; the actor is whoever accepted second, so the pair names the startup.
 */
export async function shareAutoShareCategories(ctx: ConnectedPairContext, pair: ConnectedPair): Promise<number> {
  const { db } = ctx;
  const { startupId, investorId } = pair;
  const [settings] = await db.select().from(dataRoomSettings).where(eq(dataRoomSettings.startupId, startupId));
  const categories = settings?.autoShareCategories ?? [];
  if (categories.length === 0) return 0;
  const toShare = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.userId, startupId), inArray(documents.category, categories)));
  if (toShare.length === 0) return 0;
  const now = ctx.clock();
  await db
    .insert(documentAccess)
    .values(toShare.map((document) => ({ documentId: document.id, userId: investorId, grantedBy: startupId, grantedAt: now })))
    .onConflictDoNothing();
  const shared = `${toShare.length} document${toShare.length === 1 ? '' : 's'}`;
  await recordActivity(ctx, {
    userId: startupId,
    activityType: 'document_shared',
    entityId: null,
    description: `Automatically shared ${shared} with ${await investorName(ctx, investorId)}`,
  });
  // One notification for the whole auto-share, naming the document when there is one.
  await notify(ctx, {
    recipientId: investorId,
    type: 'document_access_granted',
    payload: { documentIds: toShare.map((document) => document.id), partnerId: startupId },
  });
  return toShare.length;
}

// The data room reacts to every new connection; loading this module registers it (app.ts loads it
// through the data room's routes, the demo seed through app-jobs.ts and index.ts).
onConnected(shareAutoShareCategories);
