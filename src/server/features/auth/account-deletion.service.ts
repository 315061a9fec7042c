// Deleting an account (issue #17; docs/decisions/0040-account-export-and-deletion.md). Everything
// the account holds goes in ONE transaction, and the row itself is anonymised in that same
// transaction rather than deleted: the messages its owner sent stay in the other person's history,
// shown as from "Deleted user", and they need a sender. So a crash at any point leaves either the
// whole account (nothing committed) or an account that can never sign in again (all committed).
// The document bytes live outside the database; a durable job enqueued inside the transaction
// deletes them after the commit, with retries, and the hourly orphan sweep is the backstop.
//
// This is the one service that writes other features' tables directly: the erasure must be one
// transaction, and the feature graph (eslint.config.js) lets auth call only activity and security.
// Listing every table here also keeps "what deletion removes" in one place to read and review.
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DeleteAccountBody } from '../../../shared/contracts/account';
import { unauthenticated } from '../../app-error';
import type { DbExecutor } from '../../db/client';
import {
  accountTokens,
  activities,
  blocks,
  dataRoomSettings,
  documentAccess,
  documents,
  documentVersions,
  documentViews,
  investorProfiles,
  jobs,
  knownDevices,
  matchDecisions,
  matches,
  matchingUserState,
  messages,
  milestones,
  notificationEmails,
  notificationPreferences,
  notifications,
  portfolioCompanies,
  savedSearches,
  startupProfiles,
  trackRecordInvestments,
  users,
} from '../../db/schema';
import type { Actor } from '../../actor';
import { inTransaction, type ServiceContext } from '../../service-context';
import type { BlobStore } from '../../storage/blob-store';
import { recordSecurityEvent } from '../security';
import { confirmPassword, loadOwnAccount, type SignedInAuthContext } from './account.service';
import { endUserSessions } from './session.service';

/** The durable job that deletes a deleted account's document bytes (handler: deleteAccountBlobs, registered in app-jobs.ts). */
export const DELETE_ACCOUNT_BLOBS_JOB = 'auth.delete-account-blobs';

/**
 * Retries with the queue's backoff (10 s doubling, capped at an hour) for about two and a half
 * hours: long enough to ride out a storage outage. Should every attempt fail, the objects have no
 * row left, so the hourly orphan sweep (data-room housekeeping) removes them anyway.
 */
const BLOB_JOB_MAX_ATTEMPTS = 10;

/**
 * What a deleted account keeps. None of these can be typed at registration or in an address
 * change (the username rules allow only letters, digits, `.`, `_` and `-`; the email rule refuses
 * `:`), so nobody can take them first and make a deletion fail on the unique indexes, and sign-in,
 * "forgot password" and registration never find the row. The password hash is not a PHC string:
 * argon2 cannot parse it, so it never verifies.
 */
const deletedUsername = (userId: number) => `deleted:${userId}`;
const deletedEmail = (userId: number) => `deleted:${userId}@deleted.invalid`;
const UNUSABLE_PASSWORD_HASH = '!account-deleted';
/** How the row's owner is named wherever their name is still shown (the other side of a conversation). */
export const DELETED_USER_NAME = { firstName: 'Deleted', lastName: 'user' } as const;

const distinct = (ids: Iterable<number>, except?: number) => [...new Set(ids)].filter((id) => id !== except);

/** Everyone whose lists show this account: both sides of its matches, its conversation partners. */
async function peopleWhoSeeAccount(tx: DbExecutor, userId: number): Promise<number[]> {
  const pairs = await tx
    .select({ startupId: matches.startupId, investorId: matches.investorId })
    .from(matches)
    .where(or(eq(matches.startupId, userId), eq(matches.investorId, userId)));
  const partners = await tx
    .selectDistinct({ id: sql<number>`case when ${messages.senderId} = ${userId} then ${messages.receiverId} else ${messages.senderId} end` })
    .from(messages)
    .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)));
  return distinct([...pairs.flatMap((pair) => [pair.startupId, pair.investorId]), ...partners.map((row) => Number(row.id))], userId);
}

