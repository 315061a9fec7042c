// A document's versions (issue #21; docs/data-room.md, "Versions"): upload a new version (the same
// file checks and real progress as the upload dialog), and the history, newest first, with each
// version's date, uploader, note and size, a download, and a restore that asks first. A new
// version keeps the document's id, so its grants, NDA settings and secure links stay as they are.
import { useId, useRef, useState } from 'react';
import { Download, History, Upload } from 'lucide-react';
import { VERSION_NOTE_MAX, type DocumentVersionSummary } from '@shared/contracts/document-insight';
import type { DocumentSummary } from '@shared/contracts/documents';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/use-toast';
import { documentVersionDownloadUrl, documentVersionsQuery, useRestoreDocumentVersion, useUploadDocumentVersion } from '../api';
import { UPLOAD_ACCEPT, checkChosenFile, documentKind, formatFileSize, formatShortDate } from '../document-format';

export function VersionsDialog({ document, onOpenChange }: { document: DocumentSummary | null; onOpenChange: (isOpen: boolean) => void }) {
  return (
    <Dialog open={document !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close versions" className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Versions of {document?.name}</DialogTitle>
          <DialogDescription>
            A new version replaces what investors and secure links open. Who has access, the NDA and the watermark stay as they are.
          </DialogDescription>
        </DialogHeader>
        {document && (
          <>
            <NewVersionForm document={document} />
            <VersionHistory document={document} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function NewVersionForm({ document }: { document: DocumentSummary }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [progress, setProgress] = useState(0);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadDocumentVersion();
  const ids = useId();
  const isUploading = upload.isPending;

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    // Refused before anything is sent, as in the upload dialog: no file is kept.
    const problem = checkChosenFile(chosen);
    setFile(problem ? null : chosen);
    setFileError(problem);
    if (problem && fileInputRef.current) fileInputRef.current.value = '';
  };

  const submit = () => {
    if (!file) {
      setFileError('Choose the file of the new version.');
      fileInputRef.current?.focus();
      return;
    }
    setProgress(0);
    upload.mutate(
      { documentId: document.id, file, note, onProgress: setProgress },
      {
        onSuccess: (saved) => {
          toast({ title: 'New version uploaded', description: `"${saved.name}" is now version ${saved.currentVersion}.` });
          setFile(null);
          setNote('');
          setProgress(0);
          if (fileInputRef.current) fileInputRef.current.value = '';
        },
        onError: (error) => {
          setProgress(0);
          toast({ title: 'Upload failed', description: error.message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-labelledby={`${ids}-heading`}
      className="grid gap-3 rounded-lg border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 id={`${ids}-heading`} className="text-sm font-semibold">
        Upload new version
      </h3>
      <div className="grid gap-1.5">
        <label htmlFor={`${ids}-file`} className="text-sm font-medium">
          File
        </label>
        <input
          ref={fileInputRef}
          id={`${ids}-file`}
          type="file"
          accept={UPLOAD_ACCEPT}
          disabled={isUploading}
          aria-invalid={Boolean(fileError)}
          aria-describedby={`${ids}-file-hint${fileError ? ` ${ids}-file-error` : ''}`}
          className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
        <p id={`${ids}-file-hint`} className="text-xs text-muted-foreground">
          Any allowed type, up to 10MB; it may differ from the current version's type.
        </p>
        {fileError && (
          <p id={`${ids}-file-error`} role="alert" className="text-sm font-medium text-destructive">
            {fileError}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${ids}-note`} className="text-sm font-medium">
          Note <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <Textarea
          id={`${ids}-note`}
          value={note}
          maxLength={VERSION_NOTE_MAX}
          disabled={isUploading}
          className="min-h-16"
          placeholder="e.g. Fixed the revenue figure on slide 7"
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {isUploading && (
        <div className="grid gap-1.5" aria-live="polite">
          <div className="flex items-center justify-between text-sm">
            <span>{progress >= 1 ? 'Checking and saving the file...' : 'Uploading...'}</span>
            <span className="tabular-nums text-muted-foreground">{Math.round(progress * 100)}%</span>
          </div>
          <Progress value={progress * 100} label={`Uploading ${file?.name ?? 'new version'}`} />
        </div>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={isUploading || fileError !== null}>
          <Upload aria-hidden />
          {isUploading ? 'Uploading...' : 'Upload new version'}
        </Button>
      </div>
    </form>
  );
}

function VersionHistory({ document }: { document: DocumentSummary }) {
  const versions = useQuery(documentVersionsQuery(document.id));
  const [restoring, setRestoring] = useState<DocumentVersionSummary | null>(null);
  const restore = useRestoreDocumentVersion();

  if (versions.isPending) return <Spinner label="Loading versions" />;
  if (versions.isError)
    return <ErrorState title="Versions could not be loaded" message={versions.error.message} onRetry={() => void versions.refetch()} compact />;

  return (
    <section aria-label="Version history" className="grid gap-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <History aria-hidden className="size-4" /> History
      </h3>
      <ol className="grid gap-2">
        {versions.data.map((version) => (
          <li
            key={version.version}
            className="flex flex-wrap items-start justify-between gap-2 rounded-md border px-3 py-2"
            data-testid={`version-${version.version}`}
          >
            <div className="min-w-0 text-sm">
              <p className="flex items-center gap-2 font-medium">
                Version {version.version}
                {version.isCurrent && <Badge>Current</Badge>}
              </p>
              <p className="text-xs text-muted-foreground">
                {formatShortDate(version.uploadedAt)}
                {version.uploadedBy ? ` · ${version.uploadedBy}` : ''} · {documentKind(version.type).label} · {formatFileSize(version.size)}
              </p>
              {version.note && <p className="mt-1 break-words">{version.note}</p>}
            </div>
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" asChild>
                <a href={documentVersionDownloadUrl(document.id, version.version)} download aria-label={`Download version ${version.version}`}>
                  <Download aria-hidden /> Download
                </a>
              </Button>
              {!version.isCurrent && (
                <Button variant="outline" size="sm" onClick={() => setRestoring(version)} aria-label={`Restore version ${version.version}`}>
                  Restore
                </Button>
              )}
            </div>
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(isOpen) => !isOpen && !restore.isPending && setRestoring(null)}
        title={`Restore version ${restoring?.version ?? ''}`}
        description={<>Investors and secure links will open version {restoring?.version} again. It is saved as a new version, so nothing is lost.</>}
        confirmLabel={restore.isPending ? 'Restoring...' : 'Restore'}
        confirmVariant="default"
        isPending={restore.isPending}
        onConfirm={(event) => {
          event.preventDefault();
          if (restoring) restore.mutate({ documentId: document.id, version: restoring.version }, { onSettled: () => setRestoring(null) });
        }}
      />
    </section>
  );
}
