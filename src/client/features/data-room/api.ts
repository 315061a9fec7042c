// The data room's server calls (issue #5): document lists, the upload with real progress, delete,
// per-investor access, view tracking, auto-share settings and engagement. Everything a change
// can affect is refetched after it (the mutations' `meta`), and live `documents_changed` events
// refetch other screens (lib/live-event-invalidations).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteDocument,
  endDocumentView,
  getDataRoomSettings,
  getDocumentContent,
  grantDocumentAccess,
  listDocumentAccess,
  listDocuments,
  listInvestorEngagement,
  listShareCandidates,
  revokeDocumentAccess,
  shareWholeRoom,
  startDocumentView,
  updateDataRoomSettings,
  updateDocumentAccess,
  updateDocumentSettings,
  uploadDocument,
  type DataRoomSettings,
  type DocumentCategory,
  type DocumentSummary,
} from '@shared/contracts/documents';
import {
  acceptDocumentNda,
  downloadNdaAcceptanceLog,
  downloadNdaCertificate,
  getDocumentNdaGate,
  getNdaSettings,
  listNdaAcceptances,
  updateNdaSettings,
} from '@shared/contracts/nda';
import {
  getDocumentInsight,
  getDocumentVersionContent,
  getViewerPath,
  listDocumentVersions,
  recordPageTime,
  restoreDocumentVersion,
  uploadDocumentVersion,
} from '@shared/contracts/document-insight';
import { activityKeys } from '@/features/activity/api';
import { dashboardKeys } from '@/features/dashboard/api';
import { api, apiRaw, apiUpload, apiUrl } from '@/lib/api';
import { toast, toastFailure } from '@/lib/use-toast';
import type { PreviewKind } from './document-format';
import type { PageTime } from './page-time';

/** Every data room query (both roles' lists, access, bytes, settings) starts with `all`. */
export const dataRoomKeys = {
  all: ['data-room'] as const,
  /** The startup's own documents, or the documents shared with the investor. */
  documents: () => [...dataRoomKeys.all, 'documents'] as const,
  access: (documentId: number) => [...dataRoomKeys.all, 'document', documentId, 'access'] as const,
  /** A document's bytes for a previewer; never kept (gcTime 0). */
  content: (documentId: number, kind: PreviewKind) => [...dataRoomKeys.all, 'document', documentId, 'content', kind] as const,
  shareCandidates: () => [...dataRoomKeys.all, 'share-candidates'] as const,
  settings: () => [...dataRoomKeys.all, 'settings'] as const,
  engagement: () => [...dataRoomKeys.all, 'engagement'] as const,
  /** Issue #20: the founder's NDA settings and the acceptance log. */
  nda: () => [...dataRoomKeys.all, 'nda'] as const,
  ndaAcceptances: () => [...dataRoomKeys.all, 'nda', 'acceptances'] as const,
  /** The investor's view of one document's NDA gate. */
  ndaGate: (documentId: number) => [...dataRoomKeys.all, 'document', documentId, 'nda'] as const,
};

export const documentsQuery = queryOptions({
  queryKey: dataRoomKeys.documents(),
  queryFn: ({ signal }) => api(listDocuments, { signal }),
});

export const documentAccessQuery = (documentId: number) =>
  queryOptions({
    queryKey: dataRoomKeys.access(documentId),
    queryFn: ({ signal }) => api(listDocumentAccess, { params: { id: documentId }, signal }),
  });

export const shareCandidatesQuery = queryOptions({
  queryKey: dataRoomKeys.shareCandidates(),
  queryFn: ({ signal }) => api(listShareCandidates, { signal }),
});

export const dataRoomSettingsQuery = queryOptions({
  queryKey: dataRoomKeys.settings(),
  queryFn: ({ signal }) => api(getDataRoomSettings, { signal }),
});

export const investorEngagementQuery = queryOptions({
  queryKey: dataRoomKeys.engagement(),
  queryFn: ({ signal }) => api(listInvestorEngagement, { signal }),
});

export const ndaSettingsQuery = queryOptions({
  queryKey: dataRoomKeys.nda(),
  queryFn: ({ signal }) => api(getNdaSettings, { signal }),
});

export const ndaAcceptancesQuery = queryOptions({
  queryKey: dataRoomKeys.ndaAcceptances(),
  queryFn: ({ signal }) => api(listNdaAcceptances, { signal }),
});

