// The NDA gate (issue #20): a gated document opens on its NDA. The reader reads the text, types
// their full name and ticks "I agree"; nothing of the document is fetched before the server has
// recorded that. `NdaAcceptanceForm` is only the form, so a secure link's visitor page can use it
// with its own endpoint; `DocumentNdaGate` is the platform's gate for one document.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FileSignature } from 'lucide-react';
import type { NdaVersion } from '@shared/contracts/nda';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { documentNdaGateQuery, useAcceptNda } from '../api';

export interface NdaAcceptance {
  fullName: string;
  agree: true;
  contentHash: string;
}

/**
 * The NDA text and the acceptance form. `onAccept` sends the acceptance and rejects with an
 * ApiError carrying the server's sentence (and per-field sentences) when refused.
 */
export function NdaAcceptanceForm({
  nda,
  companyName,
  documentName,
  onAccept,
  isPending,
  submitLabel = 'Accept and open',
}: {
  nda: NdaVersion;
  companyName: string;
  /** The document being opened, when there is one. */
  documentName?: string;
  onAccept: (acceptance: NdaAcceptance) => Promise<unknown>;
  isPending: boolean;
  submitLabel?: string;
}) {
  const id = useId();
  const [fullName, setFullName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<{ form?: string; fullName?: string; agree?: string }>({});

  const submit = () => {
    const nameError = fullName.trim().length < 2 ? 'Please type your full name.' : undefined;
    const agreeError = agreed ? undefined : 'Tick "I agree" to accept the NDA.';
    if (nameError || agreeError) {
      setErrors({ fullName: nameError, agree: agreeError });
      return;
    }
    setErrors({});
    onAccept({ fullName: fullName.trim(), agree: true, contentHash: nda.contentHash }).catch((error: unknown) => {
      if (error instanceof ApiError) {
        setErrors({ form: error.message, fullName: error.fieldErrors.fullName?.[0], agree: error.fieldErrors.agree?.[0] });
      } else setErrors({ form: 'Something went wrong. Please try again.' });
    });
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <FileSignature aria-hidden className="size-[18px]" />
        </span>
        <p className="text-sm">
          {companyName} asks you to accept its non-disclosure agreement before you open {documentName ? `"${documentName}"` : 'its documents'}.
        </p>
      </div>
      {/* Focusable so the text can be scrolled and read from the keyboard. */}
      <div
        role="region"
        aria-label={`NDA text, version ${nda.version}`}
        tabIndex={0}
        className="max-h-[40dvh] overflow-auto rounded-md border bg-muted/40 p-4 text-sm leading-relaxed whitespace-pre-wrap break-words outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {nda.text}
      </div>
      <p className="text-xs text-muted-foreground">
        Version {nda.version} · fingerprint {nda.contentHash.slice(0, 12)}
      </p>
      <div className="grid gap-2">
        <label htmlFor={`${id}-name`} className="text-sm leading-none font-medium">
          Full name
        </label>
        <Input
          id={`${id}-name`}
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
          autoComplete="name"
          maxLength={200}
          aria-invalid={Boolean(errors.fullName)}
          aria-describedby={errors.fullName ? `${id}-name-error` : undefined}
        />
        {errors.fullName && (
          <p id={`${id}-name-error`} role="alert" className="text-sm font-medium text-destructive">
            {errors.fullName}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <div className="flex items-center gap-2">
          <input
            id={`${id}-agree`}
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            aria-invalid={Boolean(errors.agree)}
            aria-describedby={errors.agree ? `${id}-agree-error` : undefined}
            className="size-4 accent-primary"
          />
          <label htmlFor={`${id}-agree`} className="text-sm font-medium">
            I agree
          </label>
        </div>
        {errors.agree && (
          <p id={`${id}-agree-error`} role="alert" className="text-sm font-medium text-destructive">
            {errors.agree}
          </p>
        )}
      </div>
      {errors.form && !errors.fullName && !errors.agree && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.form}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" aria-disabled={isPending} className={isPending ? 'cursor-wait opacity-60' : undefined}>
          {isPending ? 'Accepting...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The platform's gate for one document: the current NDA, then `onAccepted` once the server recorded it. */
export function DocumentNdaGate({ documentId, onAccepted }: { documentId: number; onAccepted: () => void }) {
  const gate = useQuery(documentNdaGateQuery(documentId));
  const accept = useAcceptNda(documentId);
  // The server's sentence when the version read was replaced, kept above the new version's form.
  const [notice, setNotice] = useState<string>();
  if (gate.isPending) return <Spinner label="Loading the NDA" showLabel className="flex justify-center py-16" />;
  if (gate.isError)
    return <ErrorState title="We couldn't load the NDA" message={gate.error.message} onRetry={() => void gate.refetch()} isRetrying={gate.isFetching} />;
  const { nda, pending } = gate.data;
  if (!pending || !nda) {
    // Accepted already (another tab), or the founder turned the NDA off since the list loaded.
    queueMicrotask(onAccepted);
    return null;
  }
  return (
    <>
      {notice && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
          {notice}
        </p>
      )}
      <NdaAcceptanceForm
        // A new version starts the form afresh.
        key={nda.contentHash}
        nda={nda}
        companyName={gate.data.companyName}
        documentName={gate.data.documentName}
        isPending={accept.isPending}
        onAccept={async (acceptance) => {
          try {
            await accept.mutateAsync(acceptance);
            onAccepted();
          } catch (error) {
            // 409: the founder saved a new version while this one was being read: show the new text.
            if (error instanceof ApiError && error.status === 409) {
              setNotice(error.message);
              void gate.refetch();
            }
            throw error;
          }
        }}
      />
    </>
  );
}
