// "New link": the founder names a secure link, picks its documents and its protections, and gets
// its address, shown this once. The server stores only a hash of the token, so the address cannot
// be shown again: the dialog says so next to the Copy button.
import { useRef, useState, type FormEvent } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Check, Copy, FolderLock } from 'lucide-react';
import type { DocumentSummary } from '@shared/contracts/documents';
import { CreateSecureLinkBody } from '@shared/contracts/secure-links';
import { Button, PendingLabel } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormDialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RadioChoices } from '@/components/ui/radio-choices';
import { Spinner } from '@/components/ui/spinner';
import { SwitchRow } from '@/components/ui/switch-field';
import { Textarea } from '@/components/ui/textarea';
import { documentsQuery } from '@/features/data-room/api';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useCreateSecureLink } from '../api';
import { EXPIRY_PRESETS, expiryFromPreset, parseAllowedEmails, type ExpiryPreset } from '../link-format';

export const LINK_SHOWN_ONCE_MESSAGE = 'Copy this link now: for your security it is stored only in a form that cannot be shown again.';

/** The form's fields that can carry a message of their own (the contract's names). */
type FieldName = 'name' | 'documentIds' | 'allowedEmails' | 'password' | 'expiresAt';
const FIELD_NAMES: readonly FieldName[] = ['name', 'documentIds', 'allowedEmails', 'password', 'expiresAt'];

export function NewLinkDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<{ url: string; name: string } | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <FormDialog isOpen={isOpen} onClose={close} className="max-w-xl">
      {created ? <CreatedLink url={created.url} name={created.name} onDone={close} /> : <NewLinkForm onCreated={setCreated} onCancel={close} />}
    </FormDialog>
  );
}

