// Secure links (issue #20): the founder's side (list, create, turn off and on, visitors) and the
// visitor's side of /v/:token (the link's state, the email, code, password and NDA steps, the
// documents' bytes and views). The visitor has no account: the server keeps their progress in a
// cookie of its own, so every step answers with the link's whole new state, which replaces the
// cached one.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acceptVisitorNda,
  createSecureLink,
  endVisitorView,
  getVisitorDocumentContent,
  getVisitorLink,
  listSecureLinks,
  listSecureLinkVisitors,
  recordVisitorPageTime as recordVisitorPageTimeEndpoint,
  startVisitorSession,
  startVisitorView,
  submitVisitorPassword,
  updateSecureLink,
  verifyVisitorCode,
  type VisitorLinkState,
} from '@shared/contracts/secure-links';
import type { EndpointBody } from '@shared/contracts/endpoint';
import { dataRoomKeys, sendPageTime } from '@/features/data-room/api';
import type { PageTime } from '@/features/data-room/page-time';
import { api, apiRaw, apiUrl } from '@/lib/api';
import { toast } from '@/lib/use-toast';

type CreateSecureLinkInput = EndpointBody<typeof createSecureLink>;

/**
 * Under the data room's keys, so a `documents_changed` live event (a view through a link, a
 * deleted document) refreshes the founder's link list too.
 */
export const secureLinkKeys = {
  all: [...dataRoomKeys.all, 'secure-links'] as const,
  list: () => [...secureLinkKeys.all, 'list'] as const,
  visitors: (linkId: number) => [...secureLinkKeys.all, 'visitors', linkId] as const,
};

/** The visitor's side is not the founder's data: its own root, never touched by the app's events. */
export const visitorLinkKeys = {
  state: (token: string) => ['secure-link-visit', token] as const,
};

export const secureLinksQuery = queryOptions({
  queryKey: secureLinkKeys.list(),
  queryFn: ({ signal }) => api(listSecureLinks, { signal }),
});

export const secureLinkVisitorsQuery = (linkId: number) =>
  queryOptions({
    queryKey: secureLinkKeys.visitors(linkId),
    queryFn: ({ signal }) => api(listSecureLinkVisitors, { params: { id: linkId }, signal }),
  });

export function useCreateSecureLink() {
  return useMutation({
    mutationFn: (body: CreateSecureLinkInput) => api(createSecureLink, { body }),
    meta: { invalidates: [secureLinkKeys.all] },
  });
}

export function useSetSecureLinkDisabled() {
  return useMutation({
    mutationFn: (link: { id: number; name: string; disabled: boolean }) =>
      api(updateSecureLink, { params: { id: link.id }, body: { disabled: link.disabled } }),
    meta: { invalidates: [secureLinkKeys.all] },
    onSuccess: (_link, { name, disabled }) =>
      toast({
        title: disabled ? 'Link disabled' : 'Link enabled',
        description: disabled ? `"${name}" no longer opens, for anyone.` : `"${name}" opens again for the people it allows.`,
      }),
    onError: (error) => toast({ title: 'The link was not changed', description: error.message, variant: 'destructive' }),
  });
}

// --- The visitor's side --------------------------------------------------------------------------

export const visitorLinkQuery = (token: string) =>
  queryOptions({
    queryKey: visitorLinkKeys.state(token),
    queryFn: ({ signal }) => api(getVisitorLink, { params: { token }, signal }),
    // A refusal (disabled, expired, unknown) is the server's final word, not a network hiccup.
    retry: false,
    // The state changes only through this page's own steps, which write it back themselves.
    refetchOnWindowFocus: false,
  });

/** One visitor step: its answer is the link's new state, which becomes the cached one. */
function useVisitorStep<Input>(token: string, send: (input: Input) => Promise<VisitorLinkState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (state) => queryClient.setQueryData(visitorLinkKeys.state(token), state),
  });
}

export const useStartVisitorSession = (token: string) =>
  useVisitorStep(token, (email: string) => api(startVisitorSession, { params: { token }, body: { email } }));

export const useVerifyVisitorCode = (token: string) => useVisitorStep(token, (code: string) => api(verifyVisitorCode, { params: { token }, body: { code } }));

export const useSubmitVisitorPassword = (token: string) =>
  useVisitorStep(token, (password: string) => api(submitVisitorPassword, { params: { token }, body: { password }, expectsUnauthorized: true }));

export const useAcceptVisitorNda = (token: string) =>
  useVisitorStep(token, (body: { fullName: string; contentHash: string }) =>
    api(acceptVisitorNda, { params: { token }, body: { fullName: body.fullName, agree: true, contentHash: body.contentHash } }),
  );

/** Where a link's document is read: every read passes the link's checks (session, expiry, disabled). */
export function visitorContentUrl(token: string, documentId: number, mode: 'inline' | 'download'): string {
  return apiUrl(getVisitorDocumentContent, {
    params: { token, documentId },
    query: mode === 'inline' ? { disposition: 'inline' } : { download: '1' },
  });
}

/** A link document's bytes for a previewer; fails with the server's sentence. */
export function fetchVisitorContent(token: string, documentId: number, signal?: AbortSignal): Promise<Response> {
  return apiRaw(getVisitorDocumentContent, { params: { token, documentId }, query: { disposition: 'inline' }, signal });
}

/** Records that the visitor opened a document; counted in the founder's analytics under their email. */
export async function openVisitorView(token: string, documentId: number): Promise<number | null> {
  const { viewId } = await api(startVisitorView, { params: { token, documentId } });
  return viewId;
}

export function closeVisitorView(token: string, documentId: number, viewId: number, durationMs: number): void {
  // The server caps a view at 24 hours; keepalive lets the close outlive a closing tab.
  const body = { durationMs: Math.min(Math.max(0, Math.round(durationMs)), 24 * 60 * 60 * 1000) };
  void api(endVisitorView, { params: { token, documentId, viewId }, body, keepalive: true }).catch(() => {});
}

/** Issue #21: the visitor's time on each page of a PDF, counted under their email like the view. */
export function recordVisitorPageTime(token: string, documentId: number, viewId: number, pages: PageTime[], isClosing: boolean): void {
  const location = { params: { token, documentId, viewId } };
  sendPageTime(
    apiUrl(recordVisitorPageTimeEndpoint, location),
    () => api(recordVisitorPageTimeEndpoint, { ...location, body: { pages }, keepalive: isClosing }),
    pages,
    isClosing,
  );
}