export const documentNdaGateQuery = (documentId: number) =>
  queryOptions({
    queryKey: dataRoomKeys.ndaGate(documentId),
    queryFn: ({ signal }) => api(getDocumentNdaGate, { params: { id: documentId }, signal }),
    // The founder may publish a new version at any time: read the text fresh each time the gate opens.
    staleTime: 0,
  });

/** The acceptance log as a CSV attachment, and one acceptance's PDF certificate. */
export const ndaAcceptanceLogUrl = apiUrl(downloadNdaAcceptanceLog);
export const ndaCertificateUrl = (acceptanceId: number) => apiUrl(downloadNdaCertificate, { params: { id: acceptanceId } });

/** Where a document's bytes are read; every read passes the server's permission check. */
export function documentContentUrl(documentId: number, disposition: 'inline' | 'attachment' = 'attachment'): string {
  return apiUrl(getDocumentContent, { params: { id: documentId }, query: disposition === 'inline' ? { disposition } : {} });
}

/**
 * The file to keep (`download=1`): the server refuses it when the grant is view only, and stamps a
 * watermarked PDF with the viewer's name on every page.
 */
export function documentDownloadUrl(documentId: number): string {
  return apiUrl(getDocumentContent, { params: { id: documentId }, query: { download: '1' } });
}

/** Fetches a document's bytes for a previewer; fails with the server's sentence (e.g. access revoked). */
export function fetchDocumentContent(documentId: number, signal?: AbortSignal): Promise<Response> {
  return apiRaw(getDocumentContent, { params: { id: documentId }, query: { disposition: 'inline' }, signal });
}

