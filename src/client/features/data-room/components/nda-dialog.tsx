// The founder's NDA control (issue #20): require the NDA for the whole data room, edit its text
// (starting from the built-in mutual NDA with the company's name filled in), and read who accepted
// which version and when, with the log as CSV and a PDF certificate per acceptance. Each saved
// change of the text is a new version with its own hash, and asks everyone to accept again.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, FileSignature } from 'lucide-react';
import type { NdaAcceptance, NdaSettings } from '@shared/contracts/nda';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { SwitchRow } from '@/components/ui/switch-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { ndaAcceptanceLogUrl, ndaAcceptancesQuery, ndaCertificateUrl, ndaSettingsQuery, useUpdateNdaSettings } from '../api';

export function NdaDialog() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <FileSignature aria-hidden />
          NDA
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close NDA" className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>NDA</DialogTitle>
          <DialogDescription>Investors accept your non-disclosure agreement before they open the documents that require it.</DialogDescription>
        </DialogHeader>
        {isOpen && <NdaPanel onDone={() => setIsOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function NdaPanel({ onDone }: { onDone: () => void }) {
  const settings = useQuery(ndaSettingsQuery);
  if (settings.isPending) return <Spinner label="Loading your NDA" showLabel className="flex justify-center py-8" />;
  if (settings.isError)
    return (
      <ErrorState
        compact
        title="We couldn't load your NDA"
        message={settings.error.message}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  return (
    <>
      <NdaForm settings={settings.data} onDone={onDone} />
      <AcceptanceLog />
    </>
  );
}

function NdaForm({ settings, onDone }: { settings: NdaSettings; onDone: () => void }) {
  const id = useId();
  const save = useUpdateNdaSettings();
  const [isRequired, setIsRequired] = useState(settings.requiredForWholeRoom);
  const [text, setText] = useState(settings.current?.text ?? settings.templateText);
  const [error, setError] = useState<string>();
  const current = settings.current;
  const isChanged = current ? text.trim() !== current.text.trim() : true;

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        // The same text changes nothing; a new one becomes the next version.
        const body = isChanged
          ? { requiredForWholeRoom: isRequired, text, source: text.trim() === settings.templateText.trim() ? ('template' as const) : ('custom' as const) }
          : { requiredForWholeRoom: isRequired };
        save.mutate(body, {
          onSuccess: onDone,
          onError: (failure) => setError(failure instanceof ApiError ? (failure.fieldErrors.text?.[0] ?? failure.message) : failure.message),
        });
      }}
    >
      <SwitchRow
        label="Require an NDA for the whole data room"
        hint="Off: only the documents you mark with Require NDA ask for it."
        checked={isRequired}
        onCheckedChange={setIsRequired}
      />
      <div className="grid gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <label htmlFor={`${id}-text`} className="text-sm leading-none font-medium">
            NDA text
          </label>
          <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => setText(settings.templateText)}>
            Use the template
          </Button>
        </div>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={10}
          className="max-h-[40dvh] font-mono text-xs sm:text-xs"
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-version${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-version`} className="text-xs text-muted-foreground">
          {current
            ? `Version ${current.version} · hash ${current.contentHash.slice(0, 16)}… · saved ${formatDateTime(current.createdAt)}.`
            : 'No version saved yet: the template above becomes version 1.'}{' '}
          Saving a changed text asks everyone to accept again.
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : isChanged && current ? 'Save as a new version' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function AcceptanceLog() {
  const log = useQuery(ndaAcceptancesQuery);
  return (
    <section className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="nda-log-heading" className="text-base font-semibold">
          Acceptance log
        </h3>
        {log.data && log.data.length > 0 && (
          <Button asChild variant="outline" size="sm">
            <a href={ndaAcceptanceLogUrl} download>
              <Download aria-hidden />
              Download CSV
            </a>
          </Button>
        )}
      </div>
      {log.isPending ? (
        <Spinner label="Loading the acceptance log" showLabel className="flex justify-center py-6" />
      ) : log.isError ? (
        <ErrorState
          compact
          title="We couldn't load the acceptance log"
          message={log.error.message}
          onRetry={() => void log.refetch()}
          isRetrying={log.isFetching}
        />
      ) : log.data.length === 0 ? (
        <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">No one has accepted your NDA yet.</p>
      ) : (
        <AcceptanceTable acceptances={log.data} />
      )}
    </section>
  );
}

function AcceptanceTable({ acceptances }: { acceptances: NdaAcceptance[] }) {
  return (
    // Focusable so keyboard users can scroll it sideways on a narrow screen (WCAG 2.1.1).
    <div
      role="region"
      aria-labelledby="nda-log-heading"
      tabIndex={0}
      className="max-h-72 overflow-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-max min-w-full text-sm">
        <thead className="sticky top-0 bg-muted text-left text-xs font-medium text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2">
              Investor
            </th>
            <th scope="col" className="px-3 py-2">
              Typed name
            </th>
            <th scope="col" className="px-3 py-2">
              Email
            </th>
            <th scope="col" className="px-3 py-2">
              Version
            </th>
            <th scope="col" className="px-3 py-2">
              Accepted
            </th>
            <th scope="col" className="px-3 py-2">
              Via
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Certificate</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {acceptances.map((acceptance) => (
            <tr key={acceptance.id}>
              <td className="px-3 py-2">{acceptance.displayName}</td>
              <td className="px-3 py-2">{acceptance.typedName}</td>
              <td className="px-3 py-2">{acceptance.email}</td>
              <td className="px-3 py-2 tabular-nums">{acceptance.version}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={acceptance.acceptedAt}>{formatDateTime(acceptance.acceptedAt)}</time>
              </td>
              <td className="px-3 py-2">{acceptance.via === 'link' ? 'Secure link' : 'Platform'}</td>
              <td className="px-3 py-2">
                <Button asChild variant="ghost" size="sm">
                  <a href={ndaCertificateUrl(acceptance.id)} download aria-label={`Certificate for ${acceptance.typedName}, version ${acceptance.version}`}>
                    Certificate
                  </a>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
