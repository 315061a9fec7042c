// Messaging (issue #6; docs/messaging.md): messages, conversation summaries, sending and reads.
import { z } from 'zod';
import { USER_TYPES } from '../enums';
import { boundedIntParam, idField, idParam } from './common';
import { defineEndpoint } from './endpoint';

export const MAX_MESSAGE_LENGTH = 5000;
export const MESSAGE_PAGE_SIZE = 50;

export const Message = z.object({
  id: z.number(),
  senderId: z.number(),
  receiverId: z.number(),
  content: z.string(),
  read: z.boolean(),
  sentAt: z.string(),
});
export type Message = z.infer<typeof Message>;

/** Content is trimmed; empty or whitespace-only is not sent. */
export const SendMessageBody = z.strictObject({
  receiverId: idField('Choose who to send the message to'),
  content: z
    .string({ error: 'Write a message first' })
    .trim()
    .min(1, 'Write a message first')
    .max(MAX_MESSAGE_LENGTH, 'Messages can be at most 5,000 characters'),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** One page of a thread, oldest to newest; `olderCursor` fetches the page before it. */
export const MessagePage = z.object({ items: z.array(Message), olderCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof MessagePage>;

const ThreadQuery = z.strictObject({
  before: z.string().max(100).optional(),
  limit: boundedIntParam(1, 100, 'limit must be between 1 and 100').optional(),
});

export const ConversationSummary = z.object({
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  /** The partner's company or firm, when they have a profile. */
  organization: z.string().nullable(),
  avatar: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageTime: z.string().nullable(),
  unreadCount: z.number().int(),
  userType: z.enum(USER_TYPES),
  /** The last message the caller sent that the partner has read (for the "Seen" marker). */
  lastReadByPartnerId: z.number().nullable(),
  /** Whether the pair is connected now: only then can either send. Otherwise the thread is read-only history. */
  connected: z.boolean(),
  /** The pair's match (for Disconnect from the conversation), or null when they have none (a block removes it). */
  matchId: z.number().nullable(),
  /** Which side ended the pair's last connection, while they are not connected again; null otherwise. */
  connectionEndedBy: z.enum(USER_TYPES).nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

const partnerIdSchema = idParam('The partner id must be a positive whole number.');

export const listConversations = defineEndpoint({ method: 'GET', path: '/api/messages/conversations', response: z.array(ConversationSummary) });
export const getThread = defineEndpoint({
  method: 'GET',
  path: '/api/messages/:partnerId',
  params: z.strictObject({ partnerId: partnerIdSchema }),
  query: ThreadQuery,
  response: MessagePage,
});
/** The spec's other form of the thread read, with the partner in the query. */
export const getThreadByQuery = defineEndpoint({
  method: 'GET',
  path: '/api/messages',
  query: ThreadQuery.extend({ partnerId: partnerIdSchema }),
  response: MessagePage,
});
export const sendMessage = defineEndpoint({ method: 'POST', path: '/api/messages', body: SendMessageBody, response: Message, successStatus: 201 });
export const markMessageRead = defineEndpoint({ method: 'POST', path: '/api/messages/:id/read', params: z.strictObject({ id: idParam() }), response: Message });
/** Marks every unread message from the partner as read, in one call, when a chat opens. */
export const markThreadRead = defineEndpoint({
  method: 'POST',
  path: '/api/messages/:partnerId/read-all',
  params: z.strictObject({ partnerId: partnerIdSchema }),
  response: z.object({ marked: z.number().int() }),
});
export const getUnreadCount = defineEndpoint({ method: 'GET', path: '/api/messages/unread-count', response: z.object({ unread: z.number().int() }) });
