// Messaging between connected startups and investors: sending (connections only: both accepted), threads
// with keyset pagination, read receipts, conversation summaries, and the live events that make
// new messages appear at once in every tab of both users.
import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { ConversationSummary, Message, MessagePage, SendMessageBody } from '../../../shared/contracts/messages';
import { MESSAGE_PAGE_SIZE } from '../../../shared/contracts/messages';
import { forbidden, invalid, notFound } from '../../app-error';
import { queryRows, type AppDatabase } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor';
import { messages, users } from '../../db/schema';
import type { Actor } from '../../actor';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { markConversationNotificationRead, notify } from '../notifications';
import { areConnected, blockedByActorIds, connectedPartnerIds, isBlockedEitherWay, pairMatchesOfActor } from '../matching';

type MessageRow = typeof messages.$inferSelect;

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  senderId: row.senderId,
  receiverId: row.receiverId,
  content: row.content,
  read: row.read,
  sentAt: row.sentAt.toISOString(),
});

/** The messages between the actor and one partner, in either direction. */
const betweenActorAnd = (actor: Actor, partnerId: number) =>
  or(and(eq(messages.senderId, actor.id), eq(messages.receiverId, partnerId)), and(eq(messages.senderId, partnerId), eq(messages.receiverId, actor.id)));

/** A connection (both sides accepted the match) unlocks a conversation. */
export async function sendMessage(ctx: ServiceContext, input: SendMessageBody): Promise<Message> {
  const { actor } = ctx;
  if (input.receiverId === actor.id) throw invalid('You cannot send a message to yourself.', { receiverId: ['Choose someone else'] });
  if (!(await areConnected(ctx, input.receiverId))) {
    if (await isBlockedEitherWay(ctx, input.receiverId)) throw forbidden('You cannot message this person.');
    throw forbidden('You can message only people you are connected with: both of you must accept the match.');
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({ senderId: actor.id, receiverId: input.receiverId, content: input.content, sentAt: ctx.clock() })
      .returning();
    const [receiver] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, input.receiverId));
    await recordActivity(inTransaction(ctx, tx), {
      userId: actor.id,
      activityType: 'message_sent',
      entityId: row!.id,
      description: `Sent a message to ${receiver!.firstName} ${receiver!.lastName}`,
    });
    // Both users: the receiver sees it arrive, the sender's other tabs stay in step.
    await ctx.events.publish(tx, [actor.id, input.receiverId], { type: 'message', messageId: row!.id, senderId: actor.id, receiverId: input.receiverId });
    // One unread notification per conversation, counting its messages (ids only, never the text).
    await notify(inTransaction(ctx, tx), {
      recipientId: input.receiverId,
      type: 'message',
      payload: { partnerId: actor.id, count: 1, latestId: row!.id },
    });
    return toMessage(row!);
  });
}

/** One page of the thread with a partner, oldest to newest; the latest page first. */
export async function getThread(ctx: ServiceContext, query: { partnerId: number; before?: string; limit?: number }): Promise<MessagePage> {
  const { db, actor } = ctx;
  const { partnerId } = query;
  const limit = query.limit ?? MESSAGE_PAGE_SIZE;
  const before = query.before ? decodeCursor(query.before) : null;
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        betweenActorAnd(actor, partnerId), // only ever the caller's own conversation
        before ? or(lt(messages.sentAt, before.at), and(eq(messages.sentAt, before.at), lt(messages.id, before.id))) : undefined,
      ),
    )
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const oldest = page.at(-1);
  return { items: page.reverse().map(toMessage), olderCursor: rows.length > limit && oldest ? encodeCursor(oldest.sentAt, oldest.id) : null };
}

/** Marks one message read; only its receiver may (404 for anyone else). */
export async function markMessageRead(ctx: ServiceContext, messageId: number): Promise<Message> {
  const { actor } = ctx;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ read: true })
      .where(and(eq(messages.id, messageId), eq(messages.receiverId, actor.id)))
      .returning();
    if (!row) throw notFound('This message does not exist.');
    await ctx.events.publish(tx, [row.senderId, actor.id], {
      type: 'message_read',
      readerId: actor.id,
      partnerId: row.senderId,
      upToMessageId: row.id,
      count: 1,
    });
    return toMessage(row);
  });
}

/**
 * Marks every unread message from the partner read (the chat was opened). A thread may hold
 * thousands of unread messages: the statement answers only their count and newest id, and so
 * does the live event.
 */
export async function markThreadRead(ctx: ServiceContext, partnerId: number): Promise<{ marked: number }> {
  const { actor } = ctx;
  return ctx.db.transaction(async (tx) => {
    // Only messages to the caller: the receiver is the actor, never an input.
    const [result] = await queryRows<{ marked: number; up_to_message_id: number | null }>(
      tx,
      sql`with marked as (
            update messages set read = true
             where sender_id = ${partnerId} and receiver_id = ${actor.id} and not read
            returning id
          )
          select count(*)::int as marked, max(id) as up_to_message_id from marked`,
    );
    const marked = Number(result?.marked ?? 0);
    if (marked > 0) {
      const upToMessageId = Number(result!.up_to_message_id);
      await ctx.events.publish(tx, [partnerId, actor.id], { type: 'message_read', readerId: actor.id, partnerId, upToMessageId, count: marked });
    }
    // Reading the conversation reads its notification.
    await markConversationNotificationRead(inTransaction(ctx, tx), partnerId);
    return { marked };
  });
}

