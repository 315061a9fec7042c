// How stored notifications read (docs/notifications.md): each row's sentence and link target,
// composed when read from the names and states as they are now, with one query per kind of thing
// a page mentions (people, documents, grants, milestones, matches), never one per row. Something
// gone since reads sensibly: "A deleted account", "a deleted document", and no target.
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Notification, NotificationTarget, NotificationType } from '../../../shared/contracts/notifications';
import { NEW_MATCH_NOTIFICATION_MIN_SCORE } from '../../../shared/contracts/notifications';
import { DECLINE_REASONS, type UserType } from '../../../shared/enums';
import { CONNECTION_REQUEST_EXPIRY_DAYS } from '../../../shared/contracts/intake';
import { documentAccess, documents, investorProfiles, matches, milestones, savedSearches, startupProfiles, users, type notifications } from '../../db/schema';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../service-context';

type NotificationRow = typeof notifications.$inferSelect;

interface Person {
  name: string;
  userType: UserType;
}

/** What a page's rows mention, loaded once for the page. */
interface Mentions {
  people: Map<number, Person>;
  documents: Map<number, string>;
  /** Documents the recipient can open now (a live grant). */
  grantedDocuments: Set<number>;
  milestones: Map<number, string>;
  /** The recipient's matches that still exist, by id, with their status (the tab they are on). */
  matchStatuses: Map<number, 'pending' | 'accepted' | 'rejected'>;
  /** The recipient's saved searches that still exist, by id, with their names. */
  savedSearches: Map<number, string>;
}

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const numbersOf = (value: unknown): number[] => (Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : []);
const documentIdsOf = (payload: Record<string, unknown>) => [...numbersOf(payload.documentIds), ...[numberOf(payload.documentId)].filter((id) => id !== null)];
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

async function loadMentions(ctx: Pick<ServiceContext, 'db' | 'clock'>, recipient: Actor, rows: NotificationRow[]): Promise<Mentions> {
  const { db } = ctx;
  const partnerIds = new Set<number>();
  const documentIds = new Set<number>();
  const milestoneIds = new Set<number>();
  const matchIds = new Set<number>();
  const savedSearchIds = new Set<number>();
  for (const row of rows) {
    const savedSearchId = numberOf(row.payload.savedSearchId);
    if (savedSearchId !== null) savedSearchIds.add(savedSearchId);
    const partnerId = numberOf(row.payload.partnerId);
    if (partnerId !== null) partnerIds.add(partnerId);
    for (const id of documentIdsOf(row.payload)) documentIds.add(id);
    const milestoneId = numberOf(row.payload.milestoneId);
    if (milestoneId !== null) milestoneIds.add(milestoneId);
    const matchId = numberOf(row.payload.matchId);
    if (matchId !== null) matchIds.add(matchId);
  }
  const none = Promise.resolve([]);
  const now = ctx.clock();
  const [people, documentRows, grantRows, milestoneRows, matchRows, savedSearchRows] = await Promise.all([
    partnerIds.size === 0
      ? none
      : db
          .select({
            id: users.id,
            userType: users.userType,
            firstName: users.firstName,
            lastName: users.lastName,
            deletedAt: users.deletedAt,
            firmName: investorProfiles.firmName,
            companyName: startupProfiles.companyName,
          })
          .from(users)
          .leftJoin(investorProfiles, eq(investorProfiles.userId, users.id))
          .leftJoin(startupProfiles, eq(startupProfiles.userId, users.id))
          .where(inArray(users.id, [...partnerIds])),
    documentIds.size === 0
      ? none
      : db
          .select({ id: documents.id, name: documents.name })
          .from(documents)
          .where(inArray(documents.id, [...documentIds])),
    documentIds.size === 0
      ? none
      : db
          .select({ documentId: documentAccess.documentId, expiresAt: documentAccess.expiresAt })
          .from(documentAccess)
          .where(and(eq(documentAccess.userId, recipient.id), isNull(documentAccess.revokedAt), inArray(documentAccess.documentId, [...documentIds]))),
    milestoneIds.size === 0
      ? none
      : db
          .select({ id: milestones.id, title: milestones.title })
          .from(milestones)
          .where(inArray(milestones.id, [...milestoneIds])),
    matchIds.size === 0
      ? none
      : db
          .select({ id: matches.id, status: matches.status })
          .from(matches)
          // Only the recipient's own matches lead anywhere.
          .where(and(inArray(matches.id, [...matchIds]), or(eq(matches.startupId, recipient.id), eq(matches.investorId, recipient.id)))),
    savedSearchIds.size === 0
      ? none
      : db
          .select({ id: savedSearches.id, name: savedSearches.name })
          .from(savedSearches)
          .where(and(inArray(savedSearches.id, [...savedSearchIds]), eq(savedSearches.userId, recipient.id))),
  ]);
  return {
    people: new Map(
      people.map((person) => [
        person.id,
        {
          name: person.deletedAt ? '' : (person.firmName ?? person.companyName ?? `${person.firstName} ${person.lastName}`),
          userType: person.userType,
        },
      ]),
    ),
    documents: new Map(documentRows.map((row) => [row.id, row.name])),
    grantedDocuments: new Set(grantRows.filter((grant) => !grant.expiresAt || grant.expiresAt > now).map((grant) => grant.documentId)),
    milestones: new Map(milestoneRows.map((row) => [row.id, row.title])),
    matchStatuses: new Map(matchRows.map((row) => [row.id, row.status as 'pending' | 'accepted' | 'rejected'])),
    savedSearches: new Map(savedSearchRows.map((row) => [row.id, row.name])),
  };
}

