// The platform's preview dialog around the DocumentViewer: the founder's own preview, and the
// investor's, which first passes the NDA gate when the document asks for it (issue #20), shows the
// watermark naming the signed-in investor, hides Download when the grant is view only, and stops
// at the moment the grant ends (a timer to `accessExpiresAt`, and the server's 403 sentence).
// When an investor opens a document, the open and how long it stayed open are recorded.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import type { DocumentSummary } from '@shared/contracts/documents';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api';
import { ownProfileQuery } from '@/features/profiles/api';
import { cn } from '@/lib/utils';
import { documentContentUrl } from '../api';
import { documentKind, formatFileSize, formatShortDate } from '../document-format';
import { DocumentViewer, isDownloadable, platformDocumentSource, type DocumentSource, type ViewerIdentity } from './document-viewer';
import { DocumentNdaGate } from './nda-gate';

/** setTimeout's longest delay (about 24.8 days); an end further away than that is not timed. */
const MAX_TIMER_MS = 2_147_483_647;

/** The sentence an ended grant shows, as the server words it. */
export function accessEndedMessage(name: string, endedAt: string): string {
  return `Access to ${name} ended on ${formatShortDate(endedAt)}.`;
}

/**
 * The frame a viewer sits in: a wide dialog, as tall as the window for a PDF (its page is fitted
 * into what header and footer leave). The secure link's visitor page can use it too.
 */
export function ViewerDialog({
  isOpen,
  onOpenChange,
  isPdf,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  isPdf: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent className={cn('max-w-5xl gap-4 sm:p-6', isPdf && 'h-[calc(100dvh-2rem)]')} closeLabel="Close preview">
        {children}
      </DialogContent>
    </Dialog>
  );
}

export function PreviewDialog({
  document,
  onOpenChange,
  viewer,
}: {
  /** The document to show; null closes the dialog. */
  document: DocumentSummary | null;
  onOpenChange: (isOpen: boolean) => void;
  /** The founder previewing their own document, or an investor it is shared with (whose opens are recorded). */
  viewer: 'owner' | 'investor';
}) {
  // Keep showing the last document while the close animation plays.
  const [shown, setShown] = useState(document);
  if (document && document !== shown) setShown(document);
  const isPdf = shown !== null && documentKind(shown.type).preview === 'pdf';
  return (
    <ViewerDialog isOpen={document !== null} onOpenChange={onOpenChange} isPdf={isPdf}>
      {shown && <PreviewBody key={shown.id} document={shown} viewer={viewer} isOpen={document !== null} />}
    </ViewerDialog>
  );
}

/** Who is looking, for the watermark: the signed-in user, and whose data room it is. */
function useViewerIdentity(document: DocumentSummary, viewer: 'owner' | 'investor'): ViewerIdentity | null | undefined {
  const user = useCurrentUser();
  const profile = useQuery({ ...ownProfileQuery, enabled: viewer === 'owner' && document.watermark });
  return useMemo(() => {
    if (!document.watermark) return null;
    if (!user.data) return undefined;
    const viewerName = `${user.data.firstName} ${user.data.lastName}`.trim();
    if (viewer === 'investor') return { viewerName, email: user.data.email, companyName: document.owner?.companyName ?? '' };
    if (profile.isPending) return undefined;
    const companyName = profile.data?.kind === 'startup' ? profile.data.companyName : viewerName;
    return { viewerName, email: user.data.email, companyName };
  }, [document.watermark, document.owner?.companyName, user.data, viewer, profile.isPending, profile.data]);
}

/** True from the moment `endsAt` passes (a timer, not polling; an end already past fires at once). */
function useHasEnded(endsAt: string | null | undefined): boolean {
  const [endedAt, setEndedAt] = useState<string | null>(null);
  useEffect(() => {
    if (!endsAt) return;
    const remaining = Date.parse(endsAt) - Date.now();
    if (remaining > MAX_TIMER_MS) return;
    const timer = window.setTimeout(() => setEndedAt(endsAt), Math.max(0, remaining));
    return () => window.clearTimeout(timer);
  }, [endsAt]);
  return Boolean(endsAt) && endedAt === endsAt;
}

function PreviewBody({ document, viewer, isOpen }: { document: DocumentSummary; viewer: 'owner' | 'investor'; isOpen: boolean }) {
  const identity = useViewerIdentity(document, viewer);
  const [hasAcceptedNda, setHasAcceptedNda] = useState(false);
  const hasEnded = useHasEnded(viewer === 'investor' ? document.accessExpiresAt : null);
  const kind = documentKind(document.type);
  const details = [document.category, kind.label, formatFileSize(document.size), document.owner ? `Shared by ${document.owner.companyName}` : null]
    .filter(Boolean)
    .join(' · ');

  const isDownloadAllowed = viewer === 'owner' || document.canDownload === true;
  const source: DocumentSource = useMemo(() => {
    const platform = platformDocumentSource(document.id, {
      canDownload: isDownloadable(document, isDownloadAllowed),
      recordViews: viewer === 'investor' && isOpen,
    });
    // The owner keeps the original file: nothing to stamp or refuse for their own document.
    return viewer === 'owner' ? { ...platform, downloadUrl: documentContentUrl(document.id) } : platform;
  }, [document, isDownloadAllowed, viewer, isOpen]);

  const needsNda = viewer === 'investor' && document.ndaPending === true && !hasAcceptedNda;
  let body: ReactNode;
  if (hasEnded && document.accessExpiresAt) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-md border border-dashed px-6 py-12 text-center">
        <Clock aria-hidden className="size-6 text-muted-foreground" />
        <p className="font-semibold">{accessEndedMessage(document.name, document.accessExpiresAt)}</p>
        <p className="text-sm text-muted-foreground">Ask {document.owner?.companyName ?? 'the founder'} to share it again.</p>
      </div>
    );
  } else if (needsNda) {
    body = <DocumentNdaGate documentId={document.id} onAccepted={() => setHasAcceptedNda(true)} />;
  } else if (identity === undefined) {
    body = <Spinner label="Loading the document" showLabel className="flex justify-center py-16" />;
  } else {
    body = <DocumentViewer document={document} source={source} watermark={identity} isDownloadAllowed={isDownloadAllowed} />;
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-words">{document.name}</DialogTitle>
        <DialogDescription>{details}</DialogDescription>
      </DialogHeader>
      {body}
    </>
  );
}
