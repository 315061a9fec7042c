// The data room's server calls (issue #5): document lists, the upload with real progress, delete,
// per-investor access, view tracking, auto-share settings and engagement. Everything a change
// can affect is refetched after it, and live `documents_changed` events refetch other screens.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  DocumentSummary,
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
  startDocumentView,
  updateDataRoomSettings,
  uploadDocument,
  type DataRoomSettings,
  type DocumentCategory,
} from '@shared/contracts/documents';
import { ApiErrorBody } from '@shared/errors';
import { ApiError, api } from '@/lib/api';
import { useLiveEvent } from '@/lib/live-events';
import { toast } from '@/lib/use-toast';

export const documentsQuery = queryOptions({
  queryKey: ['documents'],
  queryFn: ({ signal }) => api(listDocuments, { signal }),
});

export const documentAccessQuery = (documentId: number) =>
  queryOptions({
    queryKey: ['documents', documentId, 'access'],
    queryFn: ({ signal }) => api(listDocumentAccess, { params: { id: documentId }, signal }),
  });

export const shareCandidatesQuery = queryOptions({
  queryKey: ['data-room', 'share-candidates'],
  queryFn: ({ signal }) => api(listShareCandidates, { signal }),
});

export const dataRoomSettingsQuery = queryOptions({
  queryKey: ['data-room', 'settings'],
  queryFn: ({ signal }) => api(getDataRoomSettings, { signal }),
});

export const investorEngagementQuery = queryOptions({
  queryKey: ['data-room', 'engagement'],
  queryFn: ({ signal }) => api(listInvestorEngagement, { signal }),
});

/** Where a document's bytes are read; every read passes the server's permission check. */
export function documentContentUrl(documentId: number, disposition: 'inline' | 'attachment' = 'attachment'): string {
  const path = getDocumentContent.path.replace(':id', String(documentId));
  return disposition === 'inline' ? `${path}?disposition=inline` : path;
}

function apiErrorFrom(status: number, bodyText: string, statusText: string): ApiError {
  try {
    const parsed = ApiErrorBody.safeParse(JSON.parse(bodyText));
    if (parsed.success) return new ApiError(status, parsed.data.message, parsed.data.fieldErrors);
  } catch {
    // Not JSON (a proxy's error page): fall through.
  }
  if (status === 413) return new ApiError(status, 'This file is larger than 10 MB. Upload a smaller file.');
  return new ApiError(status, status >= 500 ? 'Something went wrong on our side. Please try again.' : statusText || 'The request failed.');
}

const UNREACHABLE = 'Cannot reach VentureMatch. Check your connection and try again.';

/** Fetches a document's bytes for a previewer; fails with the server's sentence (e.g. access revoked). */
export async function fetchDocumentContent(documentId: number, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(documentContentUrl(documentId, 'inline'), { credentials: 'include', signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, UNREACHABLE);
  }
  if (!response.ok) throw apiErrorFrom(response.status, await response.text().catch(() => ''), response.statusText);
  return response;
}

export interface UploadInput {
  file: File;
  name: string;
  category: DocumentCategory;
  /** Called with 0–1 as the bytes leave the browser. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/documents with real progress. fetch() reports no upload progress, so this uses
 * XMLHttpRequest, whose `upload.onprogress` fires as bytes are sent (ADR 0105).
 */
export function uploadWithProgress({ file, name, category, onProgress, signal }: UploadInput): Promise<DocumentSummary> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(uploadDocument.method, uploadDocument.path);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(DocumentSummary.parse(JSON.parse(request.responseText)));
        } catch {
          reject(new ApiError(request.status, 'The server sent an answer we could not read. Please reload the page.'));
        }
        return;
      }
      reject(apiErrorFrom(request.status, request.responseText, request.statusText));
    };
    request.onerror = () => reject(new ApiError(0, UNREACHABLE));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });

    // Fields first: the server reads the parts in order and the file is the big one.
    const form = new FormData();
    form.set('type', category);
    if (name.trim()) form.set('name', name.trim());
    form.set('file', file);
    request.send(form);
  });
}

/** Everything a data room change can alter: lists, access, counts on the dashboard, the feed. */
function refreshAfterChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['documents'] });
  void queryClient.invalidateQueries({ queryKey: ['data-room'] });
  void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  void queryClient.invalidateQueries({ queryKey: ['activities'] });
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadWithProgress,
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (document: { id: number; name: string }) => api(deleteDocument, { params: { id: document.id } }),
    onSuccess: () => {
      refreshAfterChange(queryClient);
      toast({ title: 'Document deleted', description: 'The document has been deleted successfully.' });
    },
    onError: (error) => toast({ title: 'Error', description: `Failed to delete document: ${error.message}`, variant: 'destructive' }),
  });
}

export function useGrantAccess(document: { id: number; name: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (investor: { userId: number; firmName: string }) => api(grantDocumentAccess, { params: { id: document.id }, body: { userId: investor.userId } }),
    onSuccess: (_grant, investor) => {
      refreshAfterChange(queryClient);
      toast({ title: 'Document shared', description: `${investor.firmName} can now open "${document.name}".` });
    },
    onError: (error) => toast({ title: 'Sharing failed', description: error.message, variant: 'destructive' }),
  });
}

export function useRevokeAccess(document: { id: number; name: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (investor: { userId: number; firmName: string }) => api(revokeDocumentAccess, { params: { id: document.id, userId: investor.userId } }),
    onSuccess: (_result, investor) => {
      refreshAfterChange(queryClient);
      toast({ title: 'Access removed', description: `${investor.firmName} can no longer open "${document.name}".` });
    },
    onError: (error) => toast({ title: 'Removing access failed', description: error.message, variant: 'destructive' }),
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
          ? 'These document types will be shared when you accept a match.'
          : 'Nothing will be shared automatically when you accept a match.',
      });
    },
    onError: (error) => toast({ title: 'Error', description: `Failed to save sharing settings: ${error.message}`, variant: 'destructive' }),
  });
}

/**
 * Keeps data room screens current: a share, revocation, upload, delete or view elsewhere (another
 * tab, the other party) refetches them; an accepted match may have auto-shared documents.
 */
export function useDataRoomLiveRefresh() {
  const queryClient = useQueryClient();
  useLiveEvent(['documents_changed', 'match_updated'], () => {
    // Several components on one screen subscribe; a refetch already under way is enough.
    void queryClient.invalidateQueries({ queryKey: ['documents'] }, { cancelRefetch: false });
    void queryClient.invalidateQueries({ queryKey: ['data-room'] }, { cancelRefetch: false });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] }, { cancelRefetch: false });
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
  const path = endDocumentView.path.replace(':id', String(documentId)).replace(':viewId', String(viewId));
  // The server caps a view at 24 hours; a tab left open longer is still one long view.
  const body = JSON.stringify({ durationMs: Math.min(Math.max(0, Math.round(durationMs)), 24 * 60 * 60 * 1000) });
  void fetch(path, { method: 'POST', credentials: 'include', keepalive: true, headers: { 'Content-Type': 'application/json' }, body }).catch(() => {});
}