/**
 * DELETE /api/account: checks the password through the sign-in throttle (a wrong one is a 400 that
 * counts as a failed sign-in; a throttled account gets 429), then erases the account in one
 * transaction. What goes and what stays is listed in docs/operations.md, "Retention and deletion".
 */
export async function deleteAccount(ctx: SignedInAuthContext, input: DeleteAccountBody & { ip: string }): Promise<void> {
  const row = await loadOwnAccount(ctx);
  await confirmPassword(ctx, { row, password: input.password, ip: input.ip, field: 'password', during: 'delete_account' });
  const userId = row.id;

  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    // The row lock orders this deletion against anything that would attach new rows to the account
    // meanwhile (match generation locks its candidates' rows too), and against a second deletion.
    const [locked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!locked) throw unauthenticated();

    // Read before the rows that say so are deleted: who must hear that their lists changed.
    const audience = await peopleWhoSeeAccount(tx, userId);
    const ownDocuments = await tx.select({ id: documents.id, storageKey: documents.storageKey }).from(documents).where(eq(documents.userId, userId));
    const ownDocumentIds = ownDocuments.map((document) => document.id);
    // Every earlier version's bytes go too (issue #21): read now, before deleting the documents cascades their versions away.
    const versionKeys =
      ownDocumentIds.length === 0
        ? []
        : (
            await tx.selectDistinct({ key: documentVersions.storageKey }).from(documentVersions).where(inArray(documentVersions.documentId, ownDocumentIds))
          ).map((row) => row.key);
    const grantees =
      ownDocumentIds.length === 0
        ? []
        : await tx.selectDistinct({ id: documentAccess.userId }).from(documentAccess).where(inArray(documentAccess.documentId, ownDocumentIds));
    const sharingOwners = await tx
      .selectDistinct({ id: documents.userId })
      .from(documentAccess)
      .innerJoin(documents, eq(documents.id, documentAccess.documentId))
      .where(eq(documentAccess.userId, userId));
    const linkedPortfolios = await tx
      .selectDistinct({ id: portfolioCompanies.investorId })
      .from(portfolioCompanies)
      .where(and(eq(portfolioCompanies.startupId, userId), ne(portfolioCompanies.investorId, userId)));

    // The data room: views of the caller's documents and the caller's own views of others' (what
    // they read is theirs to erase), every grant the caller gave or held, the documents themselves.
    const ownDocumentsQuery = tx.select({ id: documents.id }).from(documents).where(eq(documents.userId, userId));
    await tx.delete(documentViews).where(or(inArray(documentViews.documentId, ownDocumentsQuery), eq(documentViews.viewerId, userId)));
    await tx
      .delete(documentAccess)
      .where(or(inArray(documentAccess.documentId, ownDocumentsQuery), eq(documentAccess.userId, userId), eq(documentAccess.grantedBy, userId)));
    await tx.delete(documents).where(eq(documents.userId, userId));
    await tx.delete(dataRoomSettings).where(eq(dataRoomSettings.startupId, userId));

    // Matching: every pair (and its decisions, both sides'), the plans the pairs shared (nobody
    // can open them once the pair is gone), and what the engine learned about the caller.
    await tx.delete(matchDecisions).where(
      inArray(
        matchDecisions.matchId,
        tx
          .select({ id: matches.id })
          .from(matches)
          .where(or(eq(matches.startupId, userId), eq(matches.investorId, userId))),
      ),
    );
    await tx.delete(matches).where(or(eq(matches.startupId, userId), eq(matches.investorId, userId)));
    await tx.delete(milestones).where(or(eq(milestones.startupId, userId), eq(milestones.investorId, userId)));
    await tx.delete(matchingUserState).where(eq(matchingUserState.userId, userId));

    // An investor's portfolio is theirs and goes; another investor's record of having backed this
    // startup is that investor's, and stays, no longer linked to the account (as the foreign key's
    // ON DELETE SET NULL would do if the row were deleted).
    await tx.delete(portfolioCompanies).where(eq(portfolioCompanies.investorId, userId));
    await tx.update(portfolioCompanies).set({ startupId: null }).where(eq(portfolioCompanies.startupId, userId));

    await tx.delete(startupProfiles).where(eq(startupProfiles.userId, userId));
    await tx.delete(investorProfiles).where(eq(investorProfiles.userId, userId));
    await tx.delete(activities).where(eq(activities.userId, userId));
    // The row stays (anonymised), so the foreign key's cascade never fires: delete them here.
    await tx.delete(notifications).where(eq(notifications.recipientId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(notificationEmails).where(eq(notificationEmails.userId, userId));
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    // The user row stays (anonymised), so nothing cascades: the public track record goes here.
    await tx.delete(trackRecordInvestments).where(eq(trackRecordInvestments.investorId, userId));
    // The caller's own blocks go. A block someone else placed on the caller stays: it is theirs, and
    // it keeps the conversation they chose to hide out of their list (docs/decisions/0040).
    await tx.delete(blocks).where(eq(blocks.blockerId, userId));
    await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
    // Waiting or finished jobs about the account (re-scores, learning, verification and notice
    // emails) would act on a deleted account, and their payloads hold its address. A running one
    // belongs to a worker; it finds nothing left to act on.
    const address = row.email.toLowerCase();
    await tx
      .delete(jobs)
      .where(
        and(
          ne(jobs.state, 'running'),
          sql`(${jobs.payload}->>'userId' = ${String(userId)} or lower(${jobs.payload}->>'email') = ${address} or lower(${jobs.payload}->'template'->>'to') = ${address})`,
        ),
      );

    // Every session ends: open streams close and session caches forget, on every instance.
    await endUserSessions(txCtx, { userId });
    await tx
      .update(users)
      .set({
        username: deletedUsername(userId),
        email: deletedEmail(userId),
        pendingEmail: null,
        emailVerifiedAt: null,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        ...DELETED_USER_NAME,
        // The database's clock, as every profile's updated_at: the matching engines compare the two.
        deletedAt: sql`now()`,
      })
      .where(eq(users.id, userId));

    const blobKeys = [...new Set([...ownDocuments.flatMap((document) => (document.storageKey ? [document.storageKey] : [])), ...versionKeys])];
    if (blobKeys.length > 0) await ctx.jobs.enqueue(tx, DELETE_ACCOUNT_BLOBS_JOB, { keys: blobKeys }, { maxAttempts: BLOB_JOB_MAX_ATTEMPTS });

    // Their match lists, conversation lists, feeds and dashboards show the account: cached answers
    // go (http/answer-cache.ts). Document lists have a browser event of their own.
    await ctx.events.publish(tx, distinct([...audience, ...linkedPortfolios.map((r) => r.id)]), { type: 'reads_changed' });
    const documentAudience = distinct([...grantees.map((r) => r.id), ...sharingOwners.map((r) => r.id)], userId);
    if (documentAudience.length > 0) await ctx.events.publish(tx, documentAudience, { type: 'documents_changed', documentId: null });
    // Counts only: the log outlives the account and must not keep what was erased.
    await recordSecurityEvent(txCtx, {
      eventType: 'account_deleted',
      userId,
      ip: input.ip,
      detail: { userType: row.userType, documents: blobKeys.length, counterparts: audience.length },
    });
  });
}

/** A blob-cleanup job's context: it runs for nobody and needs only the store. */
export interface AccountBlobsContext extends Pick<ServiceContext<Actor | null>, 'db' | 'clock' | 'actor'> {
  blobs: BlobStore;
}

/**
 * The DELETE_ACCOUNT_BLOBS_JOB handler: deletes each object (deleting a missing one is not an
 * error, so a retry after a partial run just carries on). Any failure rethrows, and the queue
 * retries the whole list.
 */
export async function deleteAccountBlobs(ctx: AccountBlobsContext, input: { keys: unknown }): Promise<void> {
  const keys = Array.isArray(input.keys) ? input.keys.filter((key): key is string => typeof key === 'string') : [];
  for (const key of keys) {
    // Only document objects: a payload is data, and this job must never reach anything else.
    if (!key.startsWith('documents/')) continue;
    await ctx.blobs.delete(key);
  }
}