function NewLinkForm({ onCreated, onCancel }: { onCreated: (link: { url: string; name: string }) => void; onCancel: () => void }) {
  const documents = useQuery(documentsQuery);
  const create = useCreateSecureLink();
  const [name, setName] = useState('');
  const [documentIds, setDocumentIds] = useState<number[]>([]);
  const [requireEmailVerification, setRequireEmailVerification] = useState(true);
  const [allowedText, setAllowedText] = useState('');
  const [password, setPassword] = useState('');
  const [expiry, setExpiry] = useState<ExpiryPreset>('none');
  const [canDownload, setCanDownload] = useState(false);
  const [watermark, setWatermark] = useState(true);
  const [ndaRequired, setNdaRequired] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);

  const allowedEmails = parseAllowedEmails(allowedText);
  // An allow-list means nothing unless the visitor proves the address is theirs.
  const isVerificationForced = allowedEmails.length > 0;

  const showErrors = (next: Partial<Record<FieldName, string>>) => {
    setErrors(next);
    const first = FIELD_NAMES.find((field) => next[field]);
    // The first field with a message takes the focus, as react-hook-form does elsewhere.
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = CreateSecureLinkBody.safeParse({
      name,
      documentIds,
      requireEmailVerification: requireEmailVerification || isVerificationForced,
      allowedEmails,
      password: password === '' ? null : password,
      expiresAt: expiryFromPreset(expiry, new Date()),
      canDownload,
      watermark,
      ndaRequired,
    });
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        if (FIELD_NAMES.includes(field)) next[field] ??= issue.message;
      }
      return showErrors(next);
    }
    showErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ url, link }) => onCreated({ url, name: link.name }),
      onError: (error) => {
        const next: Partial<Record<FieldName, string>> = {};
        if (error instanceof ApiError) for (const field of FIELD_NAMES) if (error.fieldErrors[field]?.[0]) next[field] = error.fieldErrors[field][0];
        if (Object.keys(next).length > 0) showErrors(next);
        else setFormError(error.message);
      },
    });
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>New secure link</DialogTitle>
        <DialogDescription>Anyone with the link and the access you allow can view the chosen documents without an account.</DialogDescription>
      </DialogHeader>
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="New secure link">
        <fieldset disabled={create.isPending} className="grid gap-5">
          <FormField id="secure-link-name" label="Link name" error={errors.name} hint="For you only, e.g. the fund or the person you send it to.">
            {(control) => <Input {...control} data-field="name" maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />}
          </FormField>

          <DocumentChoices query={documents} chosen={documentIds} onChange={setDocumentIds} error={errors.documentIds} />

          <div className="grid gap-4 rounded-lg border p-4">
            <SwitchRow
              label="Require email verification"
              hint={
                isVerificationForced
                  ? 'Always on with an allow-list: a 6-digit code proves the visitor owns an allowed address.'
                  : 'Visitors enter a 6-digit code we email them, valid 10 minutes. Their email goes into the watermark.'
              }
              checked={requireEmailVerification || isVerificationForced}
              disabled={isVerificationForced}
              onCheckedChange={setRequireEmailVerification}
            />
            <FormField
              id="secure-link-allowed"
              label="Allowed emails or domains (optional)"
              error={errors.allowedEmails}
              hint="One a line or comma separated, e.g. jane@fund.com or @sequoia.com. Empty: anyone with the link."
            >
              {(control) => (
                <Textarea
                  {...control}
                  data-field="allowedEmails"
                  rows={3}
                  spellCheck={false}
                  autoCapitalize="none"
                  value={allowedText}
                  onChange={(event) => setAllowedText(event.target.value)}
                />
              )}
            </FormField>
            <FormField
              id="secure-link-password"
              label="Password (optional)"
              error={errors.password}
              hint="At least 6 characters. Send it separately from the link."
            >
              {(control) => (
                <Input
                  {...control}
                  data-field="password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
            </FormField>
          </div>

          <fieldset className="grid gap-3" aria-describedby={errors.expiresAt ? 'secure-link-expiry-error' : undefined}>
            <legend className="mb-3 text-sm leading-none font-medium">Link stops working after</legend>
            <RadioChoices name="secure-link-expiry" options={EXPIRY_PRESETS} value={expiry} onChange={setExpiry} className="grid-cols-2 sm:grid-cols-4" />
            {errors.expiresAt && (
              <p id="secure-link-expiry-error" role="alert" className="text-sm font-medium text-destructive">
                {errors.expiresAt}
              </p>
            )}
          </fieldset>

          <div className="grid gap-4 rounded-lg border p-4">
            <SwitchRow
              label="Allow downloads"
              hint="Off: view only. Watermarked PDFs download stamped with the visitor's email; other watermarked files cannot be downloaded."
              checked={canDownload}
              onCheckedChange={setCanDownload}
            />
            <SwitchRow
              label="Watermark"
              hint="Every page shows the visitor's email, your company name and the time."
              checked={watermark}
              onCheckedChange={setWatermark}
            />
            <SwitchRow
              label="Require NDA"
              hint="Visitors accept your data room's NDA, typing their full name, before they see anything."
              checked={ndaRequired}
              onCheckedChange={setNdaRequired}
            />
          </div>

          {formError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {formError}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              <PendingLabel isPending={create.isPending} pendingText="Creating...">
                Create link
              </PendingLabel>
            </Button>
          </DialogFooter>
        </fieldset>
      </form>
    </>
  );
}

function DocumentChoices({
  query,
  chosen,
  onChange,
  error,
}: {
  query: UseQueryResult<DocumentSummary[]>;
  chosen: number[];
  onChange: (next: number[]) => void;
  error?: string;
}) {
  const legend = <legend className="mb-3 text-sm leading-none font-medium">Documents</legend>;
  if (query.isPending) return <Spinner label="Loading your documents" showLabel className="flex items-center gap-2 text-sm text-muted-foreground" />;
  if (query.isError)
    return (
      <ErrorState
        compact
        title="We couldn't load your documents"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  if (query.data.length === 0)
    return (
      <fieldset className="grid gap-2">
        {legend}
        <p className="flex items-center gap-2 rounded-md border border-dashed px-3 py-3 text-sm text-muted-foreground">
          <FolderLock aria-hidden className="size-4 shrink-0" />
          Upload a document to your data room first; a link shares documents from it.
        </p>
      </fieldset>
    );
  const toggle = (id: number, isChecked: boolean) => onChange(isChecked ? [...chosen, id] : chosen.filter((chosenId) => chosenId !== id));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'secure-link-documents-error' : undefined}>
      {legend}
      <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-2">
        {query.data.map((document, index) => (
          <li key={document.id}>
            <label className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-accent/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
              <input
                type="checkbox"
                // The first box is where a "choose at least one" message sends the focus.
                data-field={index === 0 ? 'documentIds' : undefined}
                checked={chosen.includes(document.id)}
                onChange={(event) => toggle(document.id, event.target.checked)}
                className="size-4 shrink-0 accent-primary outline-none"
              />
              <span className="min-w-0 break-words">{document.name}</span>
              {document.category && <span className="ml-auto shrink-0 text-xs text-muted-foreground">{document.category}</span>}
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id="secure-link-documents-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The address, this once, with Copy. If the clipboard is refused the address is selected instead. */
function CreatedLink({ url, name, onDone }: { url: string; name: string; onDone: () => void }) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const copy = () => {
    navigator.clipboard
      .writeText(url)
      .then(() => setCopyState('copied'))
      .catch(() => {
        inputRef.current?.select();
        setCopyState('failed');
      });
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>Link created</DialogTitle>
        <DialogDescription className="break-words">"{name}" is ready to send.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-3">
        <p role="status" className="rounded-lg border border-primary/30 bg-accent px-4 py-3 text-sm font-medium text-accent-foreground">
          {LINK_SHOWN_ONCE_MESSAGE}
        </p>
        <label htmlFor="secure-link-url" className="text-sm font-medium">
          Link address
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input id="secure-link-url" ref={inputRef} readOnly value={url} onFocus={(event) => event.target.select()} className="font-mono text-xs" />
          <Button onClick={copy} className="shrink-0">
            {copyState === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copyState === 'copied' ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p aria-live="polite" className={cn('text-sm', copyState === 'failed' ? 'text-destructive' : 'text-muted-foreground')}>
          {copyState === 'copied' && 'The link is on your clipboard.'}
          {copyState === 'failed' && 'Your browser did not allow copying. The address is selected: copy it with Ctrl+C (⌘C on a Mac).'}
        </p>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}
