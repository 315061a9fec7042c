// Safety (issue #14; docs/connections.md, "Leaving and blocking"): who the user has blocked,
// blocking and unblocking, and reporting a user, a message or a document. A block (and so a
// report, which also blocks) ends the pair's match and connection, so it refreshes everything a
// connection shows: matches, conversations, the data room, plans and the dashboard.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { blockUser, listBlocks, unblockUser } from '@shared/contracts/blocks';
import { createReport, type CreateReportBody } from '@shared/contracts/reports';
import { activityKeys } from '@/features/activity/api';
import { dashboardKeys } from '@/features/dashboard/api';
import { dataRoomKeys } from '@/features/data-room/api';
import { matchKeys } from '@/features/matching/api';
import { messageKeys } from '@/features/messaging/api';
import { milestoneKeys } from '@/features/milestones/api';
import { api } from '@/lib/api';
import { toast, toastFailure } from '@/lib/use-toast';

export const blockKeys = {
  all: ['blocks'] as const,
};

export const blocksQuery = queryOptions({
  queryKey: blockKeys.all,
  queryFn: ({ signal }) => api(listBlocks, { signal }),
});

/** What ending a pair can change anywhere on screen. */
export const PAIR_ENDED_INVALIDATES = [
  blockKeys.all,
  matchKeys.all,
  messageKeys.all,
  dataRoomKeys.all,
  milestoneKeys.all,
  dashboardKeys.all,
  activityKeys.all,
] as const;

/** Someone on the other side, as the dialogs and toasts name them. */
export interface SafetySubject {
  userId: number;
  name: string;
}

/** POST /api/blocks. A failure shows in the dialog that asked (a toast under an open dialog is hidden from screen readers). */
export function useBlockUser() {
  return useMutation({
    mutationFn: (subject: SafetySubject) => api(blockUser, { body: { userId: subject.userId } }),
    meta: { invalidates: PAIR_ENDED_INVALIDATES, awaitsInvalidation: true },
    onSuccess: (_blocked, subject) =>
      toast({ title: `${subject.name} is blocked`, description: 'They can no longer see your profile or message you. You can unblock them in Settings.' }),
  });
}

/** DELETE /api/blocks/:userId. */
export function useUnblockUser() {
  return useMutation({
    mutationFn: (subject: SafetySubject) => api(unblockUser, { params: { userId: subject.userId } }),
    meta: { invalidates: [blockKeys.all, matchKeys.all] },
    onSuccess: (_ok, subject) =>
      toast({ title: `${subject.name} is unblocked`, description: 'They can see your profile again. To talk, you both need to connect again.' }),
    onError: (error, subject) => toastFailure(`unblock ${subject.name}`, error),
  });
}

/** POST /api/reports: the report goes to our team, and the user is blocked. */
export function useReport() {
  return useMutation({
    mutationFn: ({ body }: { body: CreateReportBody; subject: SafetySubject }) => api(createReport, { body }),
    meta: { invalidates: PAIR_ENDED_INVALIDATES, awaitsInvalidation: true },
    onSuccess: (_receipt, { subject }) =>
      toast({
        title: 'Thanks for telling us',
        description: `Our team will review your report. ${subject.name} is blocked, and will not know who reported them.`,
      }),
  });
}