/** A sentence and a target for one type, from its payload and what the page loaded. */
type Composer = (payload: Record<string, unknown>, mentions: Mentions) => { sentence: string; target: NotificationTarget | null };

function partnerOf(payload: Record<string, unknown>, mentions: Mentions) {
  const id = numberOf(payload.partnerId);
  const person = id === null ? undefined : mentions.people.get(id);
  const isGone = !person || person.name === '';
  return {
    id: isGone ? null : id,
    /** At the start of a sentence. */
    Name: isGone ? 'A deleted account' : person.name,
    /** Inside a sentence. */
    name: isGone ? 'a deleted account' : person.name,
  };
}

function documentNameOf(id: number | null, mentions: Mentions): string {
  const name = id === null ? undefined : mentions.documents.get(id);
  return name ?? 'a deleted document';
}

/** A match's target on the tab it is on now; none once the match is gone (a block, a deleted account). */
function matchTarget(payload: Record<string, unknown>, mentions: Mentions, partnerId: number | null): NotificationTarget | null {
  const matchId = numberOf(payload.matchId);
  const tab = matchId === null ? undefined : mentions.matchStatuses.get(matchId);
  return matchId !== null && tab && partnerId !== null ? { kind: 'match', matchId, tab } : null;
}

const MILESTONE_CHANGES: Record<string, string> = {
  created: 'added the milestone',
  started: 'started the milestone',
  completed: 'completed the milestone',
  edited: 'edited the milestone',
};

