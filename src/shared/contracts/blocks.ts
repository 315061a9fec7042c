// Blocks (issue #14, "Leaving and blocking"; docs/connections.md): who the caller has blocked, and
// blocking and unblocking someone.
import { z } from 'zod';
import { USER_TYPES } from '../enums';
import { idField, idParam } from './common';
import { defineEndpoint } from './endpoint';

export const BlockedUser = z.object({
  userId: z.number(),
  userType: z.enum(USER_TYPES),
  /** Their company or firm name, or their username before they saved a profile. */
  name: z.string(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof BlockedUser>;

export const BlockUserBody = z.strictObject({ userId: idField('Choose who to block') });
export type BlockUserBody = z.infer<typeof BlockUserBody>;

export const listBlocks = defineEndpoint({ method: 'GET', path: '/api/blocks', response: z.array(BlockedUser) });
export const blockUser = defineEndpoint({ method: 'POST', path: '/api/blocks', body: BlockUserBody, response: BlockedUser, successStatus: 201 });
export const unblockUser = defineEndpoint({
  method: 'DELETE',
  path: '/api/blocks/:userId',
  params: z.strictObject({ userId: idParam() }),
  response: z.object({ ok: z.literal(true) }),
});