export interface UploadInput {
  file: File;
  name: string;
  category: DocumentCategory;
  /** Called with 0–1 as the bytes leave the browser. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST /api/documents with real progress (lib/api's apiUpload). */
export function uploadWithProgress({ file, name, category, onProgress, signal }: UploadInput): Promise<DocumentSummary> {
  // Fields first: the server reads the parts in order and the file is the big one.
  const form = new FormData();
  form.set('type', category);
  if (name.trim()) form.set('name', name.trim());
  form.set('file', file);
  return apiUpload(uploadDocument, {
    form,
    onProgress,
    signal,
    // A proxy in front of the server may refuse the body before the server can say so.
    describeFailure: (status) => (status === 413 ? 'This file is larger than 10 MB. Upload a smaller file.' : undefined),
  });
}

/** Everything a data room change can alter: lists, access, counts on the dashboard, the feed. */
const DATA_ROOM_CHANGE_INVALIDATES = [dataRoomKeys.all, dashboardKeys.all, activityKeys.all];

export function useUploadDocument() {
  return useMutation({
    mutationFn: uploadWithProgress,
    meta: { invalidates: DATA_ROOM_CHANGE_INVALIDATES },
  });
}

export function useDeleteDocument() {
  return useMutation({
    mutationFn: (document: { id: number; name: string }) => api(deleteDocument, { params: { id: document.id } }),
    meta: { invalidates: DATA_ROOM_CHANGE_INVALIDATES },
    onSuccess: () => toast({ title: 'Document deleted', description: 'The document has been deleted successfully.' }),
    onError: (error) => toastFailure('delete document', error),
  });
}

/** How long a grant lasts and whether it allows downloads (null: no end date). */
export interface GrantSettings {
  expiresAt: string | null;
  canDownload: boolean;
}

export function useGrantAccess(document: { id: number; name: string }) {
  return useMutation({
    mutationFn: (investor: { userId: number; firmName: string; settings?: GrantSettings }) =>
      api(grantDocumentAccess, { params: { id: document.id }, body: { userId: investor.userId, ...investor.settings } }),
    meta: { invalidates: DATA_ROOM_CHANGE_INVALIDATES },
    onSuccess: (_grant, investor) => toast({ title: 'Document shared', description: `${investor.firmName} can now open "${document.name}".` }),
    onError: (error) => toast({ title: 'Sharing failed', description: error.message, variant: 'destructive' }),
  });
}

export function useRevokeAccess(document: { id: number; name: string }) {
  return useMutation({
    mutationFn: (investor: { userId: number; firmName: string }) => api(revokeDocumentAccess, { params: { id: document.id, userId: investor.userId } }),
    meta: { invalidates: DATA_ROOM_CHANGE_INVALIDATES },
    onSuccess: (_result, investor) => toast({ title: 'Access removed', description: `${investor.firmName} can no longer open "${document.name}".` }),
    onError: (error) => toast({ title: 'Removing access failed', description: error.message, variant: 'destructive' }),
  });
}

/** Changes a live grant's end date or download switch. */
export function useUpdateGrant(document: { id: number; name: string }) {
  return useMutation({
    mutationFn: (change: { userId: number; firmName: string; settings: Partial<GrantSettings> }) =>
      api(updateDocumentAccess, { params: { id: document.id, userId: change.userId }, body: change.settings }),
    meta: { invalidates: DATA_ROOM_CHANGE_INVALIDATES },
    onSuccess: (_grant, change) => toast({ title: 'Access updated', description: `${change.firmName}'s access to "${document.name}" was updated.` }),
    onError: (error) => toast({ title: 'Updating access failed', description: error.message, variant: 'destructive' }),
  });
}

/** Shares every document of the room with one investor, with the same settings. */
export function useShareWholeRoom() {
  return useMutation({
    mutationFn: (input: { userId: number; firmName: string; settings: GrantSettings }) =>
      api(shareWholeRoom, { body: { userId: input.userId, ...input.settings } }),
    meta: { invalidates: DATA_ROOM_CHANGE_INVALIDATES },
    onSuccess: ({ sharedCount }, input) =>
      toast({ title: 'Data room shared', description: `${input.firmName} can now open ${sharedCount === 1 ? '1 document' : `${sharedCount} documents`}.` }),
    onError: (error) => toast({ title: 'Sharing failed', description: error.message, variant: 'destructive' }),
  });
}

/** The owner's per-document switches: watermark and NDA. */
export function useUpdateDocumentSettings() {
  return useMutation({
    mutationFn: (change: { id: number; name: string; watermark?: boolean; ndaRequired?: boolean }) =>
      api(updateDocumentSettings, { params: { id: change.id }, body: { watermark: change.watermark, ndaRequired: change.ndaRequired } }),
    meta: { invalidates: DATA_ROOM_CHANGE_INVALIDATES },
    onSuccess: (saved) =>
      toast({
        title: 'Document updated',
        description: `"${saved.name}": watermark ${saved.watermark ? 'on' : 'off'}, NDA ${saved.ndaRequired ? 'required' : 'not required on its own'}.`,
      }),
    onError: (error) => toast({ title: 'Saving failed', description: error.message, variant: 'destructive' }),
  });
}

export function useUpdateNdaSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { requiredForWholeRoom: boolean; text?: string; source?: 'template' | 'custom' }) => api(updateNdaSettings, { body }),
    meta: { invalidates: [dataRoomKeys.documents(), dataRoomKeys.ndaAcceptances()] },
    onSuccess: (saved) => {
      queryClient.setQueryData(ndaSettingsQuery.queryKey, saved);
      toast({
        title: 'NDA saved',
        description: saved.current ? `Version ${saved.current.version} is in force.` : 'No NDA text is saved yet.',
      });
    },
    onError: (error) => toastFailure('save the NDA', error),
  });
}

/** The investor accepts the NDA of a document's room (the version they read, by its hash). */
export function useAcceptNda(documentId: number) {
  return useMutation({
    mutationFn: (body: { fullName: string; agree: true; contentHash: string }) => api(acceptDocumentNda, { params: { id: documentId }, body }),
    meta: { invalidates: [dataRoomKeys.documents(), dataRoomKeys.ndaGate(documentId)] },
  });
}

export function useUpdateDataRoomSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DataRoomSettings) => api(updateDataRoomSettings, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(dataRoomSettingsQuery.queryKey, saved);
      toast({
        title: 'Sharing settings saved',
        description: saved.autoShareCategories.length
          ? 'These document types will be shared when you connect with an investor.'
          : 'Nothing will be shared automatically when you connect with an investor.',
      });
    },
    onError: (error) => toastFailure('save sharing settings', error),
  });
}

/**
 * Records that the signed-in investor opened a document, and for how long the preview stayed
 * open. The close is sent with keepalive so it survives the tab being closed.
 */
export async function openDocumentView(documentId: number): Promise<number | null> {
  const { viewId } = await api(startDocumentView, { params: { id: documentId } });
  return viewId;
}