/** A Record, so a new notification type cannot ship without a sentence and a target. */
const COMPOSERS: Record<NotificationType, Composer> = {
  connection_requested: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    return { sentence: `${partner.Name} wants to connect with you`, target: matchTarget(payload, mentions, partner.id) };
  },
  connection_made: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    return { sentence: `You are now connected with ${partner.name}`, target: matchTarget(payload, mentions, partner.id) };
  },
  connection_declined: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    const reason = DECLINE_REASONS.find((candidate) => candidate.value === payload.reason)?.label;
    return {
      sentence: `${partner.Name} declined your match${reason ? `: ${reason.toLowerCase()}` : ''}`,
      target: matchTarget(payload, mentions, partner.id),
    };
  },
  connection_ended: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    return { sentence: `${partner.Name} ended your connection`, target: matchTarget(payload, mentions, partner.id) };
  },
  connection_request_expired: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    return {
      sentence: `Your request to ${partner.name} expired after ${CONNECTION_REQUEST_EXPIRY_DAYS} days without an answer`,
      target: matchTarget(payload, mentions, partner.id),
    };
  },
  document_opened: (payload, mentions) => {
    // A secure link's visitor without an account is named by the email they verified (issue #20).
    const visitorEmail = typeof payload.visitorEmail === 'string' && numberOf(payload.partnerId) === null ? payload.visitorEmail : null;
    const partner = visitorEmail ? { Name: `${visitorEmail} (secure link)` } : partnerOf(payload, mentions);
    const documentId = numberOf(payload.documentId);
    const durationMs = numberOf(payload.durationMs);
    // Rounded up: a view that closed after 20 seconds still reads "· 1 min".
    const spent = durationMs === null ? '' : ` · ${Math.max(1, Math.ceil(durationMs / 60_000))} min`;
    const isThere = documentId !== null && mentions.documents.has(documentId);
    return {
      sentence: `${partner.Name} opened ${documentNameOf(documentId, mentions)}${spent}`,
      target: isThere ? { kind: 'document_analytics', documentId } : null,
    };
  },
  document_access_granted: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    const ids = documentIdsOf(payload);
    const only = ids.length === 1 ? ids[0]! : null;
    const what = only !== null ? documentNameOf(only, mentions) : plural(ids.length, 'document', 'documents');
    return {
      sentence: `${partner.Name} shared ${what} with you`,
      target: { kind: 'shared_documents', documentId: only !== null && mentions.grantedDocuments.has(only) ? only : null },
    };
  },
  document_access_revoked: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    const ids = documentIdsOf(payload);
    const what = ids.length === 1 ? documentNameOf(ids[0]!, mentions) : plural(ids.length, 'document', 'documents');
    return { sentence: `${partner.Name} took back your access to ${what}`, target: { kind: 'shared_documents', documentId: null } };
  },
  // Issue #20: a grant reached its end date (the expiry job). The founder sees whose access ended.
  document_access_expired: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    const documentId = numberOf(payload.documentId);
    const isThere = documentId !== null && mentions.documents.has(documentId);
    return {
      sentence: `Access to ${documentNameOf(documentId, mentions)} for ${partner.name} ended`,
      target: isThere ? { kind: 'document_analytics', documentId } : null,
    };
  },
  shared_document_expired: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    const documentId = numberOf(payload.documentId);
    return {
      sentence: `Your access to ${documentNameOf(documentId, mentions)} from ${partner.name} ended`,
      target: { kind: 'shared_documents', documentId: documentId !== null && mentions.grantedDocuments.has(documentId) ? documentId : null },
    };
  },
  // Issue #21: the document keeps its id, so the investor's link opens the new version.
  document_new_version: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    const documentId = numberOf(payload.documentId);
    return {
      sentence: `${partner.Name} uploaded a new version of ${documentNameOf(documentId, mentions)}`,
      target: { kind: 'shared_documents', documentId: documentId !== null && mentions.grantedDocuments.has(documentId) ? documentId : null },
    };
  },
  milestone_changed: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    const title = mentions.milestones.get(numberOf(payload.milestoneId) ?? -1);
    const change = typeof payload.change === 'string' ? payload.change : '';
    const sentence =
      change === 'removed' || title === undefined
        ? `${partner.Name} ${change === 'removed' ? 'removed' : 'changed'} a milestone of your plan`
        : `${partner.Name} ${MILESTONE_CHANGES[change] ?? 'changed the milestone'} "${title}"`;
    return { sentence, target: partner.id === null ? null : { kind: 'milestones', partnerId: partner.id } };
  },
  milestone_due: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    const title = mentions.milestones.get(numberOf(payload.milestoneId) ?? -1);
    const date = typeof payload.date === 'string' ? payload.date : '';
    return {
      sentence: title === undefined ? `A milestone with ${partner.name} was due on ${date}` : `"${title}" with ${partner.name} is due on ${date}`,
      target: partner.id === null ? null : { kind: 'milestones', partnerId: partner.id },
    };
  },
  new_matches: (payload) => {
    const count = numberOf(payload.count) ?? 1;
    // The recipient's threshold when it was delivered (their preference); older rows used the default.
    const minScore = numberOf(payload.minScore) ?? NEW_MATCH_NOTIFICATION_MIN_SCORE;
    return {
      sentence: `${plural(count, 'new match', 'new matches')} scoring ${minScore} or more`,
      target: { kind: 'matches' },
    };
  },
  message: (payload, mentions) => {
    const partner = partnerOf(payload, mentions);
    const count = numberOf(payload.count) ?? 1;
    return {
      sentence: count === 1 ? `${partner.Name} sent you a message` : `${partner.Name} sent you ${count} messages`,
      target: partner.id === null ? null : { kind: 'conversation', partnerId: partner.id },
    };
  },
  saved_search_matches: (payload, mentions) => {
    const savedSearchId = numberOf(payload.savedSearchId);
    const name = savedSearchId === null ? undefined : mentions.savedSearches.get(savedSearchId);
    const count = numberOf(payload.count) ?? 1;
    const profiles = plural(count, 'new profile matches', 'new profiles match');
    // A deleted saved search still says what happened, and leads nowhere.
    return name === undefined || savedSearchId === null
      ? { sentence: `${profiles} a search you saved`, target: null }
      : { sentence: `${profiles} your saved search "${name}"`, target: { kind: 'saved_search', savedSearchId } };
  },
};

/** The page's rows as the client shows them, in the same order. */
export async function composeNotifications(ctx: Pick<ServiceContext, 'db' | 'clock' | 'actor'>, rows: NotificationRow[]): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const mentions = await loadMentions(ctx, ctx.actor, rows);
  return rows.map((row) => {
    // A type this server no longer writes still shows, without a place to go.
    const composed = Object.hasOwn(COMPOSERS, row.type)
      ? COMPOSERS[row.type as NotificationType](row.payload, mentions)
      : { sentence: 'Something changed', target: null };
    return {
      id: row.id,
      type: row.type,
      sentence: composed.sentence,
      target: composed.target,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt ? row.readAt.toISOString() : null,
    };
  });
}
