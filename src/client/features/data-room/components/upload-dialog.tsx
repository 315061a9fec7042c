// The upload dialog: no file, then a file chosen (changeable), then uploading
// with a progress bar, then success closes and resets it. The bar follows the bytes actually
// sent (XMLHttpRequest upload progress, ADR 0105), not the spec's simulated timer. Files over
// 10 MB or of other types are rejected the moment they are chosen: the dialog keeps no file,
// says why, and Upload stays disabled until an acceptable file is chosen (one state, never a
// "file OK" mark next to an error). The server checks everything again.
// `?upload=1` in the address (the command palette's "Upload a document") opens it too.
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { CloudUpload, FileCheck2, FileX2, Upload } from 'lucide-react';
import { DOCUMENT_CATEGORIES } from '@shared/enums';
import type { DocumentCategory } from '@shared/contracts/documents';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Select, SelectOptions } from '@/components/ui/select';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { useUploadDocument } from '../api';
import { UPLOAD_ACCEPT, checkChosenFile, formatFileSize, nameFromFilename } from '../document-format';

/** The address parameter that opens the dialog: paths.dataRoomUpload. */
const UPLOAD_PARAM = 'upload';

export function UploadDialog({
  trigger,
  opensFromAddress = false,
}: {
  trigger: ReactNode;
  /** Open while the address says `?upload=1`. One dialog on a screen answers it, not every one. */
  opensFromAddress?: boolean;
}) {
  const [isOpenedHere, setIsOpenedHere] = useState(false);
  // Closing drops the parameter from the address (replacing the entry), so Back leaves the screen
  // and a reload does not open the dialog again.
  const [params, setParams] = useSearchParams();
  const isOpen = isOpenedHere || (opensFromAddress && params.get(UPLOAD_PARAM) === '1');
  const setIsOpen = (next: boolean) => {
    setIsOpenedHere(next);
    if (!next && opensFromAddress && params.has(UPLOAD_PARAM))
      setParams(
        (previous) => {
          const remaining = new URLSearchParams(previous);
          remaining.delete(UPLOAD_PARAM);
          return remaining;
        },
        { replace: true },
      );
  };
  const [file, setFile] = useState<File | null>(null);
  /** The last file refused before upload, named in the drop zone next to the error. */
  const [rejected, setRejected] = useState<{ name: string; size: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [category, setCategory] = useState<DocumentCategory | ''>('');
  const [progress, setProgress] = useState(0);
  const [isDragging, setIsDragging] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument();
  const ids = useId();
  const fileInputId = `${ids}-file`;
  const isUploading = upload.isPending;
  const hasSent = progress >= 1;

  const clearFileInput = () => {
    if (fileInputRef.current) fileInputRef.current.value = '';
  };

  const reset = () => {
    setFile(null);
    setRejected(null);
    setFileError(null);
    setName('');
    setCategory('');
    setProgress(0);
    upload.reset();
    clearFileInput();
  };

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    // The suggested name follows the file until the user types their own.
    const isNameSuggested = !name || (file !== null && name === nameFromFilename(file.name));
    const problem = checkChosenFile(chosen);
    if (problem) {
      // Rejected before anything is sent: no file is kept, so nothing can look ready to upload.
      setFile(null);
      setRejected({ name: chosen.name, size: chosen.size });
      setFileError(problem);
      if (isNameSuggested) setName('');
      clearFileInput();
      return;
    }
    if (isNameSuggested) setName(nameFromFilename(chosen.name));
    setFile(chosen);
    setRejected(null);
    setFileError(null);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (!isUploading) choose(event.dataTransfer.files[0] ?? null);
  };

  const submit = () => {
    if (!file) {
      toast({ title: 'No file selected', description: 'Please select a file to upload.', variant: 'destructive' });
      fileInputRef.current?.focus();
      return;
    }
    if (!category) {
      toast({ title: 'No document type selected', description: 'Please select a document type.', variant: 'destructive' });
      document.getElementById(`${ids}-category`)?.focus();
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    upload.mutate(
      { file, name, category, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: () => {
          toast({ title: 'Document uploaded', description: 'Your document has been uploaded successfully.' });
          setIsOpen(false);
          reset();
        },
        onError: (error) => {
          setProgress(0);
          if (error.name === 'AbortError') return;
          toast({ title: 'Upload failed', description: error.message, variant: 'destructive' });
        },
      },
    );
  };

  const cancel = () => {
    abortRef.current?.abort();
    toast({ title: 'Upload cancelled', description: 'Nothing was saved.' });
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(next) => {
        // An upload in flight is stopped with its own Cancel button, never by a stray click.
        if (isUploading) return;
        setIsOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel="Close upload dialog" onInteractOutside={(event) => isUploading && event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Upload Document</DialogTitle>
          <DialogDescription>Add a document to your data room. You choose who sees it afterwards.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-2">
            <label htmlFor={fileInputId} className="text-sm leading-none font-medium">
              File
            </label>
            <input
              ref={fileInputRef}
              id={fileInputId}
              type="file"
              accept={UPLOAD_ACCEPT}
              disabled={isUploading}
              aria-invalid={Boolean(fileError)}
              aria-describedby={`${ids}-file-hint${fileError ? ` ${ids}-file-error` : ''}`}
              className="peer sr-only"
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
            <label
              htmlFor={fileInputId}
              onDragOver={(event) => {
                event.preventDefault();
                setIsDragging(true);
              }}
              onDragLeave={() => setIsDragging(false)}
              onDrop={onDrop}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors',
                'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background',
                'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
                isDragging ? 'border-primary bg-accent' : 'hover:bg-accent/50',
                fileError && 'border-destructive',
              )}
            >
              {file ? (
                <>
                  <FileCheck2 aria-hidden data-testid="file-ok-icon" className="size-7 text-primary" />
                  <span className="max-w-full text-sm font-medium break-all">{file.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatFileSize(file.size)} · <span className="text-primary underline underline-offset-4">Change file</span>
                  </span>
                </>
              ) : rejected ? (
                <>
                  <FileX2 aria-hidden data-testid="file-rejected-icon" className="size-7 text-destructive" />
                  <span className="max-w-full text-sm font-medium break-all">
                    {rejected.name} <span className="font-normal text-muted-foreground">({formatFileSize(rejected.size)}) was not added</span>
                  </span>
                  <span className="text-xs text-primary underline underline-offset-4">Choose another file</span>
                </>
              ) : (
                <>
                  <CloudUpload aria-hidden className="size-7 text-muted-foreground" />
                  <span className="text-sm font-medium">
                    <span className="text-primary underline underline-offset-4">Choose a file</span> or drag it here
                  </span>
                </>
              )}
            </label>
            <p id={`${ids}-file-hint`} className="text-xs text-muted-foreground">
              PDF, DOCX, XLSX, PPTX, DOC, XLS, PPT, TXT or CSV, up to 10MB.
            </p>
            {fileError && (
              <p id={`${ids}-file-error`} role="alert" className="text-sm font-medium text-destructive">
                {fileError}
              </p>
            )}
          </div>

          <FormField id={`${ids}-name`} label="Document Name" hint="Shown to investors. Defaults to the file name.">
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={200}
                disabled={isUploading}
                onChange={(event) => setName(event.target.value)}
                placeholder="e.g. Series A pitch deck"
              />
            )}
          </FormField>

          <FormField id={`${ids}-category`} label="Document Type">
            {(control) => (
              <Select {...control} value={category} disabled={isUploading} onChange={(event) => setCategory(event.target.value as DocumentCategory | '')}>
                <SelectOptions placeholder="Select document type" options={DOCUMENT_CATEGORIES} />
              </Select>
            )}
          </FormField>

          {isUploading && (
            <div className="grid gap-2" aria-live="polite">
              <div className="flex items-center justify-between text-sm">
                <span>{hasSent ? 'Checking and saving the file...' : 'Uploading...'}</span>
                <span className="tabular-nums text-muted-foreground">{Math.round(progress * 100)}%</span>
              </div>
              <Progress value={progress * 100} label={`Uploading ${file?.name ?? 'document'}`} />
            </div>
          )}

          <DialogFooter>
            {isUploading ? (
              <Button variant="outline" onClick={cancel} disabled={hasSent}>
                Cancel upload
              </Button>
            ) : (
              <Button
                variant="outline"
                onClick={() => {
                  setIsOpen(false);
                  reset();
                }}
              >
                Cancel
              </Button>
            )}
            <Button type="submit" disabled={isUploading || fileError !== null}>
              <Upload aria-hidden />
              {isUploading ? 'Uploading...' : 'Upload'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