export async function countUnread(ctx: ServiceContext): Promise<number> {
  const [row] = await ctx.db
    .select({ value: count() })
    .from(messages)
    .where(and(eq(messages.receiverId, ctx.actor.id), eq(messages.read, false)));
  return row?.value ?? 0;
}

/**
 * One summary per partner: everyone the actor has exchanged messages with, plus every accepted
 * match (so a conversation can be started), newest activity first, partners without messages last.
 */
export async function listConversations(ctx: ServiceContext): Promise<ConversationSummary[]> {
  const rows = await conversationListStatement(ctx.db).execute({ me: ctx.actor.id });
  return rows.map((row) => ({
    userId: Number(row.user_id),
    firstName: row.first_name,
    lastName: row.last_name,
    organization: row.organization ?? null,
    avatar: row.avatar ?? null,
    lastMessage: row.last_message ?? null,
    lastMessageTime: row.last_message_time ? new Date(row.last_message_time).toISOString() : null,
    unreadCount: Number(row.unread_count),
    userType: row.user_type as ConversationSummary['userType'],
    lastReadByPartnerId: row.last_read_by_partner_id === null ? null : Number(row.last_read_by_partner_id),
    connected: row.match_status === 'accepted',
    matchId: row.match_id === null ? null : Number(row.match_id),
    connectionEndedBy: row.match_status === 'accepted' ? null : ((row.connection_ended_by as ConversationSummary['connectionEndedBy']) ?? null),
  }));
}

/**
 * The conversation list as one prepared statement (issue #16: building this SQL text on every
 * request was a tenth of its cost): a read model over the messages, the people and their
 * connections, one round trip, with the caller's id as its one placeholder.
 */
function prepareConversationList(db: AppDatabase) {
  const me = sql.placeholder('me');
  const caller = { actor: { id: me } };
  const list = sql`
    with partners as (
      select case when sender_id = ${me} then receiver_id else sender_id end as partner_id
        from messages where sender_id = ${me} or receiver_id = ${me}
      union
      ${connectedPartnerIds(caller)}
    )
    select u.id as user_id, u.first_name, u.last_name, u.user_type,
           coalesce(sp.company_name, ip.firm_name) as organization,
           coalesce(sp.logo, ip.logo) as avatar,
           last_message.content as last_message, last_message.sent_at as last_message_time,
           (select count(*)::int from messages m where m.sender_id = u.id and m.receiver_id = ${me} and not m.read) as unread_count,
           (select max(m.id) from messages m where m.sender_id = ${me} and m.receiver_id = u.id and m.read) as last_read_by_partner_id,
           pair.match_id, pair.match_status, pair.connection_ended_by
      from partners p
      join users u on u.id = p.partner_id
      left join ${pairMatchesOfActor(caller)} pair on pair.partner_id = u.id
      left join startup_profiles sp on sp.user_id = u.id
      left join investor_profiles ip on ip.user_id = u.id
      left join lateral (
        select m.content, m.sent_at from messages m
         where (m.sender_id = ${me} and m.receiver_id = u.id) or (m.sender_id = u.id and m.receiver_id = ${me})
         order by m.sent_at desc, m.id desc limit 1
      ) last_message on true
     -- Someone the caller blocked leaves their list; the history stays for the other side.
     where p.partner_id not in ${blockedByActorIds(caller)}
     order by last_message.sent_at desc nulls last, u.first_name, u.id`;
  // The statement sits in FROM so Drizzle can prepare it; its columns are read as they come.
  const column = <T>(name: string) => sql<T>`conversation.${sql.identifier(name)}`;
  return db
    .select({
      user_id: column<number>('user_id'),
      first_name: column<string>('first_name'),
      last_name: column<string>('last_name'),
      user_type: column<string>('user_type'),
      organization: column<string | null>('organization'),
      avatar: column<string | null>('avatar'),
      last_message: column<string | null>('last_message'),
      last_message_time: column<string | Date | null>('last_message_time'),
      unread_count: column<number>('unread_count'),
      last_read_by_partner_id: column<number | null>('last_read_by_partner_id'),
      match_id: column<number | null>('match_id'),
      match_status: column<string | null>('match_status'),
      connection_ended_by: column<string | null>('connection_ended_by'),
    })
    .from(sql`(${list}) as conversation`)
    .prepare('conversation_list');
}

const conversationListStatement = preparedOnce(prepareConversationList);

/** Distinct partners the actor has at least one message with, in either direction. */
export async function countActiveConversations(ctx: ServiceContext): Promise<number> {
  const { db, actor } = ctx;
  const partner = sql<number>`case when ${messages.senderId} = ${actor.id} then ${messages.receiverId} else ${messages.senderId} end`;
  const [row] = await db
    .select({ value: sql<number>`count(distinct ${partner})::int` })
    .from(messages)
    .where(or(eq(messages.senderId, actor.id), eq(messages.receiverId, actor.id)));
  return row?.value ?? 0;
}