export function closeDocumentView(documentId: number, viewId: number, durationMs: number): void {
  // The server caps a view at 24 hours; a tab left open longer is still one long view.
  const body = { durationMs: Math.min(Math.max(0, Math.round(durationMs)), 24 * 60 * 60 * 1000) };
  void api(endDocumentView, { params: { id: documentId, viewId }, body, keepalive: true }).catch(() => {});
}

// --- Issue #21: time on each page, and the founder's insight into one document -------------------

/**
 * Sends one batch of page time for a view. On close it goes by `sendBeacon`, which the browser
 * delivers even as the page unloads; where a beacon is refused, a keepalive fetch does the same.
 */
export function sendPageTime(url: string, send: () => Promise<unknown>, pages: PageTime[], isClosing: boolean): void {
  if (isClosing && typeof navigator.sendBeacon === 'function') {
    const body = new Blob([JSON.stringify({ pages })], { type: 'application/json' });
    if (navigator.sendBeacon(url, body)) return;
  }
  void send().catch(() => {
    // Page time is a best-effort signal: a lost batch must never disturb the reader.
  });
}

export function recordDocumentPageTime(documentId: number, viewId: number, pages: PageTime[], isClosing: boolean): void {
  const location = { params: { id: documentId, viewId } };
  sendPageTime(apiUrl(recordPageTime, location), () => api(recordPageTime, { ...location, body: { pages }, keepalive: isClosing }), pages, isClosing);
}

export const documentInsightKeys = {
  insight: (documentId: number, version: number | null) => [...dataRoomKeys.all, 'document', documentId, 'insight', version] as const,
  path: (documentId: number, viewerKey: string) => [...dataRoomKeys.all, 'document', documentId, 'insight-path', viewerKey] as const,
};

/** A document's page analytics; `version` null asks for the current version's heatmap. */
export const documentInsightQuery = (documentId: number, version: number | null) =>
  queryOptions({
    queryKey: documentInsightKeys.insight(documentId, version),
    queryFn: ({ signal }) => api(getDocumentInsight, { params: { id: documentId }, query: version === null ? {} : { version }, signal }),
  });

export const viewerPathQuery = (documentId: number, viewerKey: string) =>
  queryOptions({
    queryKey: documentInsightKeys.path(documentId, viewerKey),
    queryFn: ({ signal }) => api(getViewerPath, { params: { id: documentId }, query: { viewer: viewerKey }, signal }),
  });

// Issue #21: versions of a document (docs/data-room.md, "Versions"). The owner's history lives
// under the document's key, so every data room change refreshes it with the lists.
export const documentVersionsQuery = (documentId: number) =>
  queryOptions({
    queryKey: [...dataRoomKeys.all, 'document', documentId, 'versions'] as const,
    queryFn: ({ signal }) => api(listDocumentVersions, { params: { id: documentId }, signal }),
  });

/** The owner's download of one version, whole, as an attachment. */
export function documentVersionDownloadUrl(documentId: number, version: number): string {
  return apiUrl(getDocumentVersionContent, { params: { id: documentId, version } });
}

export interface NewVersionInput {
  documentId: number;
  file: File;
  note: string;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A new version keeps the document's id, grants and links; the same progress as a first upload. */
export function useUploadDocumentVersion() {
  return useMutation({
    mutationFn: ({ documentId, file, note, onProgress, signal }: NewVersionInput) => {
      const form = new FormData();
      if (note.trim()) form.set('note', note.trim());
      form.set('file', file);
      return apiUpload(uploadDocumentVersion, {
        params: { id: documentId },
        form,
        onProgress,
        signal,
        describeFailure: (status) => (status === 413 ? 'This file is larger than 10 MB. Upload a smaller file.' : undefined),
      });
    },
    meta: { invalidates: DATA_ROOM_CHANGE_INVALIDATES },
  });
}

export function useRestoreDocumentVersion() {
  return useMutation({
    mutationFn: (input: { documentId: number; version: number }) => api(restoreDocumentVersion, { params: { id: input.documentId, version: input.version } }),
    meta: { invalidates: DATA_ROOM_CHANGE_INVALIDATES },
    onSuccess: (saved, input) =>
      toast({ title: 'Version restored', description: `"${saved.name}" is back to version ${input.version}, saved as version ${saved.currentVersion}.` }),
    onError: (error) => toast({ title: 'Restoring failed', description: error.message, variant: 'destructive' }),
  });
}
