// The investor track record (issue #19): the own record with add / edit / delete, the CSV import's
// preview and save, and the public record on an investor's profile.
import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  createTrackRecordInvestment,
  deleteTrackRecordInvestment,
  getInvestorTrackRecord,
  getOwnTrackRecord,
  importTrackRecord,
  previewTrackRecordImport,
  updateTrackRecordInvestment,
  type ImportMapping,
  type TrackRecordInvestment,
  type TrackRecordInvestmentInput,
} from '@shared/contracts/track-record';
import { api, apiRaw } from '@/lib/api';
import { toast, toastFailure } from '@/lib/use-toast';

export const trackRecordKeys = {
  all: ['track-record'] as const,
  own: () => [...trackRecordKeys.all, 'own'] as const,
  /** An investor's public record, by their user id. */
  ofInvestor: (id: number) => [...trackRecordKeys.all, 'investor', id] as const,
};

export const ownTrackRecordQuery = queryOptions({
  queryKey: trackRecordKeys.own(),
  queryFn: ({ signal }) => api(getOwnTrackRecord, { signal }),
});

export const investorTrackRecordQuery = (id: number) =>
  queryOptions({ queryKey: trackRecordKeys.ofInvestor(id), queryFn: ({ signal }) => api(getInvestorTrackRecord, { params: { id }, signal }) });

/** Every change moves the own list and the public view of it (the investor may have it open in another tab). */
const CHANGE_INVALIDATES = [trackRecordKeys.all];

export function useCreateInvestment() {
  return useMutation({
    mutationFn: (body: TrackRecordInvestmentInput) => api(createTrackRecordInvestment, { body }),
    meta: { invalidates: CHANGE_INVALIDATES },
    onSuccess: (investment) => toast({ title: 'Investment added', description: `${investment.companyName} has been added to your track record.` }),
  });
}

export function useUpdateInvestment() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TrackRecordInvestmentInput }) => api(updateTrackRecordInvestment, { params: { id }, body }),
    meta: { invalidates: CHANGE_INVALIDATES },
    onSuccess: (investment) => toast({ title: 'Investment updated', description: `${investment.companyName} has been updated.` }),
  });
}

export function useDeleteInvestment() {
  return useMutation({
    // 204 No Content: nothing to parse, so the raw response.
    mutationFn: async (investment: TrackRecordInvestment) => {
      await apiRaw(deleteTrackRecordInvestment, { params: { id: investment.id } });
    },
    meta: { invalidates: CHANGE_INVALIDATES },
    onSuccess: (_, investment) => toast({ title: 'Investment deleted', description: `${investment.companyName} has been deleted from your track record.` }),
    onError: (error) => toastFailure('delete investment', error),
  });
}

/** Reads the file on the server: nothing is saved. Errors are shown in the dialog, not as a toast. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (body: { csv: string; mapping?: ImportMapping }) => api(previewTrackRecordImport, { body }),
  });
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

export function useImportTrackRecord() {
  return useMutation({
    mutationFn: (body: { csv: string; mapping: ImportMapping }) => api(importTrackRecord, { body }),
    meta: { invalidates: CHANGE_INVALIDATES },
    onSuccess: ({ saved, rejected }) =>
      toast({
        title: 'Import finished',
        description: `${plural(saved, 'investment', 'investments')} imported${rejected.length > 0 ? `, ${plural(rejected.length, 'row', 'rows')} rejected` : ''}.`,
      }),
  });
}
